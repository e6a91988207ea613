import { and, eq, sql } from "drizzle-orm";
import { bookmarks } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { can } from "./reactions.policy";
import type { BookmarkItemType } from "./reactions.read";
import { ZBookmarkToggle } from "./reactions.schemas";
import { findTarget } from "./targets";

export interface BookmarkState {
  item_id: number;
  item_type: BookmarkItemType;
  is_bookmarked: boolean;
}

/** POST /v1/bookmark/: adds the item to the member's bookmarks, or removes it when it is there. */
export async function toggleBookmark(ctx: RequestContext, input: unknown): Promise<BookmarkState> {
  const actor = ctx.actor;
  if (!actor) throw new AppError("unauthenticated", "Войдите на сайт, чтобы добавлять в закладки.");
  if (!can(actor, "bookmark")) throw new AppError("forbidden");
  const { item_id: itemId, item_type: itemType } = parseInput(ZBookmarkToggle, input);
  const key = and(eq(bookmarks.userId, actor.id), eq(bookmarks.itemType, itemType), eq(bookmarks.itemId, itemId));
  const existing = await ctx.db.query.bookmarks.findFirst({ where: key });
  if (existing) {
    await ctx.db.delete(bookmarks).where(key);
    return { item_id: itemId, item_type: itemType, is_bookmarked: false };
  }
  await findTarget(ctx, itemType, itemId);
  await ctx.db.run(sql`
    INSERT INTO bookmarks (user_id, item_type, item_id, created_at)
    SELECT ${actor.id}, ${itemType}, ${itemId}, ${ctx.now().getTime()}
    WHERE ${
      itemType === "post"
        ? sql`EXISTS (SELECT 1 FROM posts WHERE id = ${itemId} AND is_published = 1)`
        : sql`EXISTS (SELECT 1 FROM shouts WHERE id = ${itemId})`
    }
    ON CONFLICT DO NOTHING`);
  return { item_id: itemId, item_type: itemType, is_bookmarked: true };
}
