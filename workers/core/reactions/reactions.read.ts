import { and, eq, inArray, type Placeholder, type SQL } from "drizzle-orm";
import { bookmarks, likes } from "#drizzle/schema";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { inJson, preparedRead } from "#workers/platform/prepared";

/** Everything a member can paw. */
export const PAW_ITEM_TYPES = ["post", "comment", "shout", "shout_comment"] as const;
export type PawItemType = (typeof PAW_ITEM_TYPES)[number];
/** Everything a member can bookmark. */
export const BOOKMARK_ITEM_TYPES = ["post", "shout"] as const;
export type BookmarkItemType = (typeof BOOKMARK_ITEM_TYPES)[number];

/** The query behind ownPaws, for callers that put it into a D1 batch with others. */
export function ownPawsQuery(db: Db, actorId: number | Placeholder, itemType: string, ids: number[] | SQL) {
  if (Array.isArray(ids)) return pawsOfList(db, { userId: actorId, itemType, ids: JSON.stringify(ids) });
  return db
    .select({ itemId: likes.itemId, isNegative: likes.isNegative })
    .from(likes)
    .where(and(eq(likes.userId, actorId), eq(likes.itemType, itemType), inArray(likes.itemId, ids)));
}

// A list of ids known (the usual case) needs no query embedded: built once per isolate (workers/platform/prepared.ts).
const pawsOfList = preparedRead(["userId", "itemType", "ids"], (db, p) =>
  db
    .select({ itemId: likes.itemId, isNegative: likes.isNegative })
    .from(likes)
    .where(and(eq(likes.userId, p.userId), eq(likes.itemType, p.itemType), inJson(likes.itemId, p.ids))),
);
const bookmarksOfList = preparedRead(["userId", "itemType", "ids"], (db, p) =>
  db
    .select({ itemId: bookmarks.itemId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, p.userId), eq(bookmarks.itemType, p.itemType), inJson(bookmarks.itemId, p.ids))),
);

export function pawMap(rows: { itemId: number; isNegative: boolean }[]): Map<number, 1 | -1> {
  return new Map(rows.map((r) => [r.itemId, r.isNegative ? -1 : 1]));
}

/** The query behind ownBookmarks, for D1 batches. */
export function ownBookmarksQuery(db: Db, actorId: number | Placeholder, itemType: string, ids: number[] | SQL) {
  if (Array.isArray(ids)) return bookmarksOfList(db, { userId: actorId, itemType, ids: JSON.stringify(ids) });
  return db
    .select({ itemId: bookmarks.itemId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, actorId), eq(bookmarks.itemType, itemType), inArray(bookmarks.itemId, ids)));
}

/** The current member's paw on each item (`ownd`: 1, -1; items without a paw are absent → 0). */
export async function ownPaws(ctx: RequestContext, itemType: string, ids: number[]): Promise<Map<number, 1 | -1>> {
  if (!ctx.actor || !ids.length) return new Map();
  return pawMap(await ownPawsQuery(ctx.db, ctx.actor.id, itemType, ids));
}

/** Which of the items the current member has bookmarked. */
export async function ownBookmarks(ctx: RequestContext, itemType: string, ids: number[]): Promise<Set<number>> {
  if (!ctx.actor || !ids.length) return new Set();
  const rows = await ownBookmarksQuery(ctx.db, ctx.actor.id, itemType, ids);
  return new Set(rows.map((r) => r.itemId));
}
