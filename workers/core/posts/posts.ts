import type { Placeholder } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PostRow } from "#drizzle/schema";
import { getCommentTree, postPageComments } from "#workers/core/comments/comments";
import type { CommentView } from "#workers/core/comments/comments.serializers";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { preparedReads } from "#workers/platform/prepared";
import { access, NOT_FOUND, rules, visiblePost } from "./posts.access";
import { pinnedList, pinnedRead } from "./posts.lists";
import { can, type PostRules } from "./posts.policy";
import {
  type CardData,
  cardData,
  cardDataFrom,
  cardsFrom,
  postBySlug,
  postOfSlug,
  sharesBySlug,
  sharesOfSlug,
  withCardData,
} from "./posts.read";
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
 * The post page's cards' data — the post's and the pinned strip's authors and tags, the member's paws and
 * bookmarks, and the members the post is shared with — by the post's slug, embedding the post's and the strip's
 * reads (readCards' way), so that it goes to D1 with them. Built once per isolate, a guest's and a member's.
 */
const PAGE_CARD_DATA = {
  guest: preparedReads(["slug"], (db, p) => pageCardData(db, p.slug, null)),
  member: preparedReads(["slug", "actorId"], (db, p) => pageCardData(db, p.slug, p.actorId)),
};

function pageCardData(db: Db, slug: Placeholder, actorId: Placeholder | null) {
  return withCardData(
    db,
    actorId,
    [postOfSlug(db, slug), pinnedList(db)],
    [sharesOfSlug(db, slug)],
  ) as unknown as readonly BatchItem<"sqlite">[];
}

/**
 * The post page in one D1 round trip (coalesced with the root loader's reads): the post, its shares and the pinned
 * strip; every card's authors, tags and the member's paws and bookmarks; the comments (the first threads holding
 * `firstThreads`, or all). All are asked for by the post's slug at once, and what depends on the post is dropped
 * when it may not be shown (a 404) or has no comments to show (a draft).
 */
export async function postPage(
  ctx: RequestContext,
  slug: string,
  options: { firstThreads?: number } = {},
): Promise<{ post: PostDetail; pinned: PostCard[]; hiddenComments: number }> {
  if (typeof slug !== "string" || !slug || slug.length > 200) throw new AppError("not_found", NOT_FOUND);
  const actor = ctx.actor;
  const [[found, shares, pinnedRows], cardResults, comments, r] = await Promise.all([
    ctx.read([postBySlug(ctx.db, { slug }), sharesBySlug(ctx.db, { slug }), pinnedRead(ctx.db, {})]),
    ctx.read(
      (actor
        ? PAGE_CARD_DATA.member(ctx.db, { slug, actorId: actor.id })
        : PAGE_CARD_DATA.guest(ctx.db, { slug })) as never,
    ) as Promise<unknown[]>,
    postPageComments(ctx, slug, options.firstThreads),
    rules(ctx),
  ]);
  const post = found[0];
  const sharedWith = shares.map((s) => s.userId);
  if (!post || !can(ctx.actor, "view", access(post, sharedWith))) throw new AppError("not_found", NOT_FOUND);
  const data = cardDataFrom(cardResults);
  return {
    post: detailFrom(ctx, post, sharedWith, r, data, post.isPublished ? comments.roots : []),
    pinned: cardsFrom(pinnedRows, data),
    hiddenComments: post.isPublished ? comments.hidden : 0,
  };
}
