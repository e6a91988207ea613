import { and, desc, eq, gte, sql } from "drizzle-orm";
import { likes, type ShoutCommentRow, type ShoutRow, shoutComments, type UserRow, users } from "#drizzle/schema";
import { authorColumns, oneObjectPerAuthor, type PublicUserRow } from "#workers/core/accounts/public-users";
import { auditInsert } from "#workers/core/audit/audit";
import { auditSql, othersContentEntry } from "#workers/core/audit/audit.content";
import { can as canComment } from "#workers/core/comments/comments.policy";
import { rawBatch } from "#workers/core/comments/d1";
import { parsePathId } from "#workers/core/comments/paging";
import {
  buildTree,
  deleteStatements,
  deleteSummary,
  insertStatements,
  placed,
  placeReply,
  type TreeTables,
} from "#workers/core/comments/tree";
import { AppError } from "#workers/core/errors";
import { enforceNewMemberLimits } from "#workers/core/moderation/limits";
import {
  onShoutCommentCreated,
  onShoutCommentRemoved,
  onShoutCommentUpdated,
} from "#workers/core/notifications/triggers/shouts";
import { shoutPageAudience } from "#workers/core/reactions/targets";
import { requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { purgeGuestPages } from "#workers/platform/page-cache";
import { preparedRead } from "#workers/platform/prepared";
import type { Audience } from "#workers/realtime/messages";
import { publish } from "#workers/realtime/publish";
import { authorFlags, can } from "./shouts.policy";
import { findShout, shoutAccess, shoutRules } from "./shouts.read";
import { SHOUT_COMMENT_DUPLICATE_MS, ZShoutCommentCreate, ZShoutCommentUpdate } from "./shouts.schemas";
import {
  neutralShoutComment,
  type ShoutCommentView,
  serializeShoutComment,
  shoutCommentUrl,
  shoutUrl,
} from "./shouts.serializers";

const SIGN_IN = "Войдите на сайт, чтобы комментировать.";

export type { ShoutCommentView } from "./shouts.serializers";

/**
 * Comments under shouts: the same tree, rules and batches as post comments (workers/core/comments/tree.ts,
 * docs/decisions/0013), under shouts instead of posts. Differences (docs/decisions/0018): a frozen shout takes
 * no new comments, and a duplicate — same author, same text, same shout within a minute — is not stored twice.
 */

/** Shout comments in the shared tree: a frozen shout takes no new ones (checked again inside the batch). */
const TABLES: TreeTables = {
  comments: "shout_comments",
  owners: "shouts",
  ownerColumn: "shout_id",
  ownerOpen: sql`is_frozen = 0`,
  likeType: "shout_comment",
};

const NOT_FOUND = "Комментарий не найден.";
const SHOUT_NOT_FOUND = "Записка не найдена.";
const FROZEN = "Записка заморожена: новые комментарии закрыты.";

/**
 * Who hears of a new or deleted shout comment: the shout's page (its members only while the author hides shouts
 * from guests), and the bonfire (whose cards count comments live) when the shout is there for everyone — not
 * muted, its author's shouts public. `withList: false`: the page only (an edit changes no count).
 */
function commentAudience(
  shout: Pick<ShoutRow, "id" | "isMuted">,
  author: Pick<UserRow, "settings">,
  withList = true,
): Audience[] {
  const isPublic = authorFlags(author).isPublic;
  const page = shoutPageAudience(shout.id, isPublic);
  return withList && !shout.isMuted && isPublic ? [page, { kind: "route", route: "/bonfire" }] : [page];
}

function shoutRef(shout: ShoutRow, author: UserRow, hasMedia: boolean) {
  return {
    id: shout.id,
    text: shout.text,
    userId: shout.userId,
    hasMedia,
    isMediaHidden: shout.isMediaHidden,
    isPublic: authorFlags(author).isPublic && !shout.isMuted,
  };
}

async function hasMedia(ctx: RequestContext, shoutId: number): Promise<boolean> {
  return !!(await ctx.db.query.shoutMedia.findFirst({
    where: (m, { eq }) => eq(m.shoutId, shoutId),
    columns: { id: true },
  }));
}

/** A live comment, its shout and the shout's author, as the actor may see them; anything else is a 404. */
async function loadComment(ctx: RequestContext, id: unknown) {
  const commentId = parsePathId(id, NOT_FOUND);
  const comment = await ctx.db.query.shoutComments.findFirst({ where: eq(shoutComments.id, commentId) });
  if (!comment || comment.isDeleted) throw new AppError("not_found", NOT_FOUND);
  const found = await findShout(ctx, comment.shoutId);
  if (!found || !can(ctx.actor, "view", shoutAccess(found.shout, found.author)))
    throw new AppError("not_found", NOT_FOUND);
  return { comment, ...found };
}

function view(
  ctx: RequestContext,
  row: ShoutCommentRow,
  author: PublicUserRow,
  ownd: 1 | -1 | 0,
  rules?: Awaited<ReturnType<typeof shoutRules>>,
): ShoutCommentView {
  return serializeShoutComment(row, author, {
    ownd,
    canEdit: canComment(ctx.actor, "edit", row, rules),
    canDelete: canComment(ctx.actor, "delete", row),
  });
}

/**
 * POST /v1/shout-comment/: a top-level comment (depth 1) or a reply, placed as post comments are. A frozen
 * shout answers 403. The same text from the same member on the same shout within SHOUT_COMMENT_DUPLICATE_MS
 * (a double submit) is not stored again: the earlier comment is returned (spec §4 "duplicate shout comments are
 * ignored").
 */
export async function createShoutComment(ctx: RequestContext, input: unknown): Promise<ShoutCommentView> {
  const actor = requireWriter(ctx, SIGN_IN);
  if (!canComment(actor, "create")) throw new AppError("forbidden");
  const data = parseInput(ZShoutCommentCreate, input);
  await enforceNewMemberLimits(ctx, actor);
  const found = await findShout(ctx, data.shout_id);
  if (!found || !can(actor, "view", shoutAccess(found.shout, found.author)))
    throw new AppError("not_found", SHOUT_NOT_FOUND);
  const { shout, author: shoutAuthor } = found;
  if (!can(actor, "comment", shoutAccess(shout, shoutAuthor))) throw new AppError("forbidden", FROZEN);

  const now = ctx.now();
  const parentId = data.respond_to_comment ?? null;
  const since = now.getTime() - SHOUT_COMMENT_DUPLICATE_MS;
  const findDuplicate = () =>
    ctx.db.query.shoutComments.findFirst({
      where: and(
        eq(shoutComments.shoutId, shout.id),
        eq(shoutComments.userId, actor.id),
        eq(shoutComments.text, data.text),
        eq(shoutComments.isDeleted, false),
        gte(shoutComments.createdAt, new Date(since)),
      ),
      orderBy: desc(shoutComments.id),
    });
  const duplicate = await findDuplicate();
  if (duplicate) return view(ctx, duplicate, actor, 0, await shoutRules(ctx));

  let parent: ShoutCommentRow | null = null;
  let repliedToUserId: number | null = null;
  if (parentId) {
    const placement = await placeReply(parentId, async (cid) => {
      const row = await ctx.db.query.shoutComments.findFirst({ where: eq(shoutComments.id, cid) });
      return row && row.shoutId === shout.id ? row : null;
    });
    parent = placement.parent;
    repliedToUserId = placement.repliedToUserId;
  }

  const [inserted] = await rawBatch(
    ctx,
    insertStatements(TABLES, {
      ownerId: shout.id,
      userId: actor.id,
      parent,
      text: data.text,
      now,
      // Checked again inside the batch, so two submits racing each other store one comment.
      guard: sql`NOT EXISTS (
        SELECT 1 FROM shout_comments WHERE user_id = ${actor.id} AND created_at >= ${since}
          AND shout_id = ${shout.id} AND text = ${data.text} AND is_deleted = 0)`,
    }),
  );
  const id = inserted[0]?.id as number | undefined;
  if (!id) {
    const raced = await findDuplicate();
    if (raced) return view(ctx, raced, actor, 0, await shoutRules(ctx));
    const fresh = await ctx.db.query.shouts.findFirst({
      where: (s, { eq }) => eq(s.id, shout.id),
      columns: { isFrozen: true },
    });
    if (fresh?.isFrozen) throw new AppError("forbidden", FROZEN);
    throw new AppError("not_found", "Записка или комментарий, на который вы отвечаете, больше не существует.");
  }
  const row: ShoutCommentRow = {
    id,
    shoutId: shout.id,
    userId: actor.id,
    ...placed(parent, id),
    text: data.text,
    pwnd: 0,
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
  };
  const result = view(ctx, row, actor, 0, await shoutRules(ctx));
  ctx.invalidate(shoutPages(shout));
  publish(
    ctx,
    { type: "shout_comment_created", obj: neutralShoutComment(result) },
    commentAudience(shout, shoutAuthor),
  );
  await onShoutCommentCreated(ctx, {
    actor,
    shout: shoutRef(shout, shoutAuthor, await hasMedia(ctx, shout.id)),
    comment: { id, text: data.text },
    repliedToUserId,
  });
  return result;
}

/** The guest pages a comment changes: the shout's page and the lists that show its comment count. */
function shoutPages(shout: Pick<ShoutRow, "id" | "userId">): string[] {
  return [shoutUrl(shout.id), "/bonfire", "/bonfire?type=popular", `/users/${shout.userId}`];
}

/** PATCH /v1/shout-comment/{id}/: the author within the edit window (spec §5), a moderator always. */
export async function updateShoutComment(ctx: RequestContext, id: unknown, input: unknown): Promise<ShoutCommentView> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { comment, shout, author: shoutAuthor } = await loadComment(ctx, id);
  const rules = await shoutRules(ctx);
  if (!canComment(actor, "edit", comment, rules)) {
    throw new AppError(
      "forbidden",
      comment.userId === actor.id
        ? "Комментарий можно изменить только в течение часа после публикации."
        : "Изменять чужие комментарии могут только модераторы.",
    );
  }
  const data = parseInput(ZShoutCommentUpdate, input);
  const audit = othersContentEntry(actor.id, comment.userId, {
    action: "shout_comment.edit",
    targetType: "shout_comment",
    targetId: comment.id,
    meta: { url: shoutCommentUrl(shout.id, comment.id), before: comment.text.slice(0, 140) },
    at: ctx.now(),
  });
  const [[updated]] = await ctx.db.batch([
    ctx.db
      .update(shoutComments)
      .set({ text: data.text, updatedAt: ctx.now() })
      .where(and(eq(shoutComments.id, comment.id), eq(shoutComments.isDeleted, false)))
      .returning(),
    ...(audit ? [auditInsert(ctx.db, audit)] : []),
  ]);
  if (!updated) throw new AppError("not_found", NOT_FOUND);
  const [author, own] = await Promise.all([
    comment.userId === actor.id ? actor : ctx.db.query.users.findFirst({ where: eq(users.id, comment.userId) }),
    ctx.db.query.likes.findFirst({
      where: and(eq(likes.userId, actor.id), eq(likes.itemType, "shout_comment"), eq(likes.itemId, comment.id)),
    }),
  ]);
  if (!author) throw new AppError("not_found", NOT_FOUND);
  const result = view(ctx, updated, author, own ? (own.isNegative ? -1 : 1) : 0, rules);
  ctx.invalidate([shoutUrl(shout.id)]);
  publish(
    ctx,
    { type: "shout_comment_updated", obj: neutralShoutComment(result) },
    commentAudience(shout, shoutAuthor, false),
  );
  if (updated.text !== comment.text) {
    await onShoutCommentUpdated(ctx, {
      author,
      shout: shoutRef(shout, shoutAuthor, await hasMedia(ctx, shout.id)),
      comment: { id: updated.id, text: updated.text },
      oldText: comment.text,
    });
  }
  return result;
}

export interface DeletedShoutComment {
  id: number;
  shout: number;
  /** true: the row is gone; false: it stays as a "Комментарий удалён" placeholder because it has replies. */
  is_removed: boolean;
  comments_count: number;
}

/** DELETE /v1/shout-comment/{id}/ by the author or a moderator (a placeholder stays while it has replies). */
export async function deleteShoutComment(ctx: RequestContext, id: unknown): Promise<DeletedShoutComment> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { comment, shout, author: shoutAuthor } = await loadComment(ctx, id);
  if (!canComment(actor, "delete", comment)) {
    throw new AppError("forbidden", "Удалять чужие комментарии могут только модераторы.");
  }
  const audit = othersContentEntry(actor.id, comment.userId, {
    action: "shout_comment.delete",
    targetType: "shout_comment",
    targetId: comment.id,
    meta: { url: shoutUrl(shout.id), excerpt: comment.text.slice(0, 140) },
    at: ctx.now(),
  });
  const statements = deleteStatements(TABLES, comment, shout.id, ctx.now());
  // The entry goes first: deleteSummary reads the results of the delete statements at the end of the batch.
  const summary = deleteSummary(await rawBatch(ctx, audit ? [auditSql(ctx.db, audit), ...statements] : statements));
  // The comment leaves guests' view: every cached guest page at once (shout-visibility.ts).
  await purgeGuestPages(ctx);
  publish(
    ctx,
    { type: "shout_comment_deleted", obj: { id: comment.id, shout: shout.id, is_placeholder: summary.still } },
    commentAudience(shout, shoutAuthor),
  );
  await onShoutCommentRemoved(ctx, { shoutId: shout.id, commentId: comment.id });
  return { id: comment.id, shout: shout.id, is_removed: !summary.still, comments_count: summary.count };
}

/**
 * One select with the authors (renamed columns, so that it can share a coalesced D1 batch with the shout's authors,
 * media and tags: accounts/public-users.ts) and the member's paws; a member's and a guest's shape, each built once
 * per isolate (workers/platform/prepared.ts).
 */
function treeRead(member: boolean) {
  return preparedRead(["shoutId", "actorId"], (db, p) => {
    const withAuthors = db
      .select({
        comment: shoutComments,
        author: authorColumns,
        ownNegative: member ? likes.isNegative : sql<null>`null`,
      })
      .from(shoutComments)
      .innerJoin(users, eq(users.id, shoutComments.userId))
      .$dynamic();
    const tree = member
      ? withAuthors.leftJoin(
          likes,
          and(eq(likes.itemType, "shout_comment"), eq(likes.itemId, shoutComments.id), eq(likes.userId, p.actorId)),
        )
      : withAuthors;
    return tree.where(eq(shoutComments.shoutId, p.shoutId)).orderBy(shoutComments.path);
  });
}

const TREE_READS = { guest: treeRead(false), member: treeRead(true) };

/** A shout's comments in thread order, with authors and the member's paws, nested into a tree. */
export async function getShoutCommentTree(ctx: RequestContext, shoutId: number): Promise<ShoutCommentView[]> {
  const actor = ctx.actor;
  const [[rows], rules] = await Promise.all([
    ctx.read([TREE_READS[actor ? "member" : "guest"](ctx.db, { shoutId, actorId: actor?.id ?? 0 })]),
    actor ? shoutRules(ctx) : Promise.resolve(undefined),
  ]);
  return buildTree(
    oneObjectPerAuthor(rows).map(({ comment, author, ownNegative }) =>
      view(ctx, comment, author, ownNegative === null ? 0 : ownNegative ? -1 : 1, rules),
    ),
  );
}
