import { and, eq } from "drizzle-orm";
import { comments, posts } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";
import type { PawItemType } from "./reactions.read";

/** What a paw or bookmark points at: a published post, or a live comment under one. */
export interface ReactionTarget {
  itemType: PawItemType;
  itemId: number;
  /** The member whose content it is. */
  ownerId: number;
  postSlug: string;
  postTitle: string;
  /** The post itself, or the post the comment is under. */
  postId: number;
  /** A comment's text (for notifications about it); null for a post. */
  text: string | null;
}

const MISSING: Record<PawItemType, string> = {
  post: "Статья не найдена.",
  comment: "Комментарий не найден.",
};

export async function findTarget(ctx: RequestContext, itemType: PawItemType, itemId: number): Promise<ReactionTarget> {
  if (itemType === "post") {
    const post = await ctx.db.query.posts.findFirst({
      where: and(eq(posts.id, itemId), eq(posts.isPublished, true)),
      columns: { id: true, userId: true, slug: true, title: true },
    });
    if (post) {
      return {
        itemType,
        itemId,
        ownerId: post.userId,
        postSlug: post.slug,
        postTitle: post.title,
        postId: post.id,
        text: null,
      };
    }
  } else {
    const [row] = await ctx.db
      .select({
        ownerId: comments.userId,
        postSlug: posts.slug,
        postTitle: posts.title,
        postId: comments.postId,
        text: comments.text,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.id, itemId), eq(comments.isDeleted, false), eq(posts.isPublished, true)))
      .limit(1);
    if (row) return { itemType, itemId, ...row };
  }
  throw new AppError("not_found", MISSING[itemType]);
}
