import { HEARTBEAT, REALTIME } from "#workers/realtime/constants";
import type { TServerMessage } from "#workers/realtime/messages";

/**
 * The client side of the site channel (spec §4 "Realtime channel", §9): one websocket per tab with a
 * heartbeat every 10 s (no pong for the previous ping → reconnect), a 10 s connection time-out, reconnects
 * after 1–10 s with jitter, at most 10 retries and then the failed state until `retry()`. Messages are
 * checked against the shared union; those carrying this tab's own client id are dropped.
 *
 * This module is loaded after hydration (it brings zod), so it costs nothing on first load.
 */
export type ConnectionStatus = "connecting" | "open" | "reconnecting" | "failed";

export interface ConnectionOptions {
  url: () => string;
  clientId: string;
  /** The route the tab shows, sent when the socket opens and when it changes. */
  route: () => string;
  onMessage: (message: Exclude<TServerMessage, { type: "pong" }>) => void;
  onStatus: (status: ConnectionStatus) => void;
  /** The socket opened again after a drop: the tab may have missed events and must re-sync. */
  onReopen: () => void;
}

/** The delay before reconnect attempt `attempt` (1-based): doubling from 1 s, capped at 10 s, ±25 % jitter. */
export function reconnectDelay(attempt: number, random = Math.random()): number {
  const base = Math.min(REALTIME.reconnectMaxMs, REALTIME.reconnectMinMs * 2 ** Math.max(0, attempt - 1));
  const jittered = base * (0.75 + random * 0.5);
  return Math.round(Math.min(REALTIME.reconnectMaxMs, Math.max(REALTIME.reconnectMinMs, jittered)));
}

export class Connection {
  private ws: WebSocket | null = null;
  private retries = 0;
  private stopped = false;
  private dropped = false;
  private awaitingPong = false;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * The highest sequence id seen on this socket. Ids count per shard and a reconnect may land on another shard
   * (the shard count changed), so it starts over on each open; missed events are repaired by the re-sync.
   */
  lastSeq = 0;

  constructor(private readonly options: ConnectionOptions) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Closes for good (sign-in/out builds a new connection). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000, "bye");
  }

  /** After the failed state: a click on the indicator starts over with a fresh retry budget. */
  retry(): void {
    this.retries = 0;
    this.clearTimers();
    this.open();
  }

  /** Tells the channel which route the tab shows now (on open and on navigation). */
  sendRoute(): void {
    this.send(JSON.stringify({ type: "ping", route: this.options.route() }));
  }

  private open(): void {
    this.clearTimers();
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) {
      const old = this.ws;
      this.ws = null;
      old.close(1000, "reconnect");
    }
    this.options.onStatus(this.dropped ? "reconnecting" : "connecting");
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.options.url());
    } catch {
      this.lost();
      return;
    }
    this.ws = ws;
    this.connectTimer = setTimeout(() => {
      if (this.ws === ws && ws.readyState !== WebSocket.OPEN) {
        this.ws = null;
        ws.close();
        this.lost();
      }
    }, REALTIME.connectTimeoutMs);
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      clearTimeout(this.connectTimer);
      this.retries = 0;
      this.awaitingPong = false;
      this.lastSeq = 0;
      this.options.onStatus("open");
      this.sendRoute();
      this.heartbeat = setInterval(() => this.beat(), REALTIME.heartbeatMs);
      if (this.dropped) {
        this.dropped = false;
        this.options.onReopen();
      }
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws) return;
      this.receive(event.data);
    });
    const onEnd = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.lost();
    };
    ws.addEventListener("close", onEnd);
    ws.addEventListener("error", onEnd);
  }

  private beat(): void {
    if (this.awaitingPong) {
      // The previous ping got no answer: the connection is dead even if the socket has not noticed.
      const ws = this.ws;
      this.ws = null;
      ws?.close();
      this.lost();
      return;
    }
    this.send(HEARTBEAT.ping);
  }

  /**
   * Sends a ping and expects its pong. The bare heartbeat is answered by the runtime without waking the channel
   * (it must match HEARTBEAT.ping byte for byte); a route ping is answered by the channel itself.
   */
  private send(ping: string): void {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    this.awaitingPong = true;
    this.ws.send(ping);
  }

  private receive(data: unknown): void {
    const message = serverMessage(data);
    if (!message) return;
    if (message.type === "pong") {
      this.awaitingPong = false;
      return;
    }
    if (message.seq && message.seq > this.lastSeq) this.lastSeq = message.seq;
    if (message.from && message.from === this.options.clientId) return;
    this.options.onMessage(message);
  }

  /** The socket closed, failed or timed out: schedule the next attempt, or give up after the last retry. */
  private lost(): void {
    this.clearTimers();
    if (this.stopped) return;
    this.dropped = true;
    if (this.retries >= REALTIME.maxRetries) {
      this.options.onStatus("failed");
      return;
    }
    this.retries += 1;
    this.options.onStatus("reconnecting");
    this.retryTimer = setTimeout(() => this.open(), reconnectDelay(this.retries));
  }

  private clearTimers(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.connectTimer);
    clearTimeout(this.retryTimer);
  }
}

/**
 * A message from the channel, or null for anything that is not one. Its envelope is checked (a `type`, an object
 * `obj` for events, `seq` and `from` of the right kinds); subscribers only ever get the types they asked for. The
 * message schema (workers/realtime/messages.ts, ZServerMessage) stays the server's contract and the API's
 * documentation: checking every field with it here put zod (26 KB gzip) and the construction of thirty schemas
 * into every page's first seconds, about 100 ms of main-thread time on a phone.
 */
export function serverMessage(data: unknown): TServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(String(data));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { type, obj, seq, from } = value as Record<string, unknown>;
  if (typeof type !== "string") return null;
  if (seq !== undefined && !Number.isSafeInteger(seq)) return null;
  if (from !== undefined && typeof from !== "string") return null;
  if (type !== "pong" && (typeof obj !== "object" || obj === null)) return null;
  return value as TServerMessage;
}
