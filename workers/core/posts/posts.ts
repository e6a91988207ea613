import type { PostRow } from "#drizzle/schema";
import { getCommentTree, getFirstThreads } from "#workers/core/comments/comments";
import type { CommentView } from "#workers/core/comments/comments.serializers";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";
import { access, NOT_FOUND, rules, visiblePost } from "./posts.access";
import { pinnedRead } from "./posts.lists";
import { can, type PostRules } from "./posts.policy";
import { type CardData, cardData, cardsFrom, postBySlug, sharesBySlug } from "./posts.read";
import { type PostCard, type PostDetail, serializePostDetail } from "./posts.serializers";

/**
 * One post as its page shows it. The other post services live beside this module: posts.write (drafts,
 * editing, publishing, deleting, pinning), posts.sharing, posts.lists, posts.images, posts.slugs.
 */

export type { Page } from "./posts.read";
export type { PostCard, PostDetail } from "./posts.serializers";

/** GET /v1/post/{slug}/ */
export async function getPost(ctx: RequestContext, slug: string): Promise<PostDetail> {
  const found = await visiblePost(ctx, slug);
  return detail(ctx, found.post, found.sharedWith, await rules(ctx));
}

/** The detail of a post the caller has loaded and checked. */
export async function detail(
  ctx: RequestContext,
  post: PostRow,
  sharedWith: number[],
  r: PostRules,
): Promise<PostDetail> {
  const [data, comments] = await Promise.all([
    cardData(ctx, [post], sharedWith),
    post.isPublished ? getCommentTree(ctx, post.id, post.slug) : Promise.resolve([]),
  ]);
  return detailFrom(ctx, post, sharedWith, r, data, comments);
}

function detailFrom(
  ctx: RequestContext,
  post: PostRow,
  sharedWith: number[],
  r: PostRules,
  data: CardData,
  comments: CommentView[],
): PostDetail {
  const target = access(post, sharedWith);
  const people = data.users;
  const user = people.get(post.userId);
  if (!user) throw new AppError("not_found", NOT_FOUND);
  return serializePostDetail(post, {
    user,
    tags: data.tags.get(post.id) ?? [],
    ownd: data.paws.get(post.id) ?? 0,
    isBookmarked: data.bookmarks.has(post.id),
    rights: {
      edit: can(ctx.actor, "edit", target, r),
      delete: can(ctx.actor, "delete", target, r),
      publish: can(ctx.actor, "publish", target, r),
      share: can(ctx.actor, "share", target, r),
      pin: can(ctx.actor, "pin", target, r),
    },
    sharedWith: sharedWith.flatMap((id) => people.get(id) ?? []),
    comments,
  });
}

/**
 * The post page: the post, its shares and the pinned strip in one D1 batch (coalesced with the root loader's
 * config read); then, side by side, every card's authors, tags and the member's paws and bookmarks and the
 * comment tree — both coalesced reads, so together one more round trip.
 */
export async function postPage(
  ctx: RequestContext,
  slug: string,
  options: { firstThreads?: number } = {},
): Promise<{ post: PostDetail; pinned: PostCard[]; hiddenComments: number }> {
  if (typeof slug !== "string" || !slug || slug.length > 200) throw new AppError("not_found", NOT_FOUND);
  const [found, shares, pinnedRows] = await ctx.read([
    postBySlug(ctx.db, { slug }),
    sharesBySlug(ctx.db, { slug }),
    pinnedRead(ctx.db, {}),
  ]);
  const post = found[0];
  const sharedWith = shares.map((s) => s.userId);
  if (!post || !can(ctx.actor, "view", access(post, sharedWith))) throw new AppError("not_found", NOT_FOUND);
  const tree = !post.isPublished
    ? Promise.resolve({ roots: [], hidden: 0 })
    : options.firstThreads === undefined
      ? getCommentTree(ctx, post.id, post.slug).then((roots) => ({ roots, hidden: 0 }))
      : getFirstThreads(ctx, post.id, post.slug, options.firstThreads);
  const [r, data, comments] = await Promise.all([rules(ctx), cardData(ctx, [post, ...pinnedRows], sharedWith), tree]);
  return {
    post: detailFrom(ctx, post, sharedWith, r, data, comments.roots),
    pinned: cardsFrom(pinnedRows, data),
    hiddenComments: comments.hidden,
  };
}
