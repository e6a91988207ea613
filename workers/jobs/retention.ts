import { sql } from "drizzle-orm";
import type { Db } from "#workers/platform/db";
import type { Job } from "./scheduled";

const DAY_MS = 86_400_000;

/**
 * How long rows that are only needed for a while are kept (docs/capacity.md: without pruning, these tables are what
 * fills a 10 GB D1 database first). Everything else — posts, comments, shouts, paws — is kept for ever.
 */
export const RETENTION = {
  /** A notification untouched (not regrouped) for this long is gone, read or not. */
  notificationsDays: 90,
  /** The activity stream is a live sidebar; a month of history is more than anyone scrolls. */
  activitiesDays: 30,
  /** Shout views count once per viewer per UTC day: only today's rows (and yesterday's, for the day boundary) matter. */
  shoutViewDays: 2,
} as const;

/** Rows deleted per statement, and statements per table per run: bounded work in one cron invocation. */
export const PRUNE_BATCH = 2_000;
const MAX_BATCHES = 10;

interface PruneTarget {
  table: string;
  /** A column that grows with insertion order (the row id): old rows are a prefix of it. */
  key: string;
  /** Whether a row is still young (kept). Must hold for every row inserted after a young one. */
  young: ReturnType<typeof sql>;
  /** Whether a row below the boundary may go (e.g. not regrouped lately). */
  old?: ReturnType<typeof sql>;
}

/**
 * Deletes the old prefix of a table in bounded batches. No scan of the whole table: the boundary is the first young
 * row in key order (found right after the already-pruned prefix), and each batch is a range of the key below it.
 * Returns how many rows went.
 */
async function prunePrefix(db: Db, target: PruneTarget): Promise<number> {
  const table = sql.raw(target.table);
  const key = sql.raw(target.key);
  const first = await db.all<{ k: number }>(
    sql`SELECT ${key} AS k FROM ${table} WHERE ${target.young} ORDER BY ${key} LIMIT 1`,
  );
  // No young row at all: every row is old (the boundary is past the end).
  const boundary = first[0]?.k ?? Number.MAX_SAFE_INTEGER;
  const old = target.old ?? sql`1`;
  let removed = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const result = await db.run(
      sql`DELETE FROM ${table} WHERE ${key} IN (
        SELECT ${key} FROM ${table} WHERE ${key} < ${boundary} AND ${old} ORDER BY ${key} LIMIT ${PRUNE_BATCH})`,
    );
    const changes = result.meta.changes ?? 0;
    removed += changes;
    if (changes < PRUNE_BATCH) break;
  }
  return removed;
}

/** Prunes notifications, activities and shout views past their retention (see RETENTION). */
export async function pruneExpiredRows(db: Db, now: Date): Promise<Record<string, number>> {
  const ms = now.getTime();
  const notificationsCutoff = ms - RETENTION.notificationsDays * DAY_MS;
  const activitiesCutoff = ms - RETENTION.activitiesDays * DAY_MS;
  const firstKeptDay = Math.floor(ms / DAY_MS) - (RETENTION.shoutViewDays - 1);
  return {
    notifications: await prunePrefix(db, {
      table: "notifications",
      key: "id",
      young: sql`created_at >= ${notificationsCutoff}`,
      // A grouped notification made long ago may have grown today: it stays until it is quiet for the whole term.
      old: sql`updated_at < ${notificationsCutoff}`,
    }),
    activities: await prunePrefix(db, {
      table: "activities",
      key: "id",
      young: sql`created_at >= ${activitiesCutoff}`,
    }),
    shoutViews: await prunePrefix(db, {
      table: "shout_views",
      key: "rowid",
      young: sql`day >= ${firstKeptDay}`,
      old: sql`day < ${firstKeptDay}`,
    }),
  };
}

/** Once an hour (the first tick of each hour) is plenty for retention measured in days. */
export const retentionJob: Job = {
  name: "retention",
  async run(job) {
    if (job.now.getUTCMinutes() >= 5) return;
    await pruneExpiredRows(job.db, job.now);
  },
};
