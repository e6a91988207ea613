import { and, eq } from "drizzle-orm";
import { comments, posts, shoutComments, shouts, users } from "#drizzle/schema";
import { commentUrl } from "#workers/core/comments/comments.serializers";
import { AppError } from "#workers/core/errors";
import { postTitle } from "#workers/core/notifications/notifications.serializers";
import { sourceKey } from "#workers/core/notifications/sources";
import { shoutSourceKey, shoutTitle } from "#workers/core/notifications/triggers/shouts";
import { postUrl } from "#workers/core/posts/posts.urls";
import { authorFlags } from "#workers/core/shouts/shouts.policy";
import { shoutCommentUrl, shoutUrl } from "#workers/core/shouts/shouts.serializers";
import type { RequestContext } from "#workers/platform/context";
import type { Audience } from "#workers/realtime/messages";
import type { BookmarkItemType, PawItemType } from "./reactions.read";

/**
 * What a paw or bookmark points at: a published post, a live comment under one, a shout, or a live comment
 * under a shout — with what notifications and realtime events about it need.
 */
export interface ReactionTarget {
  itemType: PawItemType;
  itemId: number;
  /** The member whose content it is. */
  ownerId: number;
  /** The page the item is on ("/posts/<slug>", "/bonfire/<id>"): the link of notifications about it. */
  pageUrl: string;
  /** The post's title, or the shout's text as a title. */
  title: string;
  /** A comment's link on its page; the page itself for posts and shouts. */
  itemUrl: string;
  /** `source_key` of notifications about the item. */
  sourceKey: string;
  /** A comment's text (for notifications about it); null for a post or shout. */
  text: string | null;
  /** Who receives `like_*` events about the item. */
  audience: Audience;
}

const MISSING: Record<PawItemType, string> = {
  post: "Статья не найдена.",
  comment: "Комментарий не найден.",
  shout: "Записка не найдена.",
  shout_comment: "Комментарий не найден.",
};

/** The readers of a shout's page: its members only if its author hides shouts from guests. */
export function shoutPageAudience(shoutId: number, authorIsPublic: boolean): Audience {
  return { kind: "route", route: shoutUrl(shoutId), membersOnly: !authorIsPublic };
}

/** Events about a shout: everyone; members only if its author hides shouts from guests; its page if muted. */
export function shoutAudience(shout: { id: number; isMuted: boolean }, authorIsPublic: boolean): Audience {
  if (shout.isMuted) return shoutPageAudience(shout.id, authorIsPublic);
  return authorIsPublic ? { kind: "all" } : { kind: "members" };
}

export async function findTarget(
  ctx: RequestContext,
  itemType: PawItemType | BookmarkItemType,
  itemId: number,
): Promise<ReactionTarget> {
  if (itemType === "post") {
    const post = await ctx.db.query.posts.findFirst({
      where: and(eq(posts.id, itemId), eq(posts.isPublished, true)),
      columns: { id: true, userId: true, slug: true, title: true },
    });
    if (post) {
      const url = postUrl(post.slug);
      return {
        itemType,
        itemId,
        ownerId: post.userId,
        pageUrl: url,
        title: postTitle(post.title),
        itemUrl: url,
        sourceKey: sourceKey.post(post.id),
        text: null,
        audience: { kind: "all" },
      };
    }
  } else if (itemType === "comment") {
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
    if (row) {
      return {
        itemType,
        itemId,
        ownerId: row.ownerId,
        pageUrl: postUrl(row.postSlug),
        title: postTitle(row.postTitle),
        itemUrl: commentUrl(row.postSlug, itemId),
        sourceKey: sourceKey.comment(row.postId, itemId),
        text: row.text,
        audience: { kind: "route", route: `/posts/${row.postSlug}` },
      };
    }
  } else if (itemType === "shout") {
    const [row] = await ctx.db
      .select({ shout: shouts, settings: users.settings })
      .from(shouts)
      .innerJoin(users, eq(users.id, shouts.userId))
      .where(eq(shouts.id, itemId))
      .limit(1);
    // A guest never learns of a shout its author hides from guests (guests cannot paw anyway).
    if (row && (ctx.actor || authorFlags(row).isPublic)) {
      const url = shoutUrl(itemId);
      return {
        itemType,
        itemId,
        ownerId: row.shout.userId,
        pageUrl: url,
        title: shoutTitle(row.shout.text),
        itemUrl: url,
        sourceKey: shoutSourceKey.shout(itemId),
        text: null,
        audience: shoutAudience(row.shout, authorFlags(row).isPublic),
      };
    }
  } else if (itemType === "shout_comment") {
    const [row] = await ctx.db
      .select({
        ownerId: shoutComments.userId,
        shoutId: shoutComments.shoutId,
        text: shoutComments.text,
        shoutText: shouts.text,
        settings: users.settings,
      })
      .from(shoutComments)
      .innerJoin(shouts, eq(shouts.id, shoutComments.shoutId))
      .innerJoin(users, eq(users.id, shouts.userId))
      .where(and(eq(shoutComments.id, itemId), eq(shoutComments.isDeleted, false)))
      .limit(1);
    if (row && (ctx.actor || authorFlags(row).isPublic)) {
      return {
        itemType,
        itemId,
        ownerId: row.ownerId,
        pageUrl: shoutUrl(row.shoutId),
        title: shoutTitle(row.shoutText),
        itemUrl: shoutCommentUrl(row.shoutId, itemId),
        sourceKey: shoutSourceKey.comment(row.shoutId, itemId),
        text: row.text,
        audience: shoutPageAudience(row.shoutId, authorFlags(row).isPublic),
      };
    }
  }
  throw new AppError("not_found", MISSING[itemType]);
}
