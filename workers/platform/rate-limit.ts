import { AppError } from "#workers/core/errors";
import type { Db } from "./db";

export interface LimitRule {
  /** What is limited and for whom, e.g. `sign-in:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** The Russian message of the 429 when this rule is the one exceeded (the generic one otherwise). */
  message?: (retryAfterSeconds: number) => string;
}

function windowStart(rule: LimitRule, nowSec: number): number {
  return nowSec - (nowSec % rule.windowSeconds);
}

/**
 * Fixed-window counters in D1, one atomic upsert per rule. Throws a 429 AppError when any rule is exceeded.
 * Counts every attempt (successful or not), as Discourse does for its per-IP login limits; a rule that should
 * count only failures is refunded after a success (see refund).
 */
export async function hit(db: Db, rules: LimitRule[], now: Date): Promise<void> {
  if (!rules.length) return;
  const nowSec = Math.floor(now.getTime() / 1000);
  // One atomic upsert per rule, all in one D1 round trip.
  const statements = rules.map((rule) =>
    db.$client
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
         ON CONFLICT(key) DO UPDATE SET
           count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
           window_start = excluded.window_start
         RETURNING count`,
      )
      .bind(`${rule.key}:${rule.windowSeconds}`, windowStart(rule, nowSec)),
  );
  const results = (await db.$client.batch<{ count: number }>(statements)).map((r) => r.results[0]);
  results.forEach((row, i) => {
    const rule = rules[i];
    if (row && row.count > rule.limit) {
      const retryAfter = windowStart(rule, nowSec) + rule.windowSeconds - nowSec;
      throw new AppError("rate_limited", rule.message?.(retryAfter), { retryAfter });
    }
  });
}

/**
 * Takes back one attempt counted by `hit` in the current window (never below zero; a window that has ended is
 * left alone). With it a rule counts failures only, with no race: the attempt is counted before the work and
 * refunded after it succeeded, so parallel attempts cannot all slip under the limit.
 */
export async function refund(db: Db, rules: LimitRule[], now: Date): Promise<void> {
  if (!rules.length) return;
  const nowSec = Math.floor(now.getTime() / 1000);
  await db.$client.batch(
    rules.map((rule) =>
      db.$client
        .prepare("UPDATE rate_limits SET count = max(count - 1, 0) WHERE key = ?1 AND window_start = ?2")
        .bind(`${rule.key}:${rule.windowSeconds}`, windowStart(rule, nowSec)),
    ),
  );
}
