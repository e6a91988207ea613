import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { users } from "#drizzle/schema";
import { createDb } from "#workers/platform/db";
import { type Audience, REALTIME, type TEvent, ZClientMessage } from "./messages";
import { shardStubs } from "./shards";

/** What each socket carries through hibernation. */
interface SocketInfo {
  userId: number | null;
  clientId: string | null;
  route: string | null;
  lastPingAt: number;
}

/** A socket that has not pinged for this long is gone (three missed heartbeats); it is closed on the next event. */
const STALE_MS = REALTIME.heartbeatMs * 3 + 5_000;

export const REALTIME_HEADERS = {
  user: "X-Realtime-User",
  client: "X-Realtime-Client",
  shards: "X-Realtime-Shards",
} as const;

function userTag(id: number): string {
  return `u:${id}`;
}

/**
 * One shard of the site channel (spec §4 "Realtime channel"): it holds hibernating websockets and delivers each
 * event published to it to the sockets of the event's audience. A member's tabs all land on the same shard
 * (id mod N), so presence — "online once per member, not per tab" — is decided inside one shard; the shard
 * then announces `user_connected`/`user_disconnected` to every shard.
 */
export class SiteChannel extends DurableObject<Env> {
  /** The Worker has authenticated the request from the session cookie and names the member (or none). */
  override async fetch(request: Request): Promise<Response> {
    const userId = Number(request.headers.get(REALTIME_HEADERS.user)) || null;
    const clientId = request.headers.get(REALTIME_HEADERS.client) || null;
    const shards = Math.max(1, Number(request.headers.get(REALTIME_HEADERS.shards)) || 1);
    this.ctx.storage.kv.put("shards", shards);

    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    const wasOnline = userId !== null && this.openSockets(userId).length > 0;
    this.ctx.acceptWebSocket(server, userId === null ? [] : [userTag(userId)]);
    const info: SocketInfo = { userId, clientId, route: null, lastPingAt: Date.now() };
    server.serializeAttachment(info);
    if (userId !== null && !wasOnline) {
      this.ctx.waitUntil(this.announce({ type: "user_connected", obj: { id: userId, datetime_last_seen: null } }));
    }
    // No permessage-deflate: events are small and go to thousands of sockets, each of which would need its own
    // deflate context (memory) and its own compression of the same bytes (CPU). An empty header refuses it.
    return new Response(null, { status: 101, webSocket: client, headers: { "Sec-WebSocket-Extensions": "" } });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    let parsed: ReturnType<typeof ZClientMessage.safeParse>;
    try {
      parsed = ZClientMessage.safeParse(JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const info = ws.deserializeAttachment() as SocketInfo;
    info.lastPingAt = Date.now();
    if (parsed.data.route !== undefined) info.route = normaliseRoute(parsed.data.route);
    ws.serializeAttachment(info);
    ws.send(JSON.stringify({ type: "pong", seq: this.currentSeq() }));
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "bye");
    } catch {
      // already closed
    }
    await this.left(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.left(ws);
  }

  /** RPC from the Worker (or another shard): stamps the event with this shard's next sequence id and sends it. */
  async deliver(event: TEvent, audience: Audience): Promise<number> {
    const seq = this.nextSeq();
    const text = JSON.stringify({ ...event, seq });
    const now = Date.now();
    const sockets = audience.kind === "user" ? this.openSockets(audience.id) : this.ctx.getWebSockets();
    let sent = 0;
    const stale: WebSocket[] = [];
    for (const ws of sockets) {
      const info = ws.deserializeAttachment() as SocketInfo | null;
      if (!info) continue;
      if (now - info.lastPingAt > STALE_MS) {
        stale.push(ws);
        continue;
      }
      if (audience.kind === "members" && info.userId === null) continue;
      if (audience.kind === "guests" && info.userId !== null) continue;
      if (audience.kind === "route" && info.route !== audience.route) continue;
      if (audience.kind === "route" && audience.membersOnly && info.userId === null) continue;
      try {
        ws.send(text);
        sent++;
      } catch {
        stale.push(ws);
      }
    }
    for (const ws of stale) {
      try {
        ws.close(4000, "stale");
      } catch {
        // gone already
      }
      await this.left(ws);
    }
    return sent;
  }

  /** RPC: the members with at least one open socket on this shard. */
  async online(): Promise<number[]> {
    const ids = new Set<number>();
    const now = Date.now();
    for (const ws of this.ctx.getWebSockets()) {
      const info = ws.deserializeAttachment() as SocketInfo | null;
      if (info?.userId && now - info.lastPingAt <= STALE_MS) ids.add(info.userId);
    }
    return [...ids];
  }

  /** RPC for tests and the benchmark: how many sockets this shard holds. */
  async count(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  private openSockets(userId: number, except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets(userTag(userId)).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  /** A socket closed: when it was the member's last one, they go offline (and their last-seen time is saved). */
  private async left(ws: WebSocket): Promise<void> {
    const info = ws.deserializeAttachment() as SocketInfo | null;
    if (!info?.userId) return;
    if (info.clientId === "__left__") return;
    ws.serializeAttachment({ ...info, clientId: "__left__" });
    if (this.openSockets(info.userId, ws).length > 0) return;
    const lastSeen = new Date();
    await createDb(this.env.DB)
      .update(users)
      .set({ lastSeenAt: lastSeen })
      .where(eq(users.id, info.userId))
      .catch(() => {});
    await this.announce({
      type: "user_disconnected",
      obj: { id: info.userId, datetime_last_seen: lastSeen.toISOString() },
    });
  }

  /** Presence goes to every shard, to the signed-in sockets only (guests do not see who is online). */
  private async announce(event: TEvent): Promise<void> {
    const shards = Number(this.ctx.storage.kv.get("shards")) || 1;
    const me = this.ctx.id;
    await Promise.all(
      shardStubs(this.env, shards).map((stub) =>
        stub.id.equals(me) ? this.deliver(event, { kind: "members" }) : stub.deliver(event, { kind: "members" }),
      ),
    ).catch(() => {});
  }

  /** The sequence id, read from storage once per wake-up (pongs carry it; events advance it). */
  private seq: number | undefined;

  private currentSeq(): number {
    this.seq ??= Number(this.ctx.storage.kv.get("seq")) || 0;
    return this.seq;
  }

  private nextSeq(): number {
    const seq = this.currentSeq() + 1;
    this.seq = seq;
    this.ctx.storage.kv.put("seq", seq);
    return seq;
  }
}

/** Routes compare as pathnames without a trailing slash ("/posts/x/" and "/posts/x" are one page). */
export function normaliseRoute(route: string): string {
  const path = route.split(/[?#]/, 1)[0] ?? "/";
  return path.length > 1 ? path.replace(/\/+$/, "") : path || "/";
}
