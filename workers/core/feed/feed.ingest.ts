import { and, asc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type FeedSourceRow, feedEntries, feedGroups, feedSources } from "#drizzle/schema";
import type { Db } from "#workers/platform/db";
import { FeedFetchError, fetchFeed } from "./feed.fetch";
import { chooseGroup, GROUP_WINDOW_DAYS, titleTokens } from "./feed.grouping";
import { FeedParseError, type ParsedEntry, type ParsedFeed, parseFeedDocument } from "./feed.parse";
import { canonicalUrl } from "./feed.text";

/**
 * Ingest (docs/decisions/0030-news-feed.md): new entries of a source, deduplicated by the source's GUID and by
 * canonical URL across sources, each joining the group of its most similar entry of the last GROUP_WINDOW_DAYS
 * or starting a group, all in one D1 batch per poll. Polling: the sources that are due, a conditional GET, a
 * back-off for failing ones.
 */

const DAY_MS = 86_400_000;
/** D1 binds at most 100 parameters a statement. */
const CHUNK = 90;
/** The candidates an entry is compared with: the newest entries of the window. */
const MAX_CANDIDATES = 3000;
/** The longest wait between two polls of a failing source. */
export const MAX_BACKOFF_MINUTES = 24 * 60;
/** Sources polled by one run of the job (the rest are due at the next run). */
export const SOURCES_PER_RUN = 8;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface NewEntry extends ParsedEntry {
  urlKey: string;
  tokens: string[];
  at: Date;
}

/** Entries not seen before: unique in the batch, and neither the source's GUID nor the URL stored already. */
async function unseenEntries(db: Db, sourceId: number, parsed: ParsedEntry[], now: Date): Promise<NewEntry[]> {
  const batch: NewEntry[] = [];
  const guids = new Set<string>();
  const urls = new Set<string>();
  for (const entry of parsed) {
    let urlKey: string;
    try {
      urlKey = canonicalUrl(entry.url);
    } catch {
      continue;
    }
    if (guids.has(entry.guid) || urls.has(urlKey)) continue;
    guids.add(entry.guid);
    urls.add(urlKey);
    // A missing date is the time we first saw the entry; a date in the future is now.
    const at = entry.publishedAt && entry.publishedAt < now ? entry.publishedAt : now;
    batch.push({ ...entry, urlKey, tokens: titleTokens(entry.title), at });
  }
  const seenGuids = new Set<string>();
  const seenUrls = new Set<string>();
  for (const part of chunks(batch, 45)) {
    const rows = await db
      .select({ guid: feedEntries.guid, sourceId: feedEntries.sourceId, urlKey: feedEntries.urlKey })
      .from(feedEntries)
      .where(
        or(
          and(
            eq(feedEntries.sourceId, sourceId),
            inArray(
              feedEntries.guid,
              part.map((e) => e.guid),
            ),
          ),
          inArray(
            feedEntries.urlKey,
            part.map((e) => e.urlKey),
          ),
        ),
      );
    for (const row of rows) {
      if (row.sourceId === sourceId) seenGuids.add(row.guid);
      seenUrls.add(row.urlKey);
    }
  }
  return batch.filter((e) => !seenGuids.has(e.guid) && !seenUrls.has(e.urlKey));
}

/** The statements that recompute groups' counts, times, best entry, headline and image (and drop empty ones). */
export function refreshGroups(db: Db, groupIds: number[]): BatchItem<"sqlite">[] {
  return chunks([...new Set(groupIds)]).flatMap((ids) => {
    const best = sql`(SELECT e.id FROM feed_entries e WHERE e.group_id = feed_groups.id ORDER BY e.image_url IS NULL, e.published_at, e.id LIMIT 1)`;
    return [
      db
        .update(feedGroups)
        .set({
          entriesCount: sql`(SELECT count(*) FROM feed_entries e WHERE e.group_id = feed_groups.id)`,
          publishedAt: sql`coalesce((SELECT min(e.published_at) FROM feed_entries e WHERE e.group_id = feed_groups.id), feed_groups.published_at)`,
          updatedAt: sql`coalesce((SELECT max(e.published_at) FROM feed_entries e WHERE e.group_id = feed_groups.id), feed_groups.updated_at)`,
          bestEntryId: best,
          headline: sql`coalesce((SELECT e.title FROM feed_entries e WHERE e.id = ${best}), feed_groups.headline)`,
          imageUrl: sql`(SELECT e.image_url FROM feed_entries e WHERE e.id = ${best})`,
        })
        .where(inArray(feedGroups.id, ids)),
      db
        .delete(feedGroups)
        .where(
          and(
            inArray(feedGroups.id, ids),
            sql`NOT EXISTS (SELECT 1 FROM feed_entries e WHERE e.group_id = feed_groups.id)`,
          ),
        ),
    ];
  });
}

/** The statement that recounts a source's entries. */
export function recountSource(db: Db, sourceId: number) {
  return db
    .update(feedSources)
    .set({ entriesCount: sql`(SELECT count(*) FROM feed_entries e WHERE e.source_id = feed_sources.id)` })
    .where(eq(feedSources.id, sourceId));
}

/**
 * Stores a source's parsed entries: the new ones join or start groups. Returns how many were added and the
 * groups they went to. Rerunning it with the same entries adds nothing.
 */
export async function ingestEntries(
  db: Db,
  sourceId: number,
  parsed: ParsedEntry[],
  now: Date,
): Promise<{ added: number; groupIds: number[] }> {
  const fresh = (await unseenEntries(db, sourceId, parsed, now)).sort((a, b) => a.at.getTime() - b.at.getTime());
  if (!fresh.length) return { added: 0, groupIds: [] };
  const from = new Date(fresh[0].at.getTime() - GROUP_WINDOW_DAYS * DAY_MS);
  const rows = await db
    .select({ groupId: feedEntries.groupId, tokens: feedEntries.titleTokens, at: feedEntries.publishedAt })
    .from(feedEntries)
    .where(gte(feedEntries.publishedAt, from))
    .orderBy(sql`${feedEntries.publishedAt} DESC`)
    .limit(MAX_CANDIDATES);
  const candidates = rows.map((r) => ({ groupId: r.groupId, tokens: r.tokens.split(" ").filter(Boolean), at: r.at }));
  // New groups get their ids here, so one batch writes groups and entries together; a concurrent poll taking
  // the same ids fails its batch as a whole and retries at its next poll.
  const [{ maxId }] = await db.select({ maxId: sql<number>`coalesce(max(feed_groups.id), 0)` }).from(feedGroups);
  let nextGroupId = Number(maxId) + 1;
  const statements: BatchItem<"sqlite">[] = [];
  const groupIds: number[] = [];
  const windowMs = GROUP_WINDOW_DAYS * DAY_MS;
  for (const entry of fresh) {
    const near = candidates.filter((c) => Math.abs(c.at.getTime() - entry.at.getTime()) <= windowMs);
    let groupId = chooseGroup(entry.tokens, near);
    if (groupId === null) {
      groupId = nextGroupId++;
      statements.push(
        db.insert(feedGroups).values({
          id: groupId,
          headline: entry.title,
          imageUrl: entry.imageUrl,
          publishedAt: entry.at,
          updatedAt: entry.at,
        }),
      );
    }
    groupIds.push(groupId);
    candidates.push({ groupId, tokens: entry.tokens, at: entry.at });
    statements.push(
      db
        .insert(feedEntries)
        .values({
          sourceId,
          groupId,
          guid: entry.guid,
          url: entry.url,
          urlKey: entry.urlKey,
          title: entry.title,
          summary: entry.summary,
          imageUrl: entry.imageUrl,
          titleTokens: entry.tokens.join(" "),
          publishedAt: entry.at,
          createdAt: now,
        })
        .onConflictDoNothing(),
    );
  }
  const all = [...statements, ...refreshGroups(db, groupIds), recountSource(db, sourceId)];
  await db.batch(all as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { added: fresh.length, groupIds: [...new Set(groupIds)] };
}

/** Minutes until the next poll after `failures` failures in a row: the interval, doubled per failure, capped. */
export function backoffMinutes(intervalMinutes: number, failures: number): number {
  return Math.min(intervalMinutes * 2 ** Math.min(failures, 10), MAX_BACKOFF_MINUTES);
}

export interface PollResult {
  sourceId: number;
  status: "added" | "not_modified" | "failed";
  added: number;
  error?: string;
}

/** Polls one source now: fetch, parse, ingest; records success or the failure and when to try again. */
export async function pollSource(db: Db, source: FeedSourceRow, now: Date): Promise<PollResult> {
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  try {
    const fetched = await fetchFeed(source);
    if (fetched.status === "not_modified") {
      await db
        .update(feedSources)
        .set({ lastPolledAt: now, lastSuccessAt: now, failures: 0, nextPollAt: at(source.intervalMinutes) })
        .where(eq(feedSources.id, source.id));
      return { sourceId: source.id, status: "not_modified", added: 0 };
    }
    const parsed: ParsedFeed = parseFeedDocument(fetched.text, source.url, { truncated: fetched.truncated });
    const { added } = await ingestEntries(db, source.id, parsed.entries, now);
    const note = fetched.truncated
      ? "Лента больше 2 МБ: прочитано только её начало."
      : parsed.entries.length === 0 && parsed.skipped > 0
        ? "В ленте нет ни одной записи со ссылкой и заголовком."
        : null;
    await db
      .update(feedSources)
      .set({
        etag: fetched.etag,
        lastModified: fetched.lastModified,
        lastPolledAt: now,
        lastSuccessAt: now,
        failures: 0,
        nextPollAt: at(source.intervalMinutes),
        ...(note ? { lastError: note, lastErrorAt: now } : {}),
      })
      .where(eq(feedSources.id, source.id));
    return { sourceId: source.id, status: "added", added };
  } catch (error) {
    const message =
      error instanceof FeedFetchError || error instanceof FeedParseError
        ? error.message
        : "Внутренняя ошибка при обработке ленты.";
    if (!(error instanceof FeedFetchError || error instanceof FeedParseError)) {
      console.error(`feed source ${source.id} failed`, error);
    }
    const failures = source.failures + 1;
    await db
      .update(feedSources)
      .set({
        lastPolledAt: now,
        lastError: message,
        lastErrorAt: now,
        failures,
        nextPollAt: at(backoffMinutes(source.intervalMinutes, failures)),
      })
      .where(eq(feedSources.id, source.id));
    return { sourceId: source.id, status: "failed", added: 0, error: message };
  }
}

/** Polls the enabled sources due at `now` (the most overdue first); a broken source never stops the others. */
export async function pollDueSources(db: Db, now: Date, limit = SOURCES_PER_RUN): Promise<PollResult[]> {
  const due = await db
    .select()
    .from(feedSources)
    .where(and(eq(feedSources.isEnabled, true), lte(feedSources.nextPollAt, now)))
    .orderBy(asc(feedSources.nextPollAt), asc(feedSources.id))
    .limit(limit);
  const results: PollResult[] = [];
  for (const source of due) results.push(await pollSource(db, source, now));
  return results;
}
