import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { users } from "#drizzle/schema";
import { createDb } from "#workers/platform/db";
import { type Audience, HEARTBEAT, REALTIME, type TEvent, type TOutgoingEvent, ZClientMessage } from "./messages";
import { onlineUserIds } from "./presence";
import { belongsOn, type ShardLayout, shardStub } from "./shards";

/** What each socket carries through hibernation. */
interface SocketInfo {
  userId: number | null;
  clientId: string | null;
  route: string | null;
  /**
   * When the object itself last heard from the socket: the upgrade or a route message. Heartbeats are answered
   * by the runtime without waking the object; their time comes from `getWebSocketAutoResponseTimestamp`.
   */
  heardAt: number;
  /** Set once the socket's departure has been counted (presence), so a close is not counted twice. */
  left?: boolean;
}

/** A socket silent for this long is gone (three missed heartbeats); it is closed on the next event. */
const STALE_MS = REALTIME.heartbeatMs * 3 + 5_000;

/** Close codes the channel sends (the client reconnects after any close, and re-syncs). */
export const CLOSE_CODES = {
  /** No heartbeat for STALE_MS. */
  stale: 4000,
  /** The shard count changed and the socket now belongs on another shard. */
  reshard: 4001,
} as const;

export const REALTIME_HEADERS = {
  user: "X-Realtime-User",
  client: "X-Realtime-Client",
  shard: "X-Realtime-Shard",
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
 *
 * Heartbeats are answered by the runtime (`setWebSocketAutoResponse`), so an idle shard stays hibernated; the
 * object wakes for connections, route changes, closes and events. Every call carries the caller's layout
 * (index, shard count): when the count changes, the shard closes the sockets that now belong elsewhere (they
 * reconnect to the right shard) and tells the shards of the old and new layouts (decision 0038).
 */
export class SiteChannel extends DurableObject<Env> {
  /** The layout this shard belongs to, read from storage once per wake-up. */
  private layout: ShardLayout | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT.ping, HEARTBEAT.pong));
  }

  /** The Worker has authenticated the request from the session cookie and names the member (or none). */
  override async fetch(request: Request): Promise<Response> {
    const userId = Number(request.headers.get(REALTIME_HEADERS.user)) || null;
    const clientId = request.headers.get(REALTIME_HEADERS.client) || null;
    const shards = Math.max(1, Number(request.headers.get(REALTIME_HEADERS.shards)) || 1);
    const index = Math.max(0, Number(request.headers.get(REALTIME_HEADERS.shard)) || 0);
    this.adopt({ index, shards });

    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    const wasOnline = userId !== null && this.openSockets(userId).length > 0;
    this.ctx.acceptWebSocket(server, userId === null ? [] : [userTag(userId)]);
    const info: SocketInfo = { userId, clientId, route: null, heardAt: Date.now() };
    server.serializeAttachment(info);
    if (userId !== null && !wasOnline) {
      this.ctx.waitUntil(this.announce({ type: "user_connected", obj: { id: userId, datetime_last_seen: null } }));
    }
    if (userId !== null) this.ctx.waitUntil(this.greet(server, { index, shards }));
    // No permessage-deflate: events are small and go to thousands of sockets, each of which would need its own
    // deflate context (memory) and its own compression of the same bytes (CPU). An empty header refuses it.
    return new Response(null, { status: 101, webSocket: client, headers: { "Sec-WebSocket-Extensions": "" } });
  }

  /** A message other than the bare heartbeat: `{type:"ping", route}` when a tab opens or changes route. */
  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    let parsed: ReturnType<typeof ZClientMessage.safeParse>;
    try {
      parsed = ZClientMessage.safeParse(JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const info = ws.deserializeAttachment() as SocketInfo;
    info.heardAt = Date.now();
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
    await this.leave([ws]);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.leave([ws]);
  }

  /**
   * RPC from the Worker (or another shard): stamps the event with this shard's next sequence id and sends it to
   * the audience's sockets here. Returns how many sockets it was sent to.
   */
  async deliver(event: TEvent, audience: Audience, layout?: ShardLayout): Promise<number> {
    if (layout) this.adopt(layout);
    const seq = this.nextSeq();
    const text = JSON.stringify({ ...event, seq });
    const now = Date.now();
    const sockets = audience.kind === "user" ? this.openSockets(audience.id) : this.ctx.getWebSockets();
    let sent = 0;
    const stale: WebSocket[] = [];
    for (const ws of sockets) {
      const info = ws.deserializeAttachment() as SocketInfo | null;
      if (!info || info.left) continue;
      if (!this.isAlive(ws, info, now)) {
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
    if (stale.length) await this.drop(stale, CLOSE_CODES.stale, "stale");
    return sent;
  }

  /** RPC: the members with at least one live socket on this shard. */
  async online(layout?: ShardLayout): Promise<number[]> {
    if (layout) this.adopt(layout);
    const ids = new Set<number>();
    const now = Date.now();
    for (const ws of this.ctx.getWebSockets()) {
      const info = ws.deserializeAttachment() as SocketInfo | null;
      if (info?.userId && !info.left && this.isAlive(ws, info, now)) ids.add(info.userId);
    }
    return [...ids];
  }

  /**
   * Tells a member's new socket who is online (`users_online`): the union of every shard's members, this one's
   * read here. Events after it keep the client's list current; one that raced it is set right by the next.
   */
  private async greet(ws: WebSocket, layout: ShardLayout): Promise<void> {
    try {
      const ids = await onlineUserIds(this.env, layout.shards, { index: layout.index, online: await this.online() });
      if (ws.readyState !== WebSocket.OPEN) return;
      ws.send(JSON.stringify({ type: "users_online", obj: { ids } } satisfies TOutgoingEvent));
    } catch (error) {
      // The socket closed meanwhile, or a shard did not answer: the client's list fills from the events.
      console.error("realtime greeting failed", error);
    }
  }

  /** RPC for tests and the benchmark: how many sockets this shard holds. */
  async count(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** RPC from another shard that noticed a new shard count first (see `adopt`). */
  async relayout(layout: ShardLayout, coordinate: boolean): Promise<void> {
    this.adopt(layout, coordinate);
  }

  /**
   * Takes the caller's layout. When the shard count differs from the one this shard knew, the sockets that now
   * belong on another shard are closed (CLOSE_CODES.reshard: the client reconnects through the Worker, which
   * routes it by the new count, and re-syncs), so a member's tabs share one shard again and presence stays
   * exact. The shard that notices also tells the others: every shard of the old and the new layout when it
   * knew the old count, otherwise shard 0 (which always exists and knows it, if there was one).
   */
  private adopt(layout: ShardLayout, coordinate = true): void {
    const kv = this.ctx.storage.kv;
    const current = this.currentLayout();
    if (current?.index === layout.index && current.shards === layout.shards) return;
    if (current?.index !== layout.index) kv.put("shard", layout.index);
    this.layout = { ...layout };
    if (current?.shards === layout.shards) return;
    kv.put("shards", layout.shards);

    const misplaced = this.ctx.getWebSockets().filter((ws) => {
      const info = ws.deserializeAttachment() as SocketInfo | null;
      return info !== null && !belongsOn(info.userId, layout);
    });
    if (misplaced.length) this.ctx.waitUntil(this.drop(misplaced, CLOSE_CODES.reshard, "reshard"));
    if (!coordinate) return;
    const known = current?.shards;
    const others =
      known === undefined
        ? layout.index === 0
          ? []
          : [0]
        : Array.from({ length: Math.max(known, layout.shards) }, (_, i) => i).filter((i) => i !== layout.index);
    if (!others.length) return;
    this.ctx.waitUntil(
      Promise.all(
        others.map((i) => shardStub(this.env, i).relayout({ index: i, shards: layout.shards }, known === undefined)),
      ).catch(() => {}),
    );
  }

  private currentLayout(): ShardLayout | undefined {
    if (this.layout) return this.layout;
    const shards = this.ctx.storage.kv.get<number>("shards");
    if (shards === undefined) return undefined;
    this.layout = { index: this.ctx.storage.kv.get<number>("shard") ?? 0, shards };
    return this.layout;
  }

  /** Alive: the object or the runtime's heartbeat answer has heard from the socket within STALE_MS. */
  private isAlive(ws: WebSocket, info: SocketInfo, now: number): boolean {
    const heartbeat = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
    return now - Math.max(info.heardAt, heartbeat) <= STALE_MS;
  }

  private openSockets(userId: number): WebSocket[] {
    return this.ctx.getWebSockets(userTag(userId)).filter((ws) => {
      if (ws.readyState !== WebSocket.OPEN) return false;
      return !(ws.deserializeAttachment() as SocketInfo | null)?.left;
    });
  }

  /** Closes these sockets (stale, or on the wrong shard after a re-layout) and counts them as gone. */
  private async drop(sockets: WebSocket[], code: number, reason: string): Promise<void> {
    for (const ws of sockets) {
      try {
        ws.close(code, reason);
      } catch {
        // gone already
      }
    }
    await this.leave(sockets);
  }

  /**
   * Sockets closed: each member whose last socket here was among them goes offline — announced once, however
   * many of their tabs closed together — and their last-seen time is saved.
   */
  private async leave(sockets: WebSocket[]): Promise<void> {
    const members = new Set<number>();
    for (const ws of sockets) {
      const info = ws.deserializeAttachment() as SocketInfo | null;
      if (!info || info.left) continue;
      ws.serializeAttachment({ ...info, left: true });
      if (info.userId) members.add(info.userId);
    }
    const gone = [...members].filter((id) => this.openSockets(id).length === 0);
    if (!gone.length) return;
    const lastSeen = new Date();
    const db = createDb(this.env.DB);
    await Promise.all(
      gone.map(async (id) => {
        await db
          .update(users)
          .set({ lastSeenAt: lastSeen })
          .where(eq(users.id, id))
          .catch(() => {});
        await this.announce({
          type: "user_disconnected",
          obj: { id, datetime_last_seen: lastSeen.toISOString() },
        });
      }),
    );
  }

  /** Presence goes to every shard, to the signed-in sockets only (guests do not see who is online). */
  private async announce(event: TEvent): Promise<void> {
    const layout = this.currentLayout() ?? { index: 0, shards: 1 };
    await Promise.all(
      Array.from({ length: layout.shards }, (_, i) =>
        i === layout.index
          ? this.deliver(event, { kind: "members" })
          : shardStub(this.env, i).deliver(event, { kind: "members" }, { index: i, shards: layout.shards }),
      ),
    ).catch(() => {});
  }

  /** The sequence id, read from storage once per wake-up (route pongs carry it; events advance it). */
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
