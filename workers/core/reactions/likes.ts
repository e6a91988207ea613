import { and, desc, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { comments, likes, posts, shoutComments, shouts, type UserRow, users } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { commentUrl } from "#workers/core/comments/comments.serializers";
import { rawBatch } from "#workers/core/comments/d1";
import { PAGE_SIZE, type Paged, parsePage, parsePathId, toPage } from "#workers/core/comments/paging";
import { getConfig } from "#workers/core/config/config";
import { AppError } from "#workers/core/errors";
import { onPawGiven } from "#workers/core/notifications/triggers/paws";
import { shoutTitle } from "#workers/core/notifications/triggers/shouts";
import { postUrl } from "#workers/core/posts/posts.urls";
import { requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import { shoutCommentUrl, shoutUrl } from "#workers/core/shouts/shouts.serializers";
import type { RequestContext } from "#workers/platform/context";
import { publish } from "#workers/realtime/publish";
import { can } from "./reactions.policy";
import { PAW_ITEM_TYPES, type PawItemType } from "./reactions.read";
import { ZPawToggle } from "./reactions.schemas";
import { findTarget, type ReactionTarget } from "./targets";

const SIGN_IN = "Войдите на сайт, чтобы ставить лапки.";

export interface PawState {
  item_id: number;
  item_type: PawItemType;
  /** Score: ups minus downs. */
  pwnd: number;
  /** The current member's paw: 1, -1 or 0. */
  ownd: 1 | -1 | 0;
}

/** Who pawed an item (only while `is_paw_view_enabled`). */
export interface PawOf {
  user: PublicUser;
  is_negative: boolean;
}

/** Spec §3 Paw entry: a paw the current member received. `user` is null while the site hides who pawed. */
export interface PawEntry {
  user: PublicUser | null;
  is_negative: boolean;
  pre_title: string;
  title: string;
  title_url: string;
  item_id: number;
  item_type: PawItemType;
  datetime: string;
}

/** The SQL that says the item is still there to be pawed (checked inside the write batch). */
function liveItem(itemType: PawItemType, itemId: number): SQL {
  switch (itemType) {
    case "post":
      return sql`EXISTS (SELECT 1 FROM posts WHERE id = ${itemId} AND is_published = 1)`;
    case "comment":
      return sql`EXISTS (SELECT 1 FROM comments WHERE id = ${itemId} AND is_deleted = 0)`;
    case "shout":
      return sql`EXISTS (SELECT 1 FROM shouts WHERE id = ${itemId})`;
    default:
      return sql`EXISTS (SELECT 1 FROM shout_comments WHERE id = ${itemId} AND is_deleted = 0)`;
  }
}

/** The table whose `pwnd` holds the item's score. */
const SCORE_TABLE: Record<PawItemType, string> = {
  post: "posts",
  comment: "comments",
  shout: "shouts",
  shout_comment: "shout_comments",
};

const OWN_CONTENT: Record<PawItemType, string> = {
  post: "Нельзя ставить лапку своей статье.",
  comment: "Нельзя ставить лапку своему комментарию.",
  shout: "Нельзя ставить лапку своей записке.",
  shout_comment: "Нельзя ставить лапку своему комментарию.",
};

/**
 * POST /v1/like/: a paw up or down; the same paw again takes it back, the other one switches. One D1 batch
 * writes the paw and recomputes the item's `pwnd` from the paws themselves, then reads the result back, so
 * the score stays equal to ups minus downs under any interleaving of requests.
 */
export async function togglePaw(ctx: RequestContext, input: unknown): Promise<PawState> {
  const actor = requireWriter(ctx, SIGN_IN);
  const data = parseInput(ZPawToggle, input);
  const { item_type: itemType, item_id: itemId, is_negative: negative } = data;
  const target = await findTarget(ctx, itemType, itemId);
  if (!can(actor, "paw", target)) throw new AppError("forbidden", OWN_CONTENT[itemType]);
  const key = and(eq(likes.userId, actor.id), eq(likes.itemType, itemType), eq(likes.itemId, itemId));
  const existing = await ctx.db.query.likes.findFirst({ where: key });
  const takingBack = existing && existing.isNegative === negative;
  if (negative && !takingBack) {
    const config = await getConfig(ctx);
    if (!can(actor, "paw-down", target, config)) throw new AppError("forbidden", "Лапки вниз на сайте отключены.");
  }

  const now = ctx.now().getTime();
  const mine = sql`user_id = ${actor.id} AND item_type = ${itemType} AND item_id = ${itemId}`;
  const write = !existing
    ? sql`
        INSERT INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at)
        SELECT ${actor.id}, ${itemType}, ${itemId}, ${target.ownerId}, ${negative ? 1 : 0}, ${now}
        WHERE ${liveItem(itemType, itemId)}
        ON CONFLICT DO NOTHING`
    : takingBack
      ? sql`DELETE FROM likes WHERE ${mine} AND is_negative = ${negative ? 1 : 0}`
      : sql`UPDATE likes SET is_negative = ${negative ? 1 : 0}, created_at = ${now}
            WHERE ${mine} AND is_negative = ${negative ? 0 : 1} AND ${liveItem(itemType, itemId)}`;
  const table = sql.raw(SCORE_TABLE[itemType]);
  const results = await rawBatch(ctx, [
    write,
    sql`
      UPDATE ${table} SET pwnd = (
        SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes
        WHERE item_type = ${itemType} AND item_id = ${itemId}
      ) WHERE id = ${itemId}`,
    sql`
      SELECT (SELECT pwnd FROM ${table} WHERE id = ${itemId}) AS pwnd,
             (SELECT is_negative FROM likes WHERE ${mine}) AS own`,
  ]);
  const state = results[2][0] as { pwnd: number | null; own: number | null } | undefined;
  if (state?.pwnd === null || state?.pwnd === undefined) throw new AppError("not_found", "Запись не найдена.");
  const result: PawState = {
    item_id: itemId,
    item_type: itemType,
    pwnd: state.pwnd,
    ownd: state.own === null ? 0 : state.own ? -1 : 1,
  };
  const config = await getConfig(ctx);
  publishPaw(ctx, actor, target, result, config.is_paw_view_enabled);
  if (!takingBack && result.ownd !== 0) {
    await onPawGiven(ctx, { actor, target, showActor: config.is_paw_view_enabled, at: new Date(now) });
  }
  return result;
}

/**
 * `like_created` (a paw given or switched) or `like_deleted` (taken back): a post's or shout's score goes to
 * everyone (a shout's as its own events go: see `shoutAudience`), a comment's to the readers of its page. While the site hides who pawed (is_paw_view_enabled off) that event
 * names nobody (`user_id` 0, `ownd` 0) and the member's own tabs get theirs separately, so a socket cannot
 * learn who pawed what. `owner_id` lets the owner's tabs refresh their received paws.
 */
function publishPaw(
  ctx: RequestContext,
  actor: UserRow,
  target: ReactionTarget,
  state: PawState,
  showWho: boolean,
): void {
  const type = state.ownd === 0 ? "like_deleted" : "like_created";
  const base = { item_type: state.item_type, item_id: state.item_id, pwnd: state.pwnd, owner_id: target.ownerId };
  const audience = target.audience;
  const own = { ...base, user_id: actor.id, ownd: state.ownd };
  if (showWho) {
    publish(ctx, { type, obj: own }, audience);
    return;
  }
  publish(ctx, { type, obj: { ...base, user_id: 0, ownd: 0 } }, audience);
  publish(ctx, { type, obj: own }, { kind: "user", id: actor.id });
}

function parseItemType(value: unknown): PawItemType {
  if (typeof value === "string" && (PAW_ITEM_TYPES as readonly string[]).includes(value)) return value as PawItemType;
  throw new AppError("not_found", "Такого типа записей нет.");
}

/** GET /v1/like/{item_type}/{item_id}/: who pawed, newest first; 403 while `is_paw_view_enabled` is off. */
export async function listPawsOf(
  ctx: RequestContext,
  itemType: unknown,
  itemId: unknown,
  page: unknown = 1,
): Promise<Paged<PawOf>> {
  const config = await getConfig(ctx);
  if (!can(ctx.actor, "view-pawers", undefined, config)) {
    throw new AppError("forbidden", "Кто поставил лапки, на сайте не показывается.");
  }
  const type = parseItemType(itemType);
  const id = parsePathId(itemId, "Запись не найдена.");
  const pageNumber = parsePage(page);
  await findTarget(ctx, type, id);
  const rows = await ctx.db
    .select({ user: users, isNegative: likes.isNegative })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .where(and(eq(likes.itemType, type), eq(likes.itemId, id)))
    .orderBy(desc(likes.createdAt), desc(likes.userId))
    .limit(PAGE_SIZE + 1)
    .offset((pageNumber - 1) * PAGE_SIZE);
  return toPage(
    ctx,
    pageNumber,
    rows.map((r) => ({ user: serializePublicUser(r.user), is_negative: r.isNegative })),
  );
}

const PRE_TITLE: Record<PawItemType, string> = {
  post: "Статья",
  comment: "Комментарий к статье",
  shout: "Записка",
  shout_comment: "Комментарий к записке",
};

/** GET /v1/like/?page=: the paws the current member received, newest first, as spec §3 Paw entries. */
export async function listReceivedPaws(ctx: RequestContext, page: unknown): Promise<Paged<PawEntry>> {
  if (!ctx.actor) throw new AppError("unauthenticated", "Войдите на сайт, чтобы увидеть свои лапки.");
  if (!can(ctx.actor, "view-received")) throw new AppError("forbidden");
  const actor = ctx.actor;
  const pageNumber = parsePage(page);
  const config = await getConfig(ctx);
  const showWho = can(actor, "view-pawers", undefined, config);
  const commentPost = alias(posts, "comment_post");
  const commentShout = alias(shouts, "comment_shout");
  const rows = await ctx.db
    .select({
      user: users,
      itemType: likes.itemType,
      itemId: likes.itemId,
      isNegative: likes.isNegative,
      createdAt: likes.createdAt,
      postSlug: posts.slug,
      postTitle: posts.title,
      commentPostSlug: commentPost.slug,
      commentPostTitle: commentPost.title,
      shoutText: shouts.text,
      commentShoutId: commentShout.id,
      commentShoutText: commentShout.text,
    })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .leftJoin(posts, and(eq(likes.itemType, "post"), eq(posts.id, likes.itemId)))
    .leftJoin(
      comments,
      and(eq(likes.itemType, "comment"), eq(comments.id, likes.itemId), eq(comments.isDeleted, false)),
    )
    .leftJoin(commentPost, eq(commentPost.id, comments.postId))
    .leftJoin(shouts, and(eq(likes.itemType, "shout"), eq(shouts.id, likes.itemId)))
    .leftJoin(
      shoutComments,
      and(eq(likes.itemType, "shout_comment"), eq(shoutComments.id, likes.itemId), eq(shoutComments.isDeleted, false)),
    )
    .leftJoin(commentShout, eq(commentShout.id, shoutComments.shoutId))
    .where(
      and(
        eq(likes.ownerId, actor.id),
        or(isNotNull(posts.id), isNotNull(commentPost.id), isNotNull(shouts.id), isNotNull(commentShout.id)),
      ),
    )
    .orderBy(desc(likes.createdAt), desc(likes.userId))
    .limit(PAGE_SIZE + 1)
    .offset((pageNumber - 1) * PAGE_SIZE);
  return toPage(
    ctx,
    pageNumber,
    rows.map((r): PawEntry => {
      const type = r.itemType as PawItemType;
      let title: string;
      let url: string;
      if (type === "post" || type === "comment") {
        const slug = (type === "post" ? r.postSlug : r.commentPostSlug) ?? "";
        title = (type === "post" ? r.postTitle : r.commentPostTitle) ?? "";
        url = type === "post" ? postUrl(slug) : commentUrl(slug, r.itemId);
      } else if (type === "shout") {
        title = shoutTitle(r.shoutText ?? "");
        url = shoutUrl(r.itemId);
      } else {
        title = shoutTitle(r.commentShoutText ?? "");
        url = shoutCommentUrl(r.commentShoutId ?? 0, r.itemId);
      }
      return {
        user: showWho ? serializePublicUser(r.user) : null,
        is_negative: r.isNegative,
        pre_title: PRE_TITLE[type] ?? "",
        title,
        title_url: url,
        item_id: r.itemId,
        item_type: type,
        datetime: r.createdAt.toISOString(),
      };
    }),
  );
}
