import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { guestClient, json, memberClient } from "#tests/factories/client";
import { openSocket, settle, socketsClosedAfterEach } from "#tests/factories/sockets";
import { deliver } from "#workers/realtime/publish";

const socket = socketsClosedAfterEach();

const activity = (id: number) => ({
  type: "activity_deleted" as const,
  obj: { id },
});

describe("the /ws/ door", () => {
  it("refuses a plain request and a page of another site", async () => {
    const plain = await SELF.fetch("http://localhost/ws/");
    expect(plain.status).toBe(426);
    expect((await json(plain)).detail).toBe("Ожидается подключение WebSocket.");
    const { client } = await memberClient();
    await expect(openSocket(client, { origin: "https://evil.example" })).rejects.toThrow(/403/);
  });

  it("answers a ping with a pong", async () => {
    const s = await socket();
    await s.ping("/posts/x");
    expect(s.all("pong").length).toBeGreaterThanOrEqual(2);
  });
});

describe("audiences", () => {
  it("everyone gets an event for all, with a growing sequence id", async () => {
    const guest = await socket();
    const { client } = await memberClient();
    const member = await socket(client);
    await deliver(env, 1, activity(1), { kind: "all" });
    await deliver(env, 1, activity(2), { kind: "all" });
    const first = await guest.next((m) => m.type === "activity_deleted" && m.obj.id === 1);
    const second = await guest.next((m) => m.type === "activity_deleted" && m.obj.id === 2);
    expect(first.seq).toBeTypeOf("number");
    expect(second.seq).toBeGreaterThan(first.seq ?? Number.POSITIVE_INFINITY);
    await member.next((m) => m.type === "activity_deleted" && m.obj.id === 2);
  });

  it("a socket without a session gets no member-only events", async () => {
    const guest = await socket();
    const { client } = await memberClient();
    const member = await socket(client);
    await deliver(env, 1, activity(10), { kind: "members" });
    await member.next((m) => m.type === "activity_deleted" && m.obj.id === 10);
    await settle();
    expect(guest.all("activity_deleted").some((m) => m.obj.id === 10)).toBe(false);
  });

  it("an event for one member reaches all of their tabs and nobody else", async () => {
    const { client, user } = await memberClient();
    const { client: otherClient } = await memberClient();
    const tab1 = await socket(client);
    const tab2 = await socket(client);
    const other = await socket(otherClient);
    const sent = await deliver(env, 1, activity(20), { kind: "user", id: user.id });
    expect(sent).toBe(2);
    await tab1.next((m) => m.type === "activity_deleted" && m.obj.id === 20);
    await tab2.next((m) => m.type === "activity_deleted" && m.obj.id === 20);
    await settle();
    expect(other.all("activity_deleted").some((m) => m.obj.id === 20)).toBe(false);
  });

  it("a route event reaches the sockets whose last ping named that route", async () => {
    const reader = await socket(undefined, { route: "/posts/live-one/" });
    const elsewhere = await socket(undefined, { route: "/" });
    const moved = await socket(undefined, { route: "/posts/live-one" });
    await moved.ping("/tags/x");
    await deliver(env, 1, activity(30), { kind: "route", route: "/posts/live-one" });
    await reader.next((m) => m.type === "activity_deleted" && m.obj.id === 30);
    await settle();
    expect(elsewhere.all("activity_deleted").some((m) => m.obj.id === 30)).toBe(false);
    expect(moved.all("activity_deleted").some((m) => m.obj.id === 30)).toBe(false);
  });

  it("with several shards an event for all is delivered by each shard once", async () => {
    const sockets = await Promise.all(Array.from({ length: 6 }, () => socket()));
    const sent = await deliver(env, 3, activity(40), { kind: "all" });
    // Sockets opened through the door land on the configured single shard; the other shards hold none.
    expect(sent).toBe(await env.CHANNEL.get(env.CHANNEL.idFromName("shard-0")).count());
    for (const s of sockets) await s.next((m) => m.type === "activity_deleted" && m.obj.id === 40);
    for (const s of sockets) expect(s.all("activity_deleted").filter((m) => m.obj.id === 40)).toHaveLength(1);
  });
});

describe("presence", () => {
  it("a member with two tabs is online once and stays online until the last tab closes", async () => {
    const { client: watcherClient } = await memberClient();
    const watcher = await socket(watcherClient);
    const { client, user } = await memberClient();
    const tab1 = await socket(client);
    await watcher.next((m) => m.type === "user_connected" && m.obj.id === user.id);
    const tab2 = await socket(client);
    await settle();
    expect(watcher.all("user_connected").filter((m) => m.obj.id === user.id)).toHaveLength(1);

    const meta = await json<{ online: number[] }>(await watcherClient.get("/user/meta/"));
    expect(meta.online).toContain(user.id);

    tab1.close();
    await settle(300);
    expect(watcher.all("user_disconnected").some((m) => m.obj.id === user.id)).toBe(false);
    expect((await json<{ online: number[] }>(await watcherClient.get("/user/meta/"))).online).toContain(user.id);

    tab2.close();
    const gone = await watcher.event("user_disconnected", (o) => o.id === user.id);
    expect(gone.obj.datetime_last_seen).toBeTruthy();
    expect((await json<{ online: number[] }>(await watcherClient.get("/user/meta/"))).online).not.toContain(user.id);
    const profile = await json<{ datetime_last_seen: string }>(await watcherClient.get(`/user/${user.id}/`));
    expect(profile.datetime_last_seen).toBe(gone.obj.datetime_last_seen);
  });

  it("a member's socket is told who is online as it opens, itself included", async () => {
    const { client: firstClient, user: first } = await memberClient();
    await socket(firstClient);
    const { client, user } = await memberClient();
    const tab = await socket(client);
    const greeting = await tab.event("users_online", () => true);
    expect(greeting.obj.ids).toEqual(expect.arrayContaining([first.id, user.id]));
    // The same list the API gives.
    expect(greeting.obj.ids).toEqual((await json<{ online: number[] }>(await client.get("/user/meta/"))).online);
    await settle();
    expect(tab.all("users_online")).toHaveLength(1);
  });

  it("guests see no presence: no events and an empty online list", async () => {
    const guestWs = await socket();
    const { client, user } = await memberClient();
    await socket(client);
    await settle();
    expect(guestWs.all("user_connected").some((m) => m.obj.id === user.id)).toBe(false);
    expect(guestWs.all("users_online")).toHaveLength(0);
    const guest = await guestClient();
    expect(await json(await guest.get("/user/meta/"))).toEqual({ online: [] });
  });
});

describe("the message union is documented next to the OpenAPI document", () => {
  it("serves every event type as JSON Schema", async () => {
    const res = await SELF.fetch("http://localhost/api/v1/realtime.json");
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const type of ["pong", "comment_created", "notification_viewed_all", "like_deleted", "settings_updated"]) {
      expect(text).toContain(`"${type}"`);
    }
  });
});
