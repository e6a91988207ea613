import type { PostRow } from "#drizzle/schema";
import { getCommentTree } from "#workers/core/comments/comments";
import type { CommentView } from "#workers/core/comments/comments.serializers";
import type { RequestContext } from "#workers/platform/context";

/** The `comments` tree of a post detail (spec §3 Post), from the comments module. */
export function loadPostComments(ctx: RequestContext, post: PostRow): Promise<CommentView[]> {
  return getCommentTree(ctx, post.id, post.slug);
}
