import { and, count, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type CommentRow, comments, likes, postShares, posts, users } from "#drizzle/schema";
import { serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { authorColumns, oneObjectPerAuthor } from "#workers/core/accounts/public-users";
import { auditInsert } from "#workers/core/audit/audit";
import { auditSql, othersContentEntry } from "#workers/core/audit/audit.content";
import { getConfig } from "#workers/core/config/config";
import { AppError } from "#workers/core/errors";
import { enforceNewMemberLimits } from "#workers/core/moderation/limits";
import { onCommentCreated, onCommentRemoved, onCommentUpdated } from "#workers/core/notifications/triggers/posts";
import { requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { purgeGuestPages } from "#workers/platform/page-cache";
import { preparedRead } from "#workers/platform/prepared";
import type { Audience } from "#workers/realtime/messages";
import { publish } from "#workers/realtime/publish";
import { type CommentRules, can } from "./comments.policy";
import { ZCommentCreate, ZCommentUpdate } from "./comments.schemas";
import {
  buildTree,
  type CommentView,
  commentUrl,
  serializeComment,
  type UserCommentView,
} from "./comments.serializers";
import { rawBatch } from "./d1";
import { PAGE_SIZE, type Paged, parsePage, parsePathId, toPage } from "./paging";
import {
  deleteStatements,
  deleteSummary,
  inFirstThreads,
  insertStatements,
  placed,
  placeReply,
  type TreeTables,
} from "./tree";

const SIGN_IN = "Войдите на сайт, чтобы комментировать.";

/** Post comments in the shared tree (./tree.ts): under published posts. */
const TABLES: TreeTables = {
  comments: "comments",
  owners: "posts",
  ownerColumn: "post_id",
  ownerOpen: sql`is_published = 1`,
  likeType: "comment",
};

export { PATH_SEGMENT, pathIds, pathSegment } from "./tree";

/** Who hears of a new or deleted comment: the post's page, and the index, whose cards count comments live. */
function commentAudience(postSlug: string): Audience[] {
  return [
    { kind: "route", route: `/posts/${postSlug}` },
    { kind: "route", route: "/" },
  ];
}

async function commentRules(ctx: RequestContext): Promise<CommentRules> {
  const config = await getConfig(ctx);
  return { now: ctx.now(), isOneHourEditEnabled: config.is_one_hour_edit_enabled };
}

const NOT_FOUND = "Комментарий не найден.";

/** A comment as the channel sends it: the same for every viewer, so nothing about the one who caused it. */
function eventView(view: CommentView) {
  const { user, ...rest } = view;
  return {
    ...rest,
    user: { ...user },
    children: [] as CommentView[],
    ownd: 0 as const,
    can_edit: false,
    can_delete: false,
  };
}

/** The post a comment is under, as notifications and the activity stream need it. */
interface CommentPost {
  id: number;
  slug: string;
  title: string;
  userId: number;
}

/** A live comment on a published post, with the post's slug; anything else is a 404. */
async function loadComment(
  ctx: RequestContext,
  id: unknown,
): Promise<{ comment: CommentRow; postSlug: string; post: CommentPost }> {
  const commentId = parsePathId(id, NOT_FOUND);
  const [row] = await ctx.db
    .select({
      comment: comments,
      postSlug: posts.slug,
      postTitle: posts.title,
      postUserId: posts.userId,
      isPublished: posts.isPublished,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId))
    .limit(1);
  if (!row?.isPublished || row.comment.isDeleted) throw new AppError("not_found", NOT_FOUND);
  return {
    comment: row.comment,
    postSlug: row.postSlug,
    post: { id: row.comment.postId, slug: row.postSlug, title: row.postTitle, userId: row.postUserId },
  };
}

/**
 * POST /v1/comment/: a top-level comment (depth 1) or a reply (parent's depth + 1). A reply to a comment at
 * the deepest level (5) attaches to that comment's parent, as its sibling (docs/decisions/0013). The insert,
 * its path and the post's `comments_count + 1` are one D1 batch; the insert is guarded so that a post
 * unpublished or a parent removed meanwhile writes nothing at all.
 */
export async function createComment(ctx: RequestContext, input: unknown): Promise<CommentView> {
  const actor = requireWriter(ctx, SIGN_IN);
  if (!can(actor, "create")) throw new AppError("forbidden");
  const data = parseInput(ZCommentCreate, input);
  await enforceNewMemberLimits(ctx, actor);

  const post = await ctx.db.query.posts.findFirst({
    where: eq(posts.slug, data.post_slug),
    columns: { id: true, slug: true, title: true, userId: true, isPublished: true },
  });
  if (!post) throw new AppError("not_found", "Статья не найдена.");
  if (!post.isPublished) {
    // Drafts are private (docs/decisions/0011): only the author and sharers learn that this one exists.
    const canSeeDraft =
      post.userId === actor.id ||
      !!(await ctx.db.query.postShares.findFirst({
        where: and(eq(postShares.postId, post.id), eq(postShares.userId, actor.id)),
      }));
    if (!canSeeDraft) throw new AppError("not_found", "Статья не найдена.");
    throw AppError.field("post_slug", "Комментировать можно только опубликованную статью.");
  }

  let parent: CommentRow | null = null;
  /** The author of the comment answered (not of the ancestor a reply at the deepest level attaches to). */
  let repliedToUserId: number | null = null;
  if (data.respond_to_comment) {
    const placement = await placeReply(data.respond_to_comment, async (cid) => {
      const found = await ctx.db.query.comments.findFirst({ where: eq(comments.id, cid) });
      return found && found.postId === post.id ? found : null;
    });
    parent = placement.parent;
    repliedToUserId = placement.repliedToUserId;
  }

  const now = ctx.now();
  const [inserted] = await rawBatch(
    ctx,
    insertStatements(TABLES, { ownerId: post.id, userId: actor.id, parent, text: data.text, now }),
  );
  const id = inserted[0]?.id as number | undefined;
  if (!id) throw new AppError("not_found", "Статья или комментарий, на который вы отвечаете, больше не существует.");

  const row: CommentRow = {
    id,
    postId: post.id,
    userId: actor.id,
    ...placed(parent, id),
    text: data.text,
    pwnd: 0,
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
  };
  ctx.invalidate([`/posts/${post.slug}`, "/"]);
  const view = serializeComment(row, actor, post.slug, { ownd: 0, canEdit: true, canDelete: true });
  publish(ctx, { type: "comment_created", obj: eventView(view) }, commentAudience(post.slug));
  await onCommentCreated(ctx, { actor, post, comment: { id, text: data.text }, repliedToUserId });
  return view;
}

/** PATCH /v1/comment/{id}/: the author within the edit window (spec §5), a moderator always. */
export async function updateComment(ctx: RequestContext, id: unknown, input: unknown): Promise<CommentView> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { comment, postSlug, post } = await loadComment(ctx, id);
  const rules = await commentRules(ctx);
  if (!can(actor, "edit", comment, rules)) {
    throw new AppError(
      "forbidden",
      comment.userId === actor.id
        ? "Комментарий можно изменить только в течение часа после публикации."
        : "Изменять чужие комментарии могут только модераторы.",
    );
  }
  const data = parseInput(ZCommentUpdate, input);
  const now = ctx.now();
  const audit = othersContentEntry(actor.id, comment.userId, {
    action: "comment.edit",
    targetType: "comment",
    targetId: comment.id,
    meta: { url: commentUrl(postSlug, comment.id), before: comment.text.slice(0, 140) },
    at: now,
  });
  const [[updated]] = await ctx.db.batch([
    ctx.db
      .update(comments)
      .set({ text: data.text, updatedAt: now })
      .where(and(eq(comments.id, comment.id), eq(comments.isDeleted, false)))
      .returning(),
    ...(audit ? [auditInsert(ctx.db, audit)] : []),
  ]);
  if (!updated) throw new AppError("not_found", NOT_FOUND);
  const [author, own] = await Promise.all([
    comment.userId === actor.id ? actor : ctx.db.query.users.findFirst({ where: eq(users.id, comment.userId) }),
    ctx.db.query.likes.findFirst({
      where: and(eq(likes.userId, actor.id), eq(likes.itemType, "comment"), eq(likes.itemId, comment.id)),
    }),
  ]);
  if (!author) throw new AppError("not_found", NOT_FOUND);
  const view = serializeComment(updated, author, postSlug, {
    ownd: own ? (own.isNegative ? -1 : 1) : 0,
    canEdit: can(actor, "edit", updated, rules),
    canDelete: can(actor, "delete", updated),
  });
  ctx.invalidate([`/posts/${postSlug}`]);
  publish(ctx, { type: "comment_updated", obj: eventView(view) }, { kind: "route", route: `/posts/${postSlug}` });
  if (updated.text !== comment.text) {
    await onCommentUpdated(ctx, {
      author,
      post,
      comment: { id: updated.id, text: updated.text },
      oldText: comment.text,
    });
  }
  return view;
}

export interface DeletedComment {
  id: number;
  post_slug: string;
  /** true: the row is gone; false: it stays as a "Комментарий удалён" placeholder because it has replies. */
  is_removed: boolean;
  comments_count: number;
}

/**
 * DELETE /v1/comment/{id}/ by the author or a moderator. One batch: the post's count goes down (guarded, so a
 * second delete racing the first changes nothing), the comment becomes a placeholder and loses its paws, then
 * the comment and every placeholder ancestor left without replies are removed, deepest first.
 */
export async function deleteComment(ctx: RequestContext, id: unknown): Promise<DeletedComment> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { comment, postSlug } = await loadComment(ctx, id);
  if (!can(actor, "delete", comment))
    throw new AppError("forbidden", "Удалять чужие комментарии могут только модераторы.");
  const audit = othersContentEntry(actor.id, comment.userId, {
    action: "comment.delete",
    targetType: "comment",
    targetId: comment.id,
    meta: { url: `/posts/${postSlug}`, excerpt: comment.text.slice(0, 140) },
    at: ctx.now(),
  });
  const statements = deleteStatements(TABLES, comment, comment.postId, ctx.now());
  // The entry goes first: deleteSummary reads the results of the delete statements at the end of the batch.
  const summary = deleteSummary(await rawBatch(ctx, audit ? [auditSql(ctx.db, audit), ...statements] : statements));
  await purgeGuestPages(ctx);
  publish(
    ctx,
    { type: "comment_deleted", obj: { id: comment.id, post_slug: postSlug, is_placeholder: summary.still } },
    commentAudience(postSlug),
  );
  await onCommentRemoved(ctx, { postId: comment.postId, commentId: comment.id });
  return {
    id: comment.id,
    post_slug: postSlug,
    is_removed: !summary.still,
    comments_count: summary.count,
  };
}

/**
 * A post's comment tree: the comments ordered by `path` (thread order, oldest first), with authors and the
 * current member's paws, nested. GET /v1/post/{slug}/ and the API's comment list carry all of it.
 */
export async function getCommentTree(ctx: RequestContext, postId: number, postSlug: string): Promise<CommentView[]> {
  return (await readTree(ctx, { id: postId }, postSlug)).roots;
}

/**
 * The post page's comments, asked for by the post's slug together with the post's own read (one D1 round trip for
 * both): the first whole threads holding at least `limit` comments (./tree.ts inFirstThreads) and how many are left
 * out, or every comment without `limit`. The page drops them when the post may not be shown or is a draft.
 */
export async function postPageComments(
  ctx: RequestContext,
  slug: string,
  limit?: number,
): Promise<{ roots: CommentView[]; hidden: number }> {
  return readTree(ctx, { slug }, slug, limit);
}

/**
 * The tree's select: the comments joined with their authors and (for a member) the member's paws, so the first
 * threads are worked out once; the authors' columns are renamed so that it can share a coalesced D1 batch
 * (accounts/public-users.ts). Its shapes (a member's or a guest's; every comment or the first threads; the post by
 * id, for the API, or by slug, for the page) are each built once per isolate when first used
 * (workers/platform/prepared.ts).
 */
function treeRead(member: boolean, first: boolean, bySlug: boolean) {
  return preparedRead(["post", "actorId", "limit"], (db, p) => {
    const post = bySlug ? postIdOfSlug(p.post) : p.post;
    const ofPost = eq(comments.postId, post);
    const shown = first ? and(ofPost, inFirstThreads(TABLES, post, p.limit)) : ofPost;
    const withAuthors = db
      .select({ comment: comments, author: authorColumns, ownNegative: member ? likes.isNegative : sql<null>`null` })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .$dynamic();
    const tree = member
      ? withAuthors.leftJoin(
          likes,
          and(eq(likes.userId, p.actorId), eq(likes.itemType, "comment"), eq(likes.itemId, comments.id)),
        )
      : withAuthors;
    return tree.where(shown).orderBy(comments.path);
  });
}

/** The id of the post with this slug, as a value of a statement. */
function postIdOfSlug(slug: Placeholder): SQL {
  return sql`(select ${posts.id} from ${posts} where ${posts.slug} = ${slug})`;
}

const TREE_READS = {
  id: {
    guest: { all: treeRead(false, false, false), first: treeRead(false, true, false) },
    member: { all: treeRead(true, false, false), first: treeRead(true, true, false) },
  },
  slug: {
    guest: { all: treeRead(false, false, true), first: treeRead(false, true, true) },
    member: { all: treeRead(true, false, true), first: treeRead(true, true, true) },
  },
};
const COMMENT_COUNT = {
  id: preparedRead(["post"], (db, p) =>
    db.select({ count: count() }).from(comments).where(eq(comments.postId, p.post)),
  ),
  slug: preparedRead(["post"], (db, p) =>
    db
      .select({ count: count() })
      .from(comments)
      .where(eq(comments.postId, postIdOfSlug(p.post))),
  ),
};

async function readTree(
  ctx: RequestContext,
  post: { id: number } | { slug: string },
  postSlug: string,
  limit?: number,
): Promise<{ roots: CommentView[]; hidden: number }> {
  const actor = ctx.actor;
  const key = "id" in post ? "id" : "slug";
  const values = { post: "id" in post ? post.id : post.slug, actorId: actor?.id ?? 0, limit: limit ?? 0 };
  const [[rows, total], rules] = await Promise.all([
    ctx.read([
      TREE_READS[key][actor ? "member" : "guest"][limit === undefined ? "all" : "first"](ctx.db, values),
      COMMENT_COUNT[key](ctx.db, values),
    ]),
    actor ? commentRules(ctx) : Promise.resolve(undefined),
  ]);
  const views: CommentView[] = [];
  for (const { comment, author, ownNegative } of oneObjectPerAuthor(rows)) {
    views.push(
      serializeComment(comment, author, postSlug, {
        ownd: ownNegative === null ? 0 : ownNegative ? -1 : 1,
        canEdit: can(actor, "edit", comment, rules),
        canDelete: can(actor, "delete", comment),
      }),
    );
  }
  const hidden = Math.max(0, (total[0]?.count ?? 0) - rows.length);
  return { roots: buildTree(views), hidden };
}

/** A member's comments on published posts, newest first (profile list; spec §3 search-result form + text). */
export async function listUserComments(
  ctx: RequestContext,
  userId: unknown,
  page: unknown,
): Promise<Paged<UserCommentView>> {
  const id = parsePathId(userId, "Пользователь не найден.");
  const pageNumber = parsePage(page);
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!user) throw new AppError("not_found", "Пользователь не найден.");
  const rows = await ctx.db
    .select({
      id: comments.id,
      text: comments.text,
      pwnd: comments.pwnd,
      createdAt: comments.createdAt,
      postSlug: posts.slug,
      postTitle: posts.title,
      commentsCount: posts.commentsCount,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.userId, id), eq(comments.isDeleted, false), eq(posts.isPublished, true)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(PAGE_SIZE + 1)
    .offset((pageNumber - 1) * PAGE_SIZE);
  const author = serializePublicUser(user);
  return toPage(
    ctx,
    pageNumber,
    rows.map((r) => ({
      id: r.id,
      post_slug: r.postSlug,
      user: author,
      datetime: r.createdAt.toISOString(),
      headline: r.postTitle,
      url: commentUrl(r.postSlug, r.id),
      comments_count: r.commentsCount,
      text: r.text,
      pwnd: r.pwnd,
    })),
  );
}
