import { and, eq, inArray } from "drizzle-orm";
import { bookmarks, likes } from "#drizzle/schema";
import type { RequestContext } from "#workers/platform/context";

/** Everything a member can paw; later issues add shout and shout_comment. */
export const PAW_ITEM_TYPES = ["post", "comment"] as const;
export type PawItemType = (typeof PAW_ITEM_TYPES)[number];
/** Everything a member can bookmark; later issues add shout. */
export const BOOKMARK_ITEM_TYPES = ["post"] as const;
export type BookmarkItemType = (typeof BOOKMARK_ITEM_TYPES)[number];

/** The current member's paw on each item (`ownd`: 1, -1; items without a paw are absent → 0). */
export async function ownPaws(ctx: RequestContext, itemType: string, ids: number[]): Promise<Map<number, 1 | -1>> {
  if (!ctx.actor || !ids.length) return new Map();
  const rows = await ctx.db
    .select({ itemId: likes.itemId, isNegative: likes.isNegative })
    .from(likes)
    .where(and(eq(likes.userId, ctx.actor.id), eq(likes.itemType, itemType), inArray(likes.itemId, ids)));
  return new Map(rows.map((r) => [r.itemId, r.isNegative ? -1 : 1]));
}

/** Which of the items the current member has bookmarked. */
export async function ownBookmarks(ctx: RequestContext, itemType: string, ids: number[]): Promise<Set<number>> {
  if (!ctx.actor || !ids.length) return new Set();
  const rows = await ctx.db
    .select({ itemId: bookmarks.itemId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, ctx.actor.id), eq(bookmarks.itemType, itemType), inArray(bookmarks.itemId, ids)));
  return new Set(rows.map((r) => r.itemId));
}
