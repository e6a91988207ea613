import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiClient } from "#tests/factories/client";
import { memberClient } from "#tests/factories/client";
import { settle, TestSocket } from "#tests/factories/sockets";
import { CLOSE_CODES, type SiteChannel } from "#workers/realtime/channel";
import { connectSocket } from "#workers/realtime/connect";
import { HEARTBEAT, type TServerMessage } from "#workers/realtime/messages";
import { onlineUserIds } from "#workers/realtime/presence";
import { deliver } from "#workers/realtime/publish";
import { shardOfUser, shardStub } from "#workers/realtime/shards";

/**
 * The site channel with several shards (issue 20, decision 0038): sockets come in through the real /ws/ door
 * (`connectSocket`) with a shard count other than wrangler.toml's, as a Worker deployed with that
 * REALTIME_SHARDS would route them.
 */

interface ShardSocket extends TestSocket {
  closeCode?: number;
}

const opened: ShardSocket[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function connect(shards: number, client?: ApiClient, route = "/"): Promise<ShardSocket> {
  const headers = new Headers({ Upgrade: "websocket" });
  if (client?.cookies.size) headers.set("Cookie", [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  const res = await connectSocket(new Request("http://localhost/ws/", { headers }), env, shards);
  if (!res.webSocket) throw new Error(`upgrade refused: ${res.status}`);
  res.webSocket.accept();
  const socket: ShardSocket = new TestSocket(res.webSocket);
  res.webSocket.addEventListener("close", (e) => {
    socket.closeCode = e.code;
  });
  opened.push(socket);
  await socket.ping(route);
  return socket;
}

/** Members until each of the `shards` residues of their ids has one (ids are consecutive, so `shards` suffice). */
async function membersOnEveryShard(shards: number) {
  const members = await Promise.all(Array.from({ length: shards }, () => memberClient()));
  expect(new Set(members.map((m) => shardOfUser(m.user.id, shards))).size).toBe(shards);
  return members;
}

const counts = (shards: number) => Promise.all(Array.from({ length: shards }, (_, i) => shardStub(env, i).count()));

const activity = (id: number) => ({ type: "activity_deleted" as const, obj: { id } });
const hits = (s: TestSocket, id: number) =>
  s.messages.filter((m) => m.type === "activity_deleted" && m.obj.id === id).length;

describe("an event for everyone across 4 shards", () => {
  it("reaches every socket on every shard exactly once", async () => {
    const members = await membersOnEveryShard(4);
    const sockets = [
      ...(await Promise.all(members.map((m) => connect(4, m.client)))),
      ...(await Promise.all(members.map((m) => connect(4, m.client)))),
      ...(await Promise.all(Array.from({ length: 8 }, () => connect(4)))),
    ];
    const perShard = await counts(4);
    expect(perShard.every((n) => n >= 2)).toBe(true);
    expect(perShard.reduce((a, b) => a + b, 0)).toBe(sockets.length);

    const sent = await deliver(env, 4, activity(1), { kind: "all" });
    expect(sent).toBe(sockets.length);
    for (const s of sockets) await s.next((m) => m.type === "activity_deleted" && m.obj.id === 1);
    await settle();
    expect(sockets.map((s) => hits(s, 1))).toEqual(sockets.map(() => 1));

    // Each shard stamps its own sequence: a member's tabs (one shard) see the same id.
    const [tab1, tab2] = [sockets[0], sockets[4]] as [TestSocket, TestSocket];
    const seqOf = (s: TestSocket) => s.messages.find((m) => m.type === "activity_deleted")?.seq;
    expect(seqOf(tab1)).toBe(seqOf(tab2));
  });

  it("an event for one member reaches only their shard, and all of their tabs there", async () => {
    const [a, b] = await membersOnEveryShard(4);
    if (!a || !b) throw new Error("members");
    const tabs = [await connect(4, a.client), await connect(4, a.client)];
    const other = await connect(4, b.client);
    expect(await deliver(env, 4, activity(2), { kind: "user", id: a.user.id })).toBe(2);
    for (const t of tabs) await t.next((m) => m.type === "activity_deleted" && m.obj.id === 2);
    await settle();
    expect(hits(other, 2)).toBe(0);
  });
});

describe("presence across 4 shards", () => {
  it("is announced once per member to members on every shard, and the online list is the union", async () => {
    const watchers = await membersOnEveryShard(4);
    const watching = await Promise.all(watchers.map((w) => connect(4, w.client)));
    const guest = await connect(4);
    expect((await counts(4)).filter((n) => n > 0)).toHaveLength(4);
    const { client, user } = await memberClient();
    const seen = (s: TestSocket, type: "user_connected" | "user_disconnected") =>
      s.all(type).filter((m) => m.obj.id === user.id).length;

    const tab1 = await connect(4, client);
    const tab2 = await connect(4, client);
    for (const w of watching) await w.event("user_connected", (o) => o.id === user.id);
    await settle();
    expect(watching.map((w) => seen(w, "user_connected"))).toEqual([1, 1, 1, 1]);
    expect(guest.all("user_connected")).toHaveLength(0);

    const online = await onlineUserIds(env, 4);
    expect(online).toEqual([...watchers.map((w) => w.user.id), user.id].sort((x, y) => x - y));
    // The new tab was told the same union as it opened (its own shard's members read there, the others asked).
    expect((await tab2.event("users_online", () => true)).obj.ids).toEqual(online);
    expect(guest.all("users_online")).toHaveLength(0);

    tab1.close();
    await settle(300);
    expect(watching.map((w) => seen(w, "user_disconnected"))).toEqual([0, 0, 0, 0]);
    expect(await onlineUserIds(env, 4)).toContain(user.id);

    tab2.close();
    for (const w of watching) await w.event("user_disconnected", (o) => o.id === user.id);
    await settle();
    expect(watching.map((w) => seen(w, "user_disconnected"))).toEqual([1, 1, 1, 1]);
    expect(await onlineUserIds(env, 4)).not.toContain(user.id);
    expect(guest.all("user_disconnected")).toHaveLength(0);
  });
});

describe("a changed shard count", () => {
  it("growing 2 → 4: sockets now on the wrong shard are closed to reconnect; the rest stay and get events", async () => {
    const members = await membersOnEveryShard(4);
    const old = await Promise.all(members.map((m) => connect(2, m.client)));
    const guests = await Promise.all(Array.from({ length: 6 }, () => connect(2)));

    // The first event sent by a Worker with the new count: shards 0 and 1 knew 2, so they re-lay out.
    await deliver(env, 4, activity(3), { kind: "all" });
    const moved = old.filter((_, i) => shardOfUser(members[i]?.user.id ?? 0, 4) >= 2);
    const stayed = old.filter((s) => !moved.includes(s));
    expect(moved).toHaveLength(2);
    await expect.poll(() => moved.map((s) => s.closeCode)).toEqual(moved.map(() => CLOSE_CODES.reshard));
    for (const s of [...stayed, ...guests]) await s.next((m) => m.type === "activity_deleted" && m.obj.id === 3);
    expect([...stayed, ...guests].every((s) => s.closeCode === undefined)).toBe(true);

    // They come back through the door with the new count; presence and delivery are whole again.
    const back = await Promise.all(
      members.map((m, i) => (moved.includes(old[i] as ShardSocket) ? connect(4, m.client) : null)),
    );
    expect(await onlineUserIds(env, 4)).toEqual(members.map((m) => m.user.id).sort((x, y) => x - y));
    const everyone = [...stayed, ...guests, ...back.filter((s): s is ShardSocket => s !== null)];
    expect(await deliver(env, 4, activity(4), { kind: "all" })).toBe(everyone.length);
  });

  it("shrinking 4 → 2: the shards left out close all their sockets, though no Worker calls them any more", async () => {
    const members = await membersOnEveryShard(4);
    const old = await Promise.all(members.map((m) => connect(4, m.client)));
    // A second tab of a member whose shard is the same in both layouts.
    const watcher = await connect(4, members.find((m) => shardOfUser(m.user.id, 4) < 2)?.client);
    expect((await counts(4)).every((n) => n >= 1)).toBe(true);

    await deliver(env, 2, activity(5), { kind: "all" });
    await expect.poll(async () => (await counts(4)).slice(2)).toEqual([0, 0]);
    const gone = old.filter((_, i) => shardOfUser(members[i]?.user.id ?? 0, 4) >= 2);
    await expect.poll(() => gone.map((s) => s.closeCode)).toEqual(gone.map(() => CLOSE_CODES.reshard));
    // Their members went offline (told once), and are online again after reconnecting by the new count.
    for (const s of gone) {
      const id = members[old.indexOf(s)]?.user.id;
      await watcher.event("user_disconnected", (o) => o.id === id);
    }
    expect(await onlineUserIds(env, 2)).toEqual(
      members
        .filter((_, i) => !gone.includes(old[i] as ShardSocket))
        .map((m) => m.user.id)
        .sort((x, y) => x - y),
    );
  });
});

describe("the heartbeat", () => {
  it("is answered by the runtime while the shard hibernates, and its time keeps the socket alive", async () => {
    const quiet = await connect(1, undefined, "/posts/a");
    const beating = await connect(1, undefined, "/posts/a");
    const stub = shardStub(env, 0);

    // Both sockets were last heard by the object a minute ago (well past the 35 s staleness limit).
    const backdate = Date.now() - 60_000;
    await runInDurableObject(stub, (_: SiteChannel, state) => {
      for (const ws of state.getWebSockets())
        ws.serializeAttachment({ ...ws.deserializeAttachment(), heardAt: backdate });
    });

    await evictDurableObject(stub);
    const before = beating.messages.length;
    beating.ws.send(HEARTBEAT.ping);
    const pong = await beating.next((m, i) => m.type === "pong" && (i ?? 0) >= before);
    expect(JSON.stringify(pong)).toBe(HEARTBEAT.pong);

    // The object did not handle it: a fresh instance has not read its sequence id, the attachment is untouched,
    // and the runtime recorded when it answered.
    const seen = await runInDurableObject(stub, (instance: SiteChannel, state) => {
      const [a, b] = state.getWebSockets();
      return {
        seqLoaded: (instance as unknown as { seq?: number }).seq !== undefined,
        heardAt: state.getWebSockets().map((ws) => (ws.deserializeAttachment() as { heardAt: number }).heardAt),
        answered: [a, b].map((ws) => (ws ? (state.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null) : null)),
      };
    });
    expect(seen.seqLoaded).toBe(false);
    expect(seen.heardAt).toEqual([backdate, backdate]);
    expect(seen.answered.filter((t) => t !== null)).toHaveLength(1);
    expect(Date.now() - Math.max(...seen.answered.map((t) => t ?? 0))).toBeLessThan(5_000);

    // The next event: the beating socket gets it, the silent one is closed as stale.
    expect(await deliver(env, 1, activity(6), { kind: "route", route: "/posts/a" })).toBe(1);
    await beating.next((m) => m.type === "activity_deleted" && m.obj.id === 6);
    await expect.poll(() => quiet.closeCode).toBe(CLOSE_CODES.stale);
    expect(hits(quiet, 6)).toBe(0);
  });

  it("a route message is still handled by the shard, answered with a pong that carries the sequence id", async () => {
    const s = await connect(1, undefined, "/");
    await deliver(env, 1, activity(7), { kind: "all" });
    const event = await s.next((m) => m.type === "activity_deleted" && m.obj.id === 7);
    const before = s.messages.length;
    s.send({ type: "ping", route: "/tags/x/" });
    const pong = (await s.next((m, i) => m.type === "pong" && (i ?? 0) >= before)) as Extract<
      TServerMessage,
      { type: "pong" }
    >;
    expect(pong.seq).toBe(event.seq);
    expect(await deliver(env, 1, activity(8), { kind: "route", route: "/tags/x" })).toBe(1);
  });
});
