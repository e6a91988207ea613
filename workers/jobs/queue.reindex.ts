import { sql } from "drizzle-orm";
import { recordAudit } from "#workers/core/audit/audit";
import { AppError } from "#workers/core/errors";
import { requireWriter } from "#workers/core/shared/actor";
import type { RequestContext } from "#workers/platform/context";
import searchIndexes from "../../migrations/0005_search_index.sql?raw";
import postTitles from "../../migrations/0028_search_post_titles.sql?raw";
import { SEARCH_INDEXES, type SearchIndex, type TReindexMessage } from "./queue.messages";
import { sendJobs } from "./queue.producer";

/**
 * Search reindexing through the queue (docs/decisions/0037-queues-fan-out.md): each full-text index is rebuilt from
 * its table one range of rowids per message — delete the range from the index, insert it again from the table, in
 * one D1 batch — and each step sends the next. A step is idempotent (a retried or repeated range ends the same),
 * short (REINDEX_RANGE rows, well inside a Worker's CPU time), and the live site keeps searching all along: the
 * triggers of migrations 0005, 0017 and 0028 keep new writes indexed meanwhile. scripts/search-reindex.mjs does the
 * same in one go on a local database.
 */

/** Rowids per step. */
export const REINDEX_RANGE = 5000;

/**
 * What fills each index: the backfill statements of the migrations that made them (0005, 0028: one definition), and
 * the news feed's titles.
 */
function backfills(): Record<SearchIndex, { head: string; select: string; table: string }> {
  const statements = [searchIndexes, postTitles]
    .flatMap((migration) => migration.split("--> statement-breakpoint"))
    .map((s) => s.trim().replace(/;$/, ""))
    .filter((s) => /^INSERT INTO search_\w+ \(rowid/.test(s));
  const parts = Object.fromEntries(
    statements.map((s) => {
      const match = /^(INSERT INTO (search_\w+) \([^)]*\))\s+(SELECT[\s\S]*FROM (\w+)[\s\S]*)$/.exec(s);
      if (!match) throw new Error(`search index migration: unexpected backfill ${s.slice(0, 60)}`);
      return [match[2], { head: match[1], select: match[3], table: match[4] }];
    }),
  );
  return {
    ...parts,
    search_feed: {
      head: "INSERT INTO search_feed (rowid, title)",
      select: "SELECT id, replace(replace(title, 'ё', 'е'), 'Ё', 'Е') FROM feed_entries",
      table: "feed_entries",
    },
  } as Record<SearchIndex, { head: string; select: string; table: string }>;
}

let cached: ReturnType<typeof backfills> | undefined;
const sources = () => {
  cached ??= backfills();
  return cached;
};

/** Rebuilds one range of an index and sends the next step; resolves to the next message, or null when done. */
export async function reindexRange(ctx: RequestContext, message: TReindexMessage): Promise<TReindexMessage | null> {
  const source = sources()[message.index];
  const from = message.afterId;
  const to = Math.min(message.afterId + REINDEX_RANGE, message.untilId);
  // One D1 batch (one transaction): the range is never missing from the index between the two statements.
  const d1 = ctx.env.DB;
  await d1.batch([
    d1.prepare(`DELETE FROM ${message.index} WHERE rowid > ?1 AND rowid <= ?2`).bind(from, to),
    d1.prepare(`${source.head} SELECT * FROM (${source.select}) WHERE id > ?1 AND id <= ?2`).bind(from, to),
  ]);
  if (to >= message.untilId) {
    await d1.prepare(`INSERT INTO ${message.index}(${message.index}) VALUES('optimize')`).run();
    return null;
  }
  const next: TReindexMessage = { ...message, afterId: to };
  await sendJobs(ctx.env, [next]);
  return next;
}

/** The first step of rebuilding each index (up to its table's largest id now; later rows are indexed by triggers). */
export async function reindexMessages(ctx: Pick<RequestContext, "db">): Promise<TReindexMessage[]> {
  const all = sources();
  const columns = sql.join(
    SEARCH_INDEXES.map((index) => sql`(SELECT coalesce(max(id), 0) FROM ${sql.raw(all[index].table)})`),
    sql`, `,
  );
  const [maxima] = await ctx.db.values<number[]>(sql`SELECT ${columns}`);
  return SEARCH_INDEXES.map((index, i) => ({ kind: "reindex" as const, index, afterId: 0, untilId: maxima?.[i] ?? 0 }));
}

export interface ReindexStarted {
  /** Each index and the rows it is rebuilt up to. */
  indexes: { index: SearchIndex; until_id: number; steps: number }[];
}

/**
 * POST /v1/search/reindex/: an admin starts rebuilding every search index through the queue (audit `search.reindex`).
 * Answers at once; the steps run in the background, the search works all along.
 */
export async function startSearchReindex(ctx: RequestContext): Promise<ReindexStarted> {
  // A banned or blocked admin is refused like every other write (decision 0024).
  const actor = requireWriter(ctx, "Войдите на сайт.");
  if (!actor.isAdmin) throw new AppError("forbidden", "Перестроить поиск может только администратор.");
  const messages = await reindexMessages(ctx);
  await sendJobs(ctx.env, messages);
  const indexes = messages.map((m) => ({
    index: m.index,
    until_id: m.untilId,
    steps: Math.max(1, Math.ceil(m.untilId / REINDEX_RANGE)),
  }));
  await recordAudit(ctx.db, {
    actorId: actor.id,
    action: "search.reindex",
    targetType: "search",
    meta: { indexes },
    at: ctx.now(),
  });
  return { indexes };
}
