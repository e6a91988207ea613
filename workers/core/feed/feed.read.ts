import { and, asc, desc, eq, inArray, lt, or } from "drizzle-orm";
import {
  type FeedEntryRow,
  type FeedGroupRow,
  type FeedSourceRow,
  feedEntries,
  feedGroups,
  feedSources,
} from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { FEED_PAGE_SIZE, ZFeedList } from "./feed.schemas";
import { feedGroupUrl, feedImagePath } from "./feed.urls";

/** Reading the feed: groups newest first, every entry, one group (spec §3 News item, §7 /v1/feed-entry-group/). */

export interface FeedSourceShape {
  name: string;
  domain: string;
  image_url: string | null;
}

/** Spec §3 News item. */
export interface NewsItem {
  id: number;
  group: number;
  headline: string;
  summary: string;
  url: string;
  image_url: string | null;
  datetime_published: string;
  source: FeedSourceShape;
}

export interface FeedGroupView {
  id: number;
  headline: string;
  image_url: string | null;
  url: string;
  datetime_published: string;
  datetime_updated: string;
  entries_count: number;
  /** The sites that told the story, each once, in the order they did. */
  sources: FeedSourceShape[];
  /** Its entries, the first published first. */
  entries: NewsItem[];
}

export interface FeedPage<T> {
  results: T[];
  next: string | null;
  previous: string | null;
}

function serializeSource(source: FeedSourceRow): FeedSourceShape {
  return {
    name: source.name,
    domain: source.domain,
    image_url: source.iconUrl ? feedImagePath("source", source.id) : null,
  };
}

export function serializeEntry(entry: FeedEntryRow, source: FeedSourceRow): NewsItem {
  return {
    id: entry.id,
    group: entry.groupId,
    headline: entry.title,
    summary: entry.summary,
    url: entry.url,
    image_url: entry.imageUrl ? feedImagePath("entry", entry.id) : null,
    datetime_published: entry.publishedAt.toISOString(),
    source: serializeSource(source),
  };
}

/** Group views with their entries and sources, in the order of `groups`. */
export async function loadGroupViews(ctx: RequestContext, groups: FeedGroupRow[]): Promise<FeedGroupView[]> {
  if (!groups.length) return [];
  const rows = await ctx.db
    .select({ entry: feedEntries, source: feedSources })
    .from(feedEntries)
    .innerJoin(feedSources, eq(feedSources.id, feedEntries.sourceId))
    .where(
      inArray(
        feedEntries.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(feedEntries.publishedAt), asc(feedEntries.id));
  const byGroup = new Map<number, typeof rows>();
  for (const row of rows) byGroup.set(row.entry.groupId, [...(byGroup.get(row.entry.groupId) ?? []), row]);
  return groups.map((group) => {
    const entries = byGroup.get(group.id) ?? [];
    const sources = new Map<number, FeedSourceShape>();
    for (const { source } of entries) if (!sources.has(source.id)) sources.set(source.id, serializeSource(source));
    return {
      id: group.id,
      headline: group.headline,
      image_url: group.imageUrl ? feedImagePath("group", group.id) : null,
      url: feedGroupUrl(group.id),
      datetime_published: group.publishedAt.toISOString(),
      datetime_updated: group.updatedAt.toISOString(),
      entries_count: group.entriesCount,
      sources: [...sources.values()],
      entries: entries.map(({ entry, source }) => serializeEntry(entry, source)),
    };
  });
}

function encodeCursor(at: Date, id: number): string {
  return btoa(`${at.getTime()}.${id}`).replace(/=+$/, "");
}

function decodeCursor(cursor: string): { at: Date; id: number } {
  try {
    const match = /^(\d{1,15})\.(\d{1,15})$/.exec(atob(cursor));
    if (match) return { at: new Date(Number(match[1])), id: Number(match[2]) };
  } catch {
    // falls through
  }
  throw AppError.field("cursor", "Неверный курсор страницы.");
}

function cursorPage<T, R extends { id: number }>(
  rows: R[],
  at: (row: R) => Date,
  results: T[],
  query: Record<string, string>,
): FeedPage<T> {
  const last = rows[FEED_PAGE_SIZE - 1];
  const params = new URLSearchParams(query);
  if (rows.length > FEED_PAGE_SIZE && last) params.set("cursor", encodeCursor(at(last), last.id));
  return { results, next: rows.length > FEED_PAGE_SIZE ? `?${params}` : null, previous: null };
}

/** GET /v1/feed-entry-group/ and /feed: story groups, the newest first, by cursor. */
export async function listGroups(ctx: RequestContext, input: unknown): Promise<FeedPage<FeedGroupView>> {
  const { cursor } = parseInput(ZFeedList, input ?? {});
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await ctx.db
    .select()
    .from(feedGroups)
    .where(
      after
        ? or(
            lt(feedGroups.publishedAt, after.at),
            and(eq(feedGroups.publishedAt, after.at), lt(feedGroups.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(feedGroups.publishedAt), desc(feedGroups.id))
    .limit(FEED_PAGE_SIZE + 1);
  const views = await loadGroupViews(ctx, rows.slice(0, FEED_PAGE_SIZE));
  return cursorPage(rows, (r) => r.publishedAt, views, {});
}

/** /feed?type=all: every entry, the newest first, by cursor. */
export async function listEntries(ctx: RequestContext, input: unknown): Promise<FeedPage<NewsItem>> {
  const { cursor } = parseInput(ZFeedList, input ?? {});
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await ctx.db
    .select({ entry: feedEntries, source: feedSources })
    .from(feedEntries)
    .innerJoin(feedSources, eq(feedSources.id, feedEntries.sourceId))
    .where(
      after
        ? or(
            lt(feedEntries.publishedAt, after.at),
            and(eq(feedEntries.publishedAt, after.at), lt(feedEntries.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(feedEntries.publishedAt), desc(feedEntries.id))
    .limit(FEED_PAGE_SIZE + 1);
  const items = rows.slice(0, FEED_PAGE_SIZE).map((r) => serializeEntry(r.entry, r.source));
  return cursorPage(
    rows.map((r) => r.entry),
    (r) => r.publishedAt,
    items,
    { type: "all" },
  );
}

/** GET /v1/feed-entry-group/{id}/ and /feed/{id}: one story with all its entries. */
export async function getGroup(ctx: RequestContext, id: unknown): Promise<FeedGroupView> {
  const groupId = typeof id === "string" && /^\d{1,15}$/.test(id) ? Number(id) : typeof id === "number" ? id : NaN;
  if (!Number.isSafeInteger(groupId) || groupId <= 0) throw new AppError("not_found", "Такой новости нет.");
  const [group] = await ctx.db.select().from(feedGroups).where(eq(feedGroups.id, groupId));
  if (!group) throw new AppError("not_found", "Такой новости нет.");
  const [view] = await loadGroupViews(ctx, [group]);
  return view;
}

/** Groups by id, in the order of `ids` (news search). */
export async function groupsInOrder(ctx: RequestContext, ids: number[]): Promise<FeedGroupView[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.select().from(feedGroups).where(inArray(feedGroups.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return loadGroupViews(
    ctx,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/**
 * The groups of these entries (news search: the matching entries, newest first), each once, in the order of
 * their first entry in `entryIds`; at most `limit`.
 */
export async function groupsOfEntries(
  ctx: RequestContext,
  entryIds: number[],
  limit: number,
): Promise<FeedGroupView[]> {
  if (!entryIds.length) return [];
  const rows = await ctx.db
    .select({ id: feedEntries.id, groupId: feedEntries.groupId })
    .from(feedEntries)
    .where(inArray(feedEntries.id, entryIds));
  const groupOf = new Map(rows.map((r) => [r.id, r.groupId]));
  const ids = [...new Set(entryIds.flatMap((id) => groupOf.get(id) ?? []))].slice(0, limit);
  return groupsInOrder(ctx, ids);
}
