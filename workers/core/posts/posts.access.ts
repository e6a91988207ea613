import type { PostRow } from "#drizzle/schema";
import { getConfig } from "#workers/core/config/config";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";
import { can, type PostAccess, type PostRules } from "./posts.policy";
import { findPost } from "./posts.read";

/** What every post service starts from: the actor, the rules in force, the post the actor may see. */

export const NOT_FOUND = "Статья не найдена.";

export async function rules(ctx: RequestContext): Promise<PostRules> {
  const config = await getConfig(ctx);
  return { now: ctx.now(), isOneHourEditEnabled: config.is_one_hour_edit_enabled };
}

export function access(post: PostRow, sharedWith: number[]): PostAccess {
  return {
    userId: post.userId,
    isPublished: post.isPublished,
    createdAt: post.createdAt,
    publishedAt: post.publishedAt,
    sharedWith,
  };
}

/** Loads a post the actor may see (drafts of others are a 404, never a 403: their existence is private). */
export async function visiblePost(ctx: RequestContext, slug: string) {
  const found = await findPost(ctx, slug);
  if (!found || !can(ctx.actor, "view", access(found.post, found.sharedWith)))
    throw new AppError("not_found", NOT_FOUND);
  return { ...found, access: access(found.post, found.sharedWith) };
}

/** The guest pages that show a post: its page, the home list and its author's profile. */
export function invalidatePost(ctx: RequestContext, post: Pick<PostRow, "slug" | "userId">): void {
  ctx.invalidate(["/", `/posts/${post.slug}`, `/users/${post.userId}`]);
}
