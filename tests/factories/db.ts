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
