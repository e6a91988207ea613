import { SELF } from "cloudflare:test";
import { afterEach } from "vitest";
import type { TServerMessage } from "#workers/realtime/messages";
import type { ApiClient } from "./client";

/**
 * A websocket client of the site channel for tests: connects through the Worker's /ws/ door (with the API
 * client's cookies, so it is that member or a guest), records every message, and waits for the ones a test
 * expects.
 */
export class TestSocket {
  readonly messages: TServerMessage[] = [];
  private waiters: { test: (m: TServerMessage) => boolean; resolve: (m: TServerMessage) => void }[] = [];
  closed = false;

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as TServerMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    ws.addEventListener("close", () => {
      this.closed = true;
    });
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** A heartbeat naming the route this socket looks at; resolves on its pong. */
  async ping(route?: string): Promise<void> {
    const before = this.messages.length;
    this.send(route === undefined ? { type: "ping" } : { type: "ping", route });
    await this.next((m, i) => m.type === "pong" && (i ?? 0) >= before);
  }

  /** The first message (already received or coming) that passes the test; fails after `timeoutMs`. */
  next<T extends TServerMessage["type"]>(
    test: T | ((m: TServerMessage, index?: number) => boolean),
    timeoutMs = 3000,
  ): Promise<Extract<TServerMessage, { type: T }>> {
    const pass = typeof test === "string" ? (m: TServerMessage) => m.type === test : test;
    const found = this.messages.findIndex((m, i) => pass(m, i));
    if (found >= 0) return Promise.resolve(this.messages[found] as Extract<TServerMessage, { type: T }>);
    const index = this.messages.length;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${String(test)} message within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        test: (m) => pass(m, index),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<TServerMessage, { type: T }>);
        },
      });
    });
  }

  /** The first event of this type whose object passes `where`. */
  event<T extends TServerMessage["type"]>(
    type: T,
    where: (obj: Extract<TServerMessage, { type: T }> extends { obj: infer O } ? O : never) => boolean = () => true,
    timeoutMs = 3000,
  ): Promise<Extract<TServerMessage, { type: T }>> {
    return this.next((m) => m.type === type && "obj" in m && where(m.obj as never), timeoutMs) as Promise<
      Extract<TServerMessage, { type: T }>
    >;
  }

  /** Whether an event of this type whose object passes `where` has arrived. */
  has<T extends TServerMessage["type"]>(
    type: T,
    where: (obj: Extract<TServerMessage, { type: T }> extends { obj: infer O } ? O : never) => boolean = () => true,
  ): boolean {
    return this.messages.some((m) => m.type === type && "obj" in m && where(m.obj as never));
  }

  /** The messages of one type received so far. */
  all<T extends TServerMessage["type"]>(type: T): Extract<TServerMessage, { type: T }>[] {
    return this.messages.filter((m) => m.type === type) as Extract<TServerMessage, { type: T }>[];
  }

  close(): void {
    if (!this.closed) this.ws.close(1000, "done");
    this.closed = true;
  }
}

/** Opens a socket as the client's member (or a guest without a client), with a tab id for `from`. */
export async function openSocket(
  client?: ApiClient,
  options: { clientId?: string; route?: string; origin?: string } = {},
): Promise<TestSocket> {
  const headers = new Headers({ Upgrade: "websocket" });
  if (client?.cookies.size) headers.set("Cookie", [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  if (options.origin) headers.set("Origin", options.origin);
  const query = options.clientId ? `?client=${encodeURIComponent(options.clientId)}` : "";
  const res = await SELF.fetch(`http://localhost/ws/${query}`, { headers });
  if (!res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  res.webSocket.accept();
  const socket = new TestSocket(res.webSocket);
  await socket.ping(options.route ?? "/");
  return socket;
}

/** Lets in-flight deliveries land before asserting that something did not arrive. */
export function settle(ms = 150): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * `openSocket` for one test file (or describe block): every socket it opened is closed after each test. Call it
 * at collection time: `const socket = socketsClosedAfterEach();`.
 */
export function socketsClosedAfterEach(): (...args: Parameters<typeof openSocket>) => Promise<TestSocket> {
  const open: TestSocket[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  return async (...args) => {
    const s = await openSocket(...args);
    open.push(s);
    return s;
  };
}
