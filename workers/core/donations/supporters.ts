import { and, asc, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { donations, users } from "#drizzle/schema";
import type { Db } from "#workers/platform/db";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A member's supporter period, derived from their donations (docs/decisions/0028): each donation adds its days
 * from when it came, or from the end of the period it extends — so two donations in one month add up. Pure.
 */
export function supporterUntil(rows: { donatedAt: Date; supporterDays: number }[]): Date | null {
  let until: number | null = null;
  for (const row of rows) {
    if (row.supporterDays <= 0) continue;
    const start = Math.max(until ?? 0, row.donatedAt.getTime());
    until = start + row.supporterDays * DAY_MS;
  }
  return until === null ? null : new Date(until);
}

/**
 * Recomputes `users.supporter_until` from the member's donations and sets the `is_supporter` cache from it at
 * `now`. Idempotent (a retried webhook or a relinked donation comes out the same). A member with no donation
 * days keeps a flag set by hand only if donations never set it (supporter_until was null).
 */
export async function refreshSupporter(db: Db, userId: number, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ donatedAt: donations.donatedAt, supporterDays: donations.supporterDays })
    .from(donations)
    .where(and(eq(donations.userId, userId), gt(donations.supporterDays, 0)))
    .orderBy(asc(donations.donatedAt), asc(donations.id));
  const until = supporterUntil(rows);
  await db
    .update(users)
    .set(
      until
        ? { supporterUntil: until, isSupporter: until.getTime() > now.getTime() }
        : {
            supporterUntil: null,
            isSupporter: sql`CASE WHEN ${users.supporterUntil} IS NOT NULL THEN 0 ELSE ${users.isSupporter} END`,
          },
    )
    .where(eq(users.id, userId));
  return until;
}

/**
 * Turns the cache off for every member whose period has ended (the five-minute job, workers/jobs/supporters.ts).
 * Returns their ids.
 */
export async function expireSupporters(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .update(users)
    .set({ isSupporter: false })
    .where(and(eq(users.isSupporter, true), isNotNull(users.supporterUntil), lte(users.supporterUntil, now)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}
