import { AppError } from "#workers/core/errors";
import type { Db } from "./db";

export interface LimitRule {
  /** What is limited and for whom, e.g. `sign-in:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in D1, one atomic upsert per rule. Throws a 429 AppError when any rule is exceeded.
 * Counts every attempt (successful or not), as Discourse does for its per-IP login limits.
 */
export async function hit(db: Db, rules: LimitRule[], now: Date): Promise<void> {
  if (!rules.length) return;
  const nowSec = Math.floor(now.getTime() / 1000);
  // One atomic upsert per rule, all in one D1 round trip.
  const statements = rules.map((rule) => {
    const windowStart = nowSec - (nowSec % rule.windowSeconds);
    return db.$client
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
         ON CONFLICT(key) DO UPDATE SET
           count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
           window_start = excluded.window_start
         RETURNING count`,
      )
      .bind(`${rule.key}:${rule.windowSeconds}`, windowStart);
  });
  const results = (await db.$client.batch<{ count: number }>(statements)).map((r) => r.results[0]);
  results.forEach((row, i) => {
    const rule = rules[i];
    if (row && row.count > rule.limit) {
      const windowStart = nowSec - (nowSec % rule.windowSeconds);
      throw new AppError("rate_limited", undefined, { retryAfter: windowStart + rule.windowSeconds - nowSec });
    }
  });
}
