import type { PostRow } from "#drizzle/schema";
import type { RequestContext } from "#workers/platform/context";

/**
 * HOOK POINT for the comments module: the `comments` tree of a post detail (spec §3 Post).
 * `getPost` calls this once per detail; until the comments module fills it in (make it call e.g.
 * `listPostCommentsTree(ctx, post)` from workers/core/comments), a post has no comments here.
 */
export async function loadPostComments(_ctx: RequestContext, _post: PostRow): Promise<unknown[]> {
  return [];
}
