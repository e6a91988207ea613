import { env } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authAccounts, invitations, mailOutbox, users } from "#drizzle/schema";
import { openFlow, sealFlow } from "#workers/platform/oauth-flow";
import { type ApiClient, clientFor, guestClient, json, memberClient } from "../factories/client";
import { setFlags } from "../factories/context";
import { db } from "../factories/db";
import { createUser, uniqueName } from "../factories/users";

/**
 * Social sign-in through the whole redirect dance against a real OAuth 2.0 / OIDC server process
 * (tests/servers/oauth-provider.mjs, oauth2-mock-server; Steam OpenID 2.0 next to it): the Worker sends the
 * browser to the provider, the provider sends it back, the Worker exchanges the code (PKCE), reads the profile
 * and decides. Every outcome of docs/decisions/0029-social-sign-in.md, and the refusals.
 */

const SECRET = (env as unknown as { SECRET_KEY: string }).SECRET_KEY;

interface Identity {
  test_sub?: string;
  test_steamid?: string;
  test_name?: string;
  test_email?: string;
  test_verified?: "1";
  test_avatar?: "1";
  test_error?: string;
  test_broken?: "1";
}

function unique(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** Starts at the Worker, passes the provider (as the browser would), returns the callback URL it sends back. */
async function toProvider(client: ApiClient, provider: string, identity: Identity, query = ""): Promise<string> {
  const start = await client.request("GET", `${client.origin}/auth/${provider}/login${query}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("Location") ?? "");
  expect(authorize.port).not.toBe("");
  for (const [key, value] of Object.entries(identity)) authorize.searchParams.set(key, value);
  const atProvider = await fetch(authorize, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  return atProvider.headers.get("Location") ?? "";
}

/** The whole round trip; returns where the Worker finally sends the browser. */
async function dance(client: ApiClient, provider: string, identity: Identity, query = "?next=/bonfire") {
  const callback = await toProvider(client, provider, identity, query);
  const done = await client.request("GET", callback);
  expect(done.status).toBe(302);
  return { location: done.headers.get("Location") ?? "", callback, done };
}

async function me(client: ApiClient) {
  const res = await client.get("/user/me/");
  return res.status === 200
    ? json<{ id: number; username: string; auth_accounts: { id: number; provider: string }[] }>(res)
    : null;
}

async function linkedUser(provider: string, uid: string) {
  const link = await db().query.authAccounts.findFirst({
    where: and(eq(authAccounts.provider, provider), eq(authAccounts.uid, uid)),
  });
  return link ? db().query.users.findFirst({ where: eq(users.id, link.userId) }) : undefined;
}

describe("social sign-in round trips", () => {
  it("signs up a new member with the provider's name and avatar, then signs the same account in", async () => {
    const sub = unique("g");
    const name = `Огонёк ${uniqueName("g").slice(-6)}`;
    const email = `${sub}@example.test`;
    const client = await guestClient();
    const { location } = await dance(client, "google", {
      test_sub: sub,
      test_name: name,
      test_email: email,
      test_verified: "1",
      test_avatar: "1",
    });
    expect(location).toBe("/bonfire");
    const first = await me(client);
    expect(first?.username).toBe(name.replace(" ", "_"));
    expect(first?.auth_accounts.map((a) => a.provider)).toEqual(["google"]);
    const row = await linkedUser("google", sub);
    expect(row?.email).toBe(email);
    expect(row?.isActivated).toBe(true);
    expect(row?.avatarKey).toMatch(/^avatars\//);
    expect(row?.passwordHash).toBe("");

    const again = await guestClient();
    expect((await dance(again, "google", { test_sub: sub })).location).toBe("/bonfire");
    expect((await me(again))?.id).toBe(first?.id);
  });

  it("reads each provider's own profile shape (VK ID, Yandex ID, Twitch, Discord)", async () => {
    for (const provider of ["vk", "yandex", "twitch", "discord"]) {
      const sub = String(Date.now()) + Math.floor(Math.random() * 1000);
      const client = await guestClient();
      const { location } = await dance(client, provider, { test_sub: sub, test_name: `Player ${provider}` });
      expect(location, provider).toBe("/bonfire");
      const user = await linkedUser(provider, sub);
      expect(user?.username, provider).toMatch(new RegExp(`^Player_${provider}`));
    }
  });

  it("drops an e-mail the site would not accept itself", async () => {
    const sub = unique("g");
    const client = await guestClient();
    const { location } = await dance(client, "google", {
      test_sub: sub,
      test_email: "not an e-mail",
      test_verified: "1",
    });
    expect(location).toBe("/bonfire");
    const user = await linkedUser("google", sub);
    expect(user?.email).toBe("");
    expect(user?.isActivated).toBe(true);
  });

  it("makes the provider's name unique and never like another member's", async () => {
    const taken = await createUser({ username: uniqueName("taken") });
    const client = await guestClient();
    await dance(client, "discord", { test_sub: unique("d"), test_name: taken.username.toUpperCase() });
    const mine = await me(client);
    expect(mine?.username).not.toBe(taken.username);
    expect(mine?.username.toLowerCase().startsWith(taken.username.toLowerCase())).toBe(true);
  });

  it("links a new account to the signed-in member, who then signs in with either", async () => {
    const { client, user } = await memberClient();
    const sub = unique("tw");
    const { location } = await dance(client, "twitch", { test_sub: sub, test_name: "Streamer" });
    expect(location).toBe("/bonfire");
    expect((await me(client))?.auth_accounts.map((a) => a.provider)).toEqual(["twitch"]);
    expect((await linkedUser("twitch", sub))?.id).toBe(user.id);
    const elsewhere = await guestClient();
    await dance(elsewhere, "twitch", { test_sub: sub });
    expect((await me(elsewhere))?.id).toBe(user.id);
  });

  it("refuses an account linked to someone else: associated", async () => {
    const sub = unique("d");
    const owner = await memberClient();
    await dance(owner.client, "discord", { test_sub: sub });
    const other = await memberClient();
    const { location } = await dance(other.client, "discord", { test_sub: sub });
    expect(location).toBe("/bonfire?ecode=associated");
    expect((await linkedUser("discord", sub))?.id).toBe(owner.user.id);
  });

  it("never joins a new sign-in to an existing member by e-mail: associated", async () => {
    const existing = await createUser();
    const client = await guestClient();
    const { location } = await dance(client, "google", {
      test_sub: unique("g"),
      test_email: existing.email.toUpperCase(),
      test_verified: "1",
    });
    expect(location).toBe("/bonfire?ecode=associated");
    expect(await me(client)).toBeNull();
  });

  it("the provider's cancel: canceled, back where the member was", async () => {
    const client = await guestClient();
    const { location } = await dance(client, "yandex", { test_error: "access_denied" }, "?next=/posts/abc?x=1");
    expect(location).toBe("/posts/abc?x=1&ecode=canceled");
    const steam = await guestClient();
    expect((await dance(steam, "steam", { test_error: "cancel" }, "?next=/")).location).toBe("/?ecode=canceled");
  });

  it("a provider error other than a cancel: internal", async () => {
    const client = await guestClient();
    expect((await dance(client, "vk", { test_error: "server_error" })).location).toBe("/bonfire?ecode=internal");
  });

  it("invitation-only sign-up: notallowed without a code, through with one", async () => {
    await setFlags({ is_sign_up_invitation_only: true });
    try {
      const client = await guestClient();
      const sub = unique("g");
      const { location } = await dance(client, "google", { test_sub: sub });
      expect(location).toBe("/bonfire?ecode=notallowed");
      expect(await linkedUser("google", sub)).toBeUndefined();

      const inviter = await createUser();
      const code = `inv-${crypto.randomUUID().slice(0, 12)}`;
      await db()
        .insert(invitations)
        .values({ code, userId: inviter.id, expiresAt: new Date(Date.now() + 86_400_000) });
      const invited = await guestClient();
      const through = await dance(
        invited,
        "google",
        { test_sub: sub, test_name: "Приглашённый" },
        `?next=/&code=${code}`,
      );
      expect(through.location).toBe("/");
      const user = await linkedUser("google", sub);
      expect(user?.invitedBy).toBe(inviter.id);
      const used = await db().query.invitations.findFirst({ where: eq(invitations.code, code) });
      expect(used?.usedBy).toBe(user?.id);
    } finally {
      await setFlags({ is_sign_up_invitation_only: false });
    }
  });

  it("an e-mail the provider does not vouch for: email, an activation mail, no writing until the link is opened", async () => {
    const sub = unique("d");
    const email = `${sub}@example.test`;
    const client = await guestClient();
    const { location } = await dance(client, "discord", { test_sub: sub, test_name: "Новичок", test_email: email });
    expect(location).toBe("/bonfire?ecode=email");
    const user = await linkedUser("discord", sub);
    expect(user?.isActivated).toBe(false);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail.kind).toBe("activation");
    const link = /http:\/\/localhost(\/auth\/activate\?\S+)/.exec(mail.text)?.[1] ?? "";
    expect(link).toContain(`uid=${user?.id}`);

    const write = await client.post("/shout/", { headline: "Привет всем у костра" });
    expect(write.status).toBe(403);
    expect((await json<{ detail: string }>(write)).detail).toMatch(/не активирован/);

    const opened = await client.request("GET", `http://localhost${link}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("активирован");
    expect((await linkedUser("discord", sub))?.isActivated).toBe(true);
    const twice = await client.request("GET", `http://localhost${link}`);
    expect(await twice.text()).toContain("недействительна");
  });

  it("a profile the site cannot read: unknown (ask an admin), nobody signed up", async () => {
    for (const provider of ["yandex", "discord"]) {
      const sub = unique("y");
      const client = await guestClient();
      expect((await dance(client, provider, { test_sub: sub, test_broken: "1" })).location, provider).toBe(
        "/bonfire?ecode=unknown",
      );
      expect(await me(client)).toBeNull();
      expect(await linkedUser(provider, sub)).toBeUndefined();
    }
  });

  it("a banned member signs in and reads, as with a password (decision 0024)", async () => {
    const sub = unique("y");
    const banned = await createUser({ isBanned: true });
    await db().insert(authAccounts).values({ userId: banned.id, provider: "yandex", uid: sub });
    const client = await guestClient();
    expect((await dance(client, "yandex", { test_sub: sub })).location).toBe("/bonfire");
  });

  it("refuses a callback whose state is not the flow's", async () => {
    const client = await guestClient();
    const sub = unique("g");
    const callback = new URL(await toProvider(client, "google", { test_sub: sub }, "?next=/"));
    callback.searchParams.set("state", "forged-state-forged-state-forged");
    const done = await client.request("GET", callback.href);
    expect(done.headers.get("Location")).toBe("/?ecode=internal");
    expect(await linkedUser("google", sub)).toBeUndefined();
  });

  it("refuses a callback without the flow cookie (another browser)", async () => {
    const client = await guestClient();
    const callback = await toProvider(client, "discord", { test_sub: unique("d") }, "?next=/");
    const stranger = await guestClient();
    const done = await stranger.request("GET", callback);
    expect(done.headers.get("Location")).toBe("/?ecode=internal");
  });

  it("a PKCE verifier that does not match the challenge is refused by the provider", async () => {
    const client = await guestClient();
    const sub = unique("g");
    const callback = await toProvider(client, "google", { test_sub: sub }, "?next=/");
    const flow = await openFlow(SECRET, client.cookies.get("oauthflow"), new Date());
    expect(flow).not.toBeNull();
    if (!flow) throw new Error("no flow cookie");
    // The right state, another (well-formed) verifier: only the provider can tell.
    const forged = { ...flow, v: "A".repeat(43) };
    client.cookies.set("oauthflow", await sealFlow(SECRET, forged));
    const done = await client.request("GET", callback);
    expect(done.headers.get("Location")).toBe("/?ecode=internal");
    expect(await linkedUser("google", sub)).toBeUndefined();
  });

  it("a round trip's state works once, even with a second valid code from the provider", async () => {
    const client = await guestClient();
    const start = await client.request("GET", `${client.origin}/auth/discord/login?next=/`);
    const authorize = new URL(start.headers.get("Location") ?? "");
    authorize.searchParams.set("test_sub", unique("d"));
    const codes = [];
    for (let i = 0; i < 2; i++)
      codes.push((await fetch(authorize, { redirect: "manual" })).headers.get("Location") ?? "");
    const cookie = client.cookies.get("oauthflow") ?? "";
    expect((await client.request("GET", codes[0])).headers.get("Location")).toBe("/");
    const again = await guestClient();
    again.cookies.set("oauthflow", cookie);
    expect((await again.request("GET", codes[1])).headers.get("Location")).toBe("/?ecode=internal");
    expect(await me(again)).toBeNull();
  });

  it("refuses a replayed callback (same URL, same cookie)", async () => {
    const client = await guestClient();
    const sub = unique("d");
    const callback = await toProvider(client, "discord", { test_sub: sub }, "?next=/");
    const cookie = client.cookies.get("oauthflow") ?? "";
    const first = await client.request("GET", callback);
    expect(first.headers.get("Location")).toBe("/");
    const attacker = await guestClient();
    attacker.cookies.set("oauthflow", cookie);
    const replay = await attacker.request("GET", callback);
    expect(replay.headers.get("Location")).toBe("/?ecode=internal");
    expect(await me(attacker)).toBeNull();
  });

  it("a flow started by one member cannot be finished by another session", async () => {
    const { client } = await memberClient();
    const callback = await toProvider(client, "twitch", { test_sub: unique("t") }, "?next=/");
    const cookie = client.cookies.get("oauthflow") ?? "";
    const guest = await guestClient();
    guest.cookies.set("oauthflow", cookie);
    expect((await guest.request("GET", callback)).headers.get("Location")).toBe("/?ecode=internal");
  });

  it("never returns to another site or into /auth/", async () => {
    for (const next of ["https://evil.example/", "//evil.example", "/auth/sign-in", "/\\evil.example"]) {
      const client = await guestClient();
      const { location } = await dance(
        client,
        "google",
        { test_sub: unique("g") },
        `?next=${encodeURIComponent(next)}`,
      );
      expect(location, next).toBe("/");
    }
  });

  it("an unknown or unconfigured provider is a 404", async () => {
    const client = await guestClient();
    const res = await client.request("GET", "http://localhost/auth/myspace/login");
    expect(res.status).toBe(404);
  });
});

describe("Steam (OpenID 2.0, verified with check_authentication)", () => {
  it("signs up with the Steam name, and signs the same SteamID in again", async () => {
    const steamId = `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
    const client = await guestClient();
    const { location } = await dance(client, "steam", { test_steamid: steamId, test_name: "Гордон", test_avatar: "1" });
    expect(location).toBe("/bonfire");
    const user = await linkedUser("steam", steamId);
    expect(user?.username).toMatch(/^Гордон/);
    expect(user?.email).toBe("");
    expect(user?.avatarKey).toMatch(/^avatars\//);
    const again = await guestClient();
    await dance(again, "steam", { test_steamid: steamId });
    expect((await me(again))?.id).toBe(user?.id);
  });

  it("refuses an assertion changed on the way (Steam says is_valid:false)", async () => {
    const client = await guestClient();
    const callback = new URL(await toProvider(client, "steam", { test_steamid: "76561198000000042" }, "?next=/"));
    const other = "https://steamcommunity.com/openid/id/76561198000000099";
    callback.searchParams.set("openid.claimed_id", other);
    callback.searchParams.set("openid.identity", other);
    const done = await client.request("GET", callback.href);
    expect(done.headers.get("Location")).toBe("/?ecode=internal");
    expect(await linkedUser("steam", "76561198000000099")).toBeUndefined();
  });

  it("refuses a replayed Steam callback", async () => {
    const steamId = `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
    const client = await guestClient();
    const callback = await toProvider(client, "steam", { test_steamid: steamId }, "?next=/");
    const cookie = client.cookies.get("oauthflow") ?? "";
    expect((await client.request("GET", callback)).headers.get("Location")).toBe("/");
    const attacker = await guestClient();
    attacker.cookies.set("oauthflow", cookie);
    expect((await attacker.request("GET", callback)).headers.get("Location")).toBe("/?ecode=internal");
  });
});

describe("linked accounts in settings", () => {
  it("disconnects an account, but never the last way to sign in", async () => {
    const sub = unique("g");
    const client = await guestClient();
    await dance(client, "google", { test_sub: sub, test_email: `${sub}@example.test`, test_verified: "1" });
    const [google] = (await me(client))?.auth_accounts ?? [];
    const refused = await client.form(`/disconnect/google/${google.id}/`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("единственный способ входа");

    await dance(client, "discord", { test_sub: unique("d") });
    expect((await me(client))?.auth_accounts).toHaveLength(2);
    const ok = await client.form(`/disconnect/google/${google.id}/`, {});
    expect(ok.status).toBe(200);
    expect((await me(client))?.auth_accounts.map((a) => a.provider)).toEqual(["discord"]);
  });

  it("a member with a password may disconnect the only linked account; nobody else's", async () => {
    const { client, user } = await memberClient();
    await dance(client, "yandex", { test_sub: unique("y") });
    const [yandex] = (await me(client))?.auth_accounts ?? [];
    const stranger = await clientFor(await createUser());
    expect((await stranger.form(`/disconnect/yandex/${yandex.id}/`, {})).status).toBe(404);
    expect((await client.form(`/disconnect/yandex/${yandex.id}/`, { csrf: "forged" })).status).toBe(403);
    // As the spec's client sends it: the CSRF token in X-CSRFTOKEN, no form.
    const viaHeader = await client.request("POST", `http://localhost/disconnect/yandex/${yandex.id}/`);
    expect(viaHeader.status).toBe(200);
    expect((await json<{ detail: string }>(viaHeader)).detail).toBe("Аккаунт Яндекс ID отключён.");
    const left = await db().select().from(authAccounts).where(eq(authAccounts.userId, user.id));
    expect(left).toHaveLength(0);
  });
});

describe("e-mail activation of an ordinary sign-up", () => {
  it("while the site asks for it: the member is mailed a link and cannot write until it is opened", async () => {
    await setFlags({ is_email_activation_required: true });
    try {
      const client = await guestClient();
      const name = uniqueName("act");
      const email = `${name}@example.test`;
      const res = await client.post("/auth/sign-up/", { username: name, email, password: "Костёр-горит-2024-!" });
      expect(res.status).toBe(201);
      expect((await json<{ is_activated: boolean }>(res)).is_activated).toBe(false);
      const write = await client.post("/shout/", { headline: "Первая записка у костра" });
      expect(write.status).toBe(403);
      const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(mail.kind).toBe("activation");
      const link = /http:\/\/localhost(\/auth\/activate\?\S+)/.exec(mail.text)?.[1] ?? "";
      expect((await client.request("GET", `http://localhost${link}`)).status).toBe(200);
      expect((await json<{ is_activated: boolean }>(await client.get("/user/me/"))).is_activated).toBe(true);
    } finally {
      await setFlags({ is_email_activation_required: false });
    }
  });

  it("a wrong or foreign token activates nobody and voids nothing", async () => {
    const client = await guestClient();
    const user = await createUser({ isActivated: false });
    const res = await client.request("GET", `http://localhost/auth/activate?uid=${user.id}&token=forged-token`);
    expect(await res.text()).toContain("недействительна");
    expect((await db().query.users.findFirst({ where: eq(users.id, user.id) }))?.isActivated).toBe(false);
  });
});

describe("a new activation link", () => {
  it("is mailed to the unactivated member who asks, a few times an hour, and to nobody else", async () => {
    const { client, user } = await memberClient({ isActivated: false });
    const res = await client.form("/auth/activate", {});
    expect(res.status).toBe(200);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.map((m) => m.kind)).toEqual(["activation"]);
    for (let i = 0; i < 2; i++) expect((await client.form("/auth/activate", {})).status).toBe(200);
    expect((await client.form("/auth/activate", {})).status).toBe(429);

    const active = await memberClient();
    expect((await active.client.form("/auth/activate", {})).status).toBe(409);
    const guest = await guestClient();
    expect((await guest.form("/auth/activate", {})).status).toBe(401);
  });
});
