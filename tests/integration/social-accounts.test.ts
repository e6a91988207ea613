import { env, SELF } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, authAccounts, twitchSubscriptions } from "#drizzle/schema";
import { eventsubSignature } from "#workers/core/social/twitch";
import { guestClient, json, memberClient } from "../factories/client";
import { db } from "../factories/db";
import { createUser } from "../factories/users";

/**
 * Gaming accounts on profiles (GET/POST /v1/social-account/, PATCH/DELETE /v1/social-account/{id}/, the services'
 * list with is_used, User (public) social_accounts) and Twitch streams in the activity stream (EventSub
 * subscriptions through the local Helix server, signed webhooks).
 */

const vars = env as unknown as { TWITCH_EVENTSUB_SECRET: string; TWITCH_API_URL: string };

interface Schema {
  id: string;
  title: string;
  is_link: boolean;
  url_pattern: string | null;
  is_used: boolean;
  background: string;
  icon: string;
}

describe("gaming accounts", () => {
  it("lists the fourteen services, is_used for the member's own", async () => {
    const { client } = await memberClient();
    const before = await json<Schema[]>(await client.get("/social-account/schemas/"));
    expect(before.map((s) => s.title)).toEqual([
      "Steam",
      "PlayStation Network",
      "Xbox",
      "Nintendo",
      "Battle.net",
      "Epic Games",
      "EA",
      "Ubisoft",
      "GOG",
      "Twitch",
      "YouTube",
      "Telegram",
      "VK",
      "Discord",
    ]);
    expect(before.every((s) => !s.is_used && /^#[0-9a-f]{6}$/.test(s.background) && s.icon)).toBe(true);
    expect(before.find((s) => s.id === "twitch")).toMatchObject({
      is_link: true,
      url_pattern: "https://www.twitch.tv/{uid}",
    });
    expect(before.find((s) => s.id === "battlenet")?.is_link).toBe(false);
    expect((await client.post("/social-account/", { schema: "twitch", social_uid: "kostyor_live" })).status).toBe(201);
    const after = await json<Schema[]>(await client.get("/social-account/schemas/"));
    expect(after.filter((s) => s.is_used).map((s) => s.id)).toEqual(["twitch"]);
  });

  it("creates, changes and deletes; one per service; ids checked per service; public on the profile", async () => {
    const { client, user } = await memberClient();
    const created = await client.post("/social-account/", { schema: "battlenet", social_uid: " Гордон#1234 " });
    expect(created.status).toBe(201);
    const account = await json<{ id: number; schema: string; social_uid: string }>(created);
    expect(account).toMatchObject({ schema: "battlenet", social_uid: "Гордон#1234" });

    const again = await client.post("/social-account/", { schema: "battlenet", social_uid: "Другой#5678" });
    expect(again.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(again)).errors.schema[0]).toContain("уже добавлен");

    const bad = await client.post("/social-account/", { schema: "nintendo", social_uid: "1234" });
    expect(bad.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(bad)).errors.social_uid[0]).toContain("SW-1234-5678-9012");
    expect((await client.post("/social-account/", { schema: "myspace", social_uid: "x" })).status).toBe(400);
    expect((await client.post("/social-account/", { schema: "telegram", social_uid: "@kostyor_chat" })).status).toBe(
      201,
    );
    expect((await client.post("/social-account/", { schema: "steam", social_uid: "76561198000000042" })).status).toBe(
      201,
    );

    const patched = await client.patch(`/social-account/${account.id}/`, { social_uid: "Гордон#4321" });
    expect((await json<{ social_uid: string }>(patched)).social_uid).toBe("Гордон#4321");
    expect((await client.patch(`/social-account/${account.id}/`, { social_uid: "без решётки" })).status).toBe(400);

    const guest = await guestClient();
    const profile = await json<{ social_accounts: Record<string, unknown>[] }>(await guest.get(`/user/${user.id}/`));
    expect(profile.social_accounts).toEqual([
      {
        title: "Steam",
        social_uid: "76561198000000042",
        is_link: true,
        icon: "ST",
        background: "#171a21",
        url: "https://steamcommunity.com/profiles/76561198000000042",
      },
      { title: "Battle.net", social_uid: "Гордон#4321", is_link: false, icon: "BN", background: "#0b6fd6", url: null },
      {
        title: "Telegram",
        social_uid: "kostyor_chat",
        is_link: true,
        icon: "TG",
        background: "#177ab3",
        url: "https://t.me/kostyor_chat",
      },
    ]);

    const mine = await json<{ id: number }[]>(await client.get("/social-account/"));
    expect(mine).toHaveLength(3);
    expect((await client.delete(`/social-account/${account.id}/`)).status).toBe(200);
    expect(await json<unknown[]>(await client.get("/social-account/"))).toHaveLength(2);
  });

  it("nobody changes or deletes another member's account; guests cannot add", async () => {
    const owner = await memberClient();
    const created = await json<{ id: number }>(
      await owner.client.post("/social-account/", { schema: "xbox", social_uid: "Master Chief" }),
    );
    const other = await memberClient();
    expect((await other.client.patch(`/social-account/${created.id}/`, { social_uid: "Arbiter" })).status).toBe(404);
    expect((await other.client.delete(`/social-account/${created.id}/`)).status).toBe(404);
    const guest = await guestClient();
    expect((await guest.post("/social-account/", { schema: "xbox", social_uid: "Guest" })).status).toBe(401);
  });

  it("an unactivated member cannot add one and is told why", async () => {
    const { client } = await memberClient({ isActivated: false });
    const res = await client.post("/social-account/", { schema: "gog", social_uid: "kostyor" });
    expect(res.status).toBe(403);
    expect((await json<{ detail: string }>(res)).detail).toContain("не активирован");
  });
});

async function helixCalls(): Promise<
  { method: string; id: string; body?: { condition?: { broadcaster_user_id?: string } } }[]
> {
  const base = vars.TWITCH_API_URL.replace(/\/helix$/, "");
  return (await fetch(`${base}/__helix`)).json();
}

async function deliver(
  type: string,
  body: unknown,
  options: { id?: string; timestamp?: string; secret?: string } = {},
): Promise<Response> {
  const raw = JSON.stringify(body);
  const id = options.id ?? crypto.randomUUID();
  const timestamp = options.timestamp ?? new Date().toISOString();
  const signature = await eventsubSignature(options.secret ?? vars.TWITCH_EVENTSUB_SECRET, id, timestamp, raw);
  return SELF.fetch("http://localhost/webhooks/twitch/eventsub", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Twitch-Eventsub-Message-Id": id,
      "Twitch-Eventsub-Message-Timestamp": timestamp,
      "Twitch-Eventsub-Message-Signature": signature,
      "Twitch-Eventsub-Message-Type": type,
    },
    body: raw,
  });
}

function online(broadcaster: string, login: string) {
  return {
    subscription: { id: crypto.randomUUID(), type: "stream.online", version: "1", status: "enabled" },
    event: {
      id: "1",
      broadcaster_user_id: broadcaster,
      broadcaster_user_login: login,
      broadcaster_user_name: login,
      type: "live",
    },
  };
}

async function twitchItems(userId: number) {
  return db()
    .select()
    .from(activities)
    .where(eq(activities.sourceKey, `twitch:${userId}`))
    .orderBy(desc(activities.id));
}

describe("Twitch streams in the activity stream", () => {
  it("subscribes when the setting is turned on, posts type 5 when the stream goes live, unsubscribes when off", async () => {
    const { client, user } = await memberClient();
    const broadcaster = String(100000 + Math.floor(Math.random() * 1e8));
    await db().insert(authAccounts).values({ userId: user.id, provider: "twitch", uid: broadcaster, name: "Стример" });

    expect((await client.patch("/user/me/", { settings: { is_twitch_activity_enabled: true } })).status).toBe(200);
    const sub = await db().query.twitchSubscriptions.findFirst({ where: eq(twitchSubscriptions.userId, user.id) });
    expect(sub?.broadcasterId).toBe(broadcaster);
    const created = (await helixCalls()).find((c) => c.method === "POST" && c.id === sub?.subscriptionId);
    expect(created?.body?.condition?.broadcaster_user_id).toBe(broadcaster);

    const live = await deliver("notification", online(broadcaster, "kostyor_stream"));
    expect(live.status).toBe(204);
    const [item] = await twitchItems(user.id);
    expect(item).toMatchObject({ type: 5, title: "kostyor_stream", titleUrl: "https://www.twitch.tv/kostyor_stream" });

    expect((await client.patch("/user/me/", { settings: { is_twitch_activity_enabled: false } })).status).toBe(200);
    expect(
      await db().query.twitchSubscriptions.findFirst({ where: eq(twitchSubscriptions.userId, user.id) }),
    ).toBeUndefined();
    expect((await helixCalls()).some((c) => c.method === "DELETE" && c.id === sub?.subscriptionId)).toBe(true);
    await deliver("notification", online(broadcaster, "kostyor_stream"));
    expect(await twitchItems(user.id)).toHaveLength(1);
  });

  it("answers Twitch's challenge, refuses bad signatures and stale or replayed messages", async () => {
    const challenge = await deliver("webhook_callback_verification", {
      challenge: "pogchamp-kappa-360noscope",
      subscription: { id: crypto.randomUUID(), type: "stream.online" },
    });
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toBe("pogchamp-kappa-360noscope");

    const user = await createUser({ settings: { is_twitch_activity_enabled: true } });
    const broadcaster = String(100000 + Math.floor(Math.random() * 1e8));
    await db()
      .insert(twitchSubscriptions)
      .values({ userId: user.id, broadcasterId: broadcaster, subscriptionId: "s1" });
    const forged = await deliver("notification", online(broadcaster, "x"), { secret: "not-the-secret-at-all" });
    expect(forged.status).toBe(403);
    const stale = await deliver("notification", online(broadcaster, "x"), {
      timestamp: new Date(Date.now() - 11 * 60 * 1000).toISOString(),
    });
    expect(stale.status).toBe(403);
    expect(await twitchItems(user.id)).toHaveLength(0);

    const id = crypto.randomUUID();
    expect((await deliver("notification", online(broadcaster, "live_once"), { id })).status).toBe(204);
    expect((await deliver("notification", online(broadcaster, "live_once"), { id })).status).toBe(204);
    expect(await twitchItems(user.id)).toHaveLength(1);
  });

  it("a revoked subscription is forgotten", async () => {
    const user = await createUser();
    await db()
      .insert(twitchSubscriptions)
      .values({ userId: user.id, broadcasterId: "77", subscriptionId: "revoked-1" });
    const res = await deliver("revocation", {
      subscription: { id: "revoked-1", type: "stream.online", status: "authorization_revoked" },
    });
    expect(res.status).toBe(204);
    expect(
      await db().query.twitchSubscriptions.findFirst({ where: eq(twitchSubscriptions.userId, user.id) }),
    ).toBeUndefined();
  });
});

describe("Twitch linked after the setting was turned on", () => {
  it("subscribes when the account is linked", async () => {
    const { client, user } = await memberClient({ settings: { is_twitch_activity_enabled: true } });
    const broadcaster = String(100000 + Math.floor(Math.random() * 1e8));
    const start = await client.request("GET", "http://localhost/auth/twitch/login?next=/");
    const authorize = new URL(start.headers.get("Location") ?? "");
    authorize.searchParams.set("test_sub", broadcaster);
    const callback = (await fetch(authorize, { redirect: "manual" })).headers.get("Location") ?? "";
    expect((await client.request("GET", callback)).headers.get("Location")).toBe("/");
    const sub = await db().query.twitchSubscriptions.findFirst({ where: eq(twitchSubscriptions.userId, user.id) });
    expect(sub?.broadcasterId).toBe(broadcaster);
  });
});
