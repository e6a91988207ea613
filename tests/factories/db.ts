import { env } from "cloudflare:test";
import { createDb } from "#workers/platform/db";

/** Drizzle over the test D1 (the same schema the Worker uses). */
export function db() {
  return createDb(env.DB);
}

/** Raw single-value query, e.g. `await scalar("SELECT count(*) FROM users WHERE email_key = ?", key)`. */
export async function scalar<T = number>(sql: string, ...params: unknown[]): Promise<T> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<Record<string, T>>();
  return row ? (Object.values(row)[0] as T) : (null as T);
}

/** Every R2 key under a prefix. */
export async function mediaKeys(prefix: string): Promise<string[]> {
  const listing = await env.MEDIA.list({ prefix });
  return listing.objects.map((o) => o.key).sort();
}

/** Polls until `check` is true (for work done in waitUntil after the response). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Fixed-window rate limits reset on window boundaries; a test that makes `needSeconds` of requests waits for a
 * fresh window when the current one is about to end, so it cannot straddle two windows.
 */
export async function freshWindow(windowSeconds: number, needSeconds = 10): Promise<void> {
  const nowSec = Date.now() / 1000;
  const left = windowSeconds - (nowSec % windowSeconds);
  if (left < needSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 50));
}

/**
 * The test D1 with a log of its round trips: each batch (logged as its number of statements) and each statement
 * run on its own (logged as 1).
 */
export function countingD1(): { d1: D1Database; trips: number[] } {
  const trips: number[] = [];
  const originals = new WeakMap<object, D1PreparedStatement>();
  const counted = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => counted(value.apply(target, args));
        if (key === "all" || key === "raw" || key === "first" || key === "run") {
          return (...args: unknown[]) => {
            trips.push(1);
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  // The database and its sessions (D1's read replication API) alike.
  const countedDb = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === "prepare") return (query: string) => counted(target.prepare(query));
        if (key === "batch") {
          return (statements: D1PreparedStatement[]) => {
            trips.push(statements.length);
            return target.batch(statements.map((s) => originals.get(s) ?? s));
          };
        }
        if (key === "withSession") {
          return (constraint?: string) => countedDb((target as D1Database).withSession(constraint));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { d1: countedDb(env.DB), trips };
}
