import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { bookmarks, type ShoutRow, shoutMedia, shouts, shoutTags, tags, type UserRow, users } from "#drizzle/schema";
import { auditInsert } from "#workers/core/audit/audit";
import { auditSql, othersContentEntry } from "#workers/core/audit/audit.content";
import { rawBatch } from "#workers/core/comments/d1";
import { type Paged, parsePage, parsePathId, toPage } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { enforceNewMemberLimits } from "#workers/core/moderation/limits";
import { onShoutCreated, onShoutRemoved, onShoutUpdated } from "#workers/core/notifications/triggers/shouts";
import { numberedPage, type Page } from "#workers/core/posts/posts.read";
import { shoutAudience } from "#workers/core/reactions/targets";
import { requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import { hashtagNames } from "#workers/core/tags/tags.schemas";
import { recountShoutsSql, shoutTagStatements } from "#workers/core/tags/tags.write";
import type { RequestContext } from "#workers/platform/context";
import { sha256 } from "#workers/platform/crypto";
import { purgeGuestPages } from "#workers/platform/page-cache";
import { preparedRead } from "#workers/platform/prepared";
import { publish } from "#workers/realtime/publish";
import { getShoutCommentTree } from "./shout-comments";
import { deleteObjects, prepareMedia, storedKeys, storeMedia } from "./shout-media";
import { authorFlags, can } from "./shouts.policy";
import {
  findShout,
  listedWhere,
  listedWhereFor,
  loadViews,
  readShoutList,
  shoutAccess,
  shoutData,
  shoutRules,
  viewsFrom,
} from "./shouts.read";
import {
  SHOUTS_PAGE_SIZE,
  USER_SHOUT_LISTS,
  type UserShoutList,
  ZShoutCreate,
  ZShoutList,
  ZShoutUpdate,
} from "./shouts.schemas";
import {
  type MediaItem,
  neutralShout,
  type ShoutDetail,
  type ShoutView,
  serializeMedia,
  shoutUrl,
  type UserPicture,
} from "./shouts.serializers";

const SIGN_IN_TO_SHOUT = "Войдите на сайт, чтобы писать записки.";

export type { MediaItem, ShoutCommentView, ShoutDetail, ShoutView, UserPicture } from "./shouts.serializers";

/**
 * Shouts: short notes on the bonfire (spec §2 /bonfire, §3 Shout, §4 Pinning, §6 pin/mute/freeze, §7 Shouts;
 * docs/decisions/0018-shouts.md).
 */

/** "popular": shouts of the last POPULAR_DAYS days, at most POPULAR_CANDIDATES of them, ranked in the Worker. */
export const POPULAR_DAYS = 7;
export const POPULAR_CANDIDATES = 1000;
const DAY_MS = 86_400_000;
const NOT_FOUND = "Записка не найдена.";
const NEEDS_CONTENT = "Напишите текст записки или добавьте картинку или видео.";

/** A shout the actor may see (muted ones too: they stay reachable by their link), or a 404. */
async function visibleShout(ctx: RequestContext, idInput: unknown): Promise<{ shout: ShoutRow; author: UserRow }> {
  const id = parsePathId(idInput, NOT_FOUND);
  const found = await findShout(ctx, id);
  if (!found || !can(ctx.actor, "view", shoutAccess(found.shout, found.author)))
    throw new AppError("not_found", NOT_FOUND);
  return found;
}

async function tagSlugs(ctx: RequestContext, shoutId: number): Promise<{ ids: number[]; slugs: string[] }> {
  const rows = await ctx.db
    .select({ id: tags.id, slug: tags.slug })
    .from(shoutTags)
    .innerJoin(tags, eq(tags.id, shoutTags.tagId))
    .where(eq(shoutTags.shoutId, shoutId));
  return { ids: rows.map((r) => r.id), slugs: rows.map((r) => r.slug) };
}

/**
 * The guest pages that show a shout: the bonfire lists, its page, its author's profile and its tag pages (after
 * a change that shows something; what leaves guests' view purges every page: `purgeGuestPages`).
 */
function invalidateShout(ctx: RequestContext, shout: Pick<ShoutRow, "id" | "userId">, slugs: string[] = []): void {
  ctx.invalidate([
    "/bonfire",
    "/bonfire?type=popular",
    shoutUrl(shout.id),
    `/users/${shout.userId}`,
    ...slugs.flatMap((slug) => [`/tags/${slug}`, `/tags/${slug}?itemType=shouts`]),
  ]);
}

/** The shout as the actor sees it (fresh from D1). */
async function viewOf(ctx: RequestContext, id: number): Promise<ShoutView> {
  const row = await ctx.db.query.shouts.findFirst({ where: eq(shouts.id, id) });
  const [view] = row ? await loadViews(ctx, [row]) : [];
  if (!view) throw new AppError("not_found", NOT_FOUND);
  return view;
}

function shoutRef(shout: ShoutRow, author: UserRow, view: ShoutView) {
  return {
    id: shout.id,
    text: shout.text,
    userId: shout.userId,
    hasMedia: view.images.length > 0,
    isMediaHidden: shout.isMediaHidden,
    isPublic: authorFlags(author).isPublic && !shout.isMuted,
  };
}

function batchError(error: unknown): never {
  if (String(error).includes("UNIQUE"))
    throw new AppError("conflict", "Данные изменились одновременно. Попробуйте ещё раз.");
  throw error;
}

// ─── reading ────────────────────────────────────────────────────────────────────────────────────────

/** Popularity of a shout at `now` (docs/decisions/0018): paws, comments and views, decayed with age. */
export function shoutScore(
  shout: Pick<ShoutRow, "pwnd" | "commentsCount" | "viewsCount" | "createdAt">,
  now: Date,
): number {
  const hours = Math.max(0, (now.getTime() - shout.createdAt.getTime()) / 3_600_000);
  return Math.max(0, 1 + shout.pwnd + 2 * shout.commentsCount + shout.viewsCount / 20) / (hours + 2) ** 1.5;
}

/**
 * The bonfire's newest shouts as a member or a guest sees them (listedWhere), the first page or the one after a
 * cursor, and its pinned strip: each shape built once per isolate (workers/platform/prepared.ts).
 */
function newestRead(member: boolean, paged: boolean) {
  return preparedRead(["cursor"], (db, p) =>
    db
      .select({ shout: shouts })
      .from(shouts)
      .innerJoin(users, eq(users.id, shouts.userId))
      .where(and(listedWhereFor(member), paged ? lt(shouts.id, p.cursor) : undefined))
      .orderBy(desc(shouts.id))
      .limit(SHOUTS_PAGE_SIZE + 1),
  );
}
const NEWEST_READS = {
  guest: { first: newestRead(false, false), after: newestRead(false, true) },
  member: { first: newestRead(true, false), after: newestRead(true, true) },
};
function pinnedRead(member: boolean) {
  return preparedRead([], (db) =>
    db
      .select({ shout: shouts })
      .from(shouts)
      .innerJoin(users, eq(users.id, shouts.userId))
      .where(and(eq(shouts.isPinned, true), listedWhereFor(member)))
      .orderBy(desc(shouts.pinnedAt), desc(shouts.id))
      .limit(50),
  );
}
const PINNED_READS = { guest: pinnedRead(false), member: pinnedRead(true) };

/**
 * GET /v1/shout/: `{cursor?}` — newest first, paged by the last shown id (`?cursor=<id>`, forward only) — or
 * `{type: "popular", page?}` — ranked by `shoutScore`, paged by number. Muted shouts are never listed; guests
 * see only shouts of members who show them to guests. `next`/`previous` are query strings.
 */
export async function listShouts(ctx: RequestContext, input: unknown): Promise<Page<ShoutView>> {
  const { type, cursor, page } = parseInput(ZShoutList, input ?? {});
  const size = SHOUTS_PAGE_SIZE;
  if (type === "new") {
    // Coalesced reads (ctx.read): the list, the pinned strips and the page's config share a round trip.
    // Its shouts' data too: shoutData embeds the list (readShoutList).
    const newest = NEWEST_READS[ctx.actor ? "member" : "guest"][cursor ? "after" : "first"];
    const { rows, views } = await readShoutList(ctx, newest(ctx.db, { cursor: cursor ?? 0 }));
    const shown = rows.slice(0, size);
    return {
      results: views(shown),
      next: rows.length > size ? `?cursor=${shown[shown.length - 1].id}` : null,
      previous: null,
    };
  }
  const now = ctx.now();
  const candidates = await ctx.db
    .select({
      id: shouts.id,
      pwnd: shouts.pwnd,
      commentsCount: shouts.commentsCount,
      viewsCount: shouts.viewsCount,
      createdAt: shouts.createdAt,
    })
    .from(shouts)
    .innerJoin(users, eq(users.id, shouts.userId))
    .where(and(listedWhere(ctx), gte(shouts.createdAt, new Date(now.getTime() - POPULAR_DAYS * DAY_MS))))
    .orderBy(desc(shouts.id))
    .limit(POPULAR_CANDIDATES);
  const ranked = candidates
    .map((c) => ({ id: c.id, score: shoutScore(c, now) }))
    .sort((a, b) => b.score - a.score || b.id - a.id);
  const paged = numberedPage(ranked.slice((page - 1) * size, page * size + 1), page, size, { type });
  const ids = paged.results.map((r) => r.id);
  const rows = ids.length ? await ctx.db.select().from(shouts).where(inArray(shouts.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    ...paged,
    results: await loadViews(
      ctx,
      ids.flatMap((id) => byId.get(id) ?? []),
    ),
  };
}

/** GET /v1/shout/pinned/: pinned shouts that are listed (not muted), the latest pinned first (at most 50). */
export async function listPinnedShouts(ctx: RequestContext): Promise<ShoutView[]> {
  const { rows, views } = await readShoutList(ctx, PINNED_READS[ctx.actor ? "member" : "guest"](ctx.db, {}));
  return views(rows);
}

/** GET /v1/shout/{id}/: the shout and its comment tree (muted shouts too; 404 for guests if the author hides them). */
export async function getShout(ctx: RequestContext, idInput: unknown): Promise<ShoutDetail> {
  const id = parsePathId(idInput, NOT_FOUND);
  // The shout, its card's data and its comments in one round trip: their reads need only the id. What was read for
  // a shout the actor may not see is dropped with the 404.
  const [{ shout }, data, rules, comments] = await Promise.all([
    visibleShout(ctx, id),
    shoutData(ctx, [id]),
    ctx.actor ? shoutRules(ctx) : undefined,
    getShoutCommentTree(ctx, id),
  ]);
  const [view] = viewsFrom(ctx, [shout], data, rules);
  if (!view) throw new AppError("not_found", NOT_FOUND);
  return { ...view, comments };
}

/** Who is viewing: a member by id, a guest by a hash of the IP (the address itself is never stored). */
async function viewerKey(ctx: RequestContext): Promise<string> {
  if (ctx.actor) return `u:${ctx.actor.id}`;
  return guestViewerKey(ctx.ip);
}

async function guestViewerKey(ip: string): Promise<string> {
  return `ip:${(await sha256(`shout-view:${ip}`)).slice(0, 32)}`;
}

function viewKey(id: number, viewer: string, now: Date): string {
  return `${id}:${viewer}:${Math.floor(now.getTime() / DAY_MS)}`;
}

/**
 * Whether this isolate already wrote today's view of the shout by the guest at `ip`: a cache hit of a shout's page
 * then needs no request context to count it (countShoutView would change nothing).
 */
export async function guestViewWritten(id: number, ip: string, now: Date): Promise<boolean> {
  return viewsWritten.has(viewKey(id, await guestViewerKey(ip), now));
}

/** The (shout, viewer, day) views this isolate has written: repeats skip D1. Bounded, oldest forgotten first. */
const viewsWritten = new Set<string>();
const VIEWS_WRITTEN_MAX = 10_000;

function rememberViewWritten(view: string): void {
  viewsWritten.add(view);
  for (const oldest of viewsWritten) {
    if (viewsWritten.size <= VIEWS_WRITTEN_MAX) break;
    viewsWritten.delete(oldest);
  }
}

/**
 * Counts a view of the shout: once per viewer (member, or guest IP) per UTC day; the author's own views do not
 * count. Returns whether this view was counted. Unknown ids are ignored.
 */
export async function countShoutView(ctx: RequestContext, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const viewer = await viewerKey(ctx);
  const now = ctx.now();
  const day = Math.floor(now.getTime() / DAY_MS);
  // Every hit of a cached shout page lands here: a view this isolate already wrote today changes nothing in D1.
  const seen = viewKey(id, viewer, now);
  if (viewsWritten.has(seen)) return false;
  const authorGuard = ctx.actor ? sql`AND user_id != ${ctx.actor.id}` : sql``;
  const [inserted] = await rawBatch(ctx, [
    sql`
      INSERT INTO shout_views (shout_id, viewer, day)
      SELECT ${id}, ${viewer}, ${day} WHERE EXISTS (SELECT 1 FROM shouts WHERE id = ${id} ${authorGuard})
      ON CONFLICT DO NOTHING
      RETURNING shout_id`,
  ]);
  rememberViewWritten(seen);
  if (!inserted.length) return false;
  // Only the request that inserted the (shout, viewer, day) row gets here, so concurrent views count once.
  await ctx.db
    .update(shouts)
    .set({ viewsCount: sql`${shouts.viewsCount} + 1` })
    .where(eq(shouts.id, id));
  return true;
}

/** The shout whose page a path is ("/bonfire/12" → 12), or null. */
export function shoutIdOfPath(pathname: string): number | null {
  const match = /^\/bonfire\/(\d{1,15})$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** Records a view of the shout page (see countShoutView). */
export async function recordShoutView(ctx: RequestContext, id: number): Promise<void> {
  await countShoutView(ctx, id);
}

// ─── writing ────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /v1/shout/: text (≤ SHOUT_TEXT_MAX), pictures (files, checked by content, ≤ SHOUT_IMAGE_MAX_BYTES each)
 * and video links, at most SHOUT_MEDIA_MAX media together; text or media required. Every picture is checked
 * and converted before anything is written; then the WebP variants go to R2 and the shout, its media and tags
 * go to D1 in one batch. If the batch fails the R2 objects are deleted, so a failure leaves nothing behind.
 */
export async function createShout(
  ctx: RequestContext,
  input: { text: unknown; files: unknown[]; captions?: unknown[]; videos?: unknown[]; is_media_hidden?: unknown },
): Promise<ShoutView> {
  const actor = requireWriter(ctx, SIGN_IN_TO_SHOUT);
  if (!can(actor, "create")) throw new AppError("forbidden");
  await enforceNewMemberLimits(ctx, actor);
  const data = parseInput(ZShoutCreate, {
    text: input?.text,
    captions: input?.captions ?? [],
    videos: input?.videos ?? [],
    is_media_hidden: input?.is_media_hidden,
  });
  const files = Array.isArray(input?.files) ? input.files : [];
  if (!data.text && !files.length && !data.videos.length) throw AppError.field("text", NEEDS_CONTENT);
  const media = await prepareMedia(actor.id, { files, captions: data.captions, videos: data.videos });
  if (!data.text && !media.length) throw AppError.field("text", NEEDS_CONTENT);

  const now = ctx.now().getTime();
  // Inside the batch the new shout is the author's newest: D1 runs a batch as one transaction.
  const newId = sql`(SELECT max(id) FROM shouts WHERE user_id = ${actor.id})`;
  const statements: SQL[] = [
    sql`
      INSERT INTO shouts (user_id, text, is_media_hidden, created_at, updated_at)
      VALUES (${actor.id}, ${data.text}, ${data.is_media_hidden ? 1 : 0}, ${now}, ${now})
      RETURNING id`,
    ...media.map(
      (m, position) => sql`
        INSERT INTO shout_media (shout_id, user_id, position, is_video, key, width, height, caption, created_at)
        VALUES (${newId}, ${actor.id}, ${position}, ${m.isVideo ? 1 : 0}, ${m.key}, ${m.width}, ${m.height}, ${m.caption}, ${now})`,
    ),
    ...(await shoutTagStatements(ctx.db, newId, hashtagNames(data.text))),
    recountShoutsSql({ shoutId: newId }),
  ];
  const written = await storeMedia(ctx.env.MEDIA, media);
  let id: number | undefined;
  try {
    const [inserted] = await rawBatch(ctx, statements);
    id = inserted[0]?.id as number | undefined;
  } catch (error) {
    await deleteObjects(ctx.env.MEDIA, written).catch((e) => console.error("cleaning up shout media failed", e));
    batchError(error);
  }
  if (!id) throw new AppError("internal");

  const view = await viewOf(ctx, id);
  const shout = (await ctx.db.query.shouts.findFirst({ where: eq(shouts.id, id) })) as ShoutRow;
  const isPublic = authorFlags(actor).isPublic;
  invalidateShout(
    ctx,
    shout,
    view.tags.map((t) => t.slug),
  );
  publish(ctx, { type: "shout_created", obj: neutralShout(view) }, shoutAudience(shout, isPublic));
  await onShoutCreated(ctx, { actor, shout: shoutRef(shout, actor, view) });
  return view;
}

/** PATCH /v1/shout/{id}/ {text}: the author within the edit window, a moderator always; #tags follow the text. */
export async function updateShout(ctx: RequestContext, id: unknown, input: unknown): Promise<ShoutView> {
  const actor = requireWriter(ctx, SIGN_IN_TO_SHOUT);
  const { shout, author } = await visibleShout(ctx, id);
  const rules = await shoutRules(ctx);
  if (!can(actor, "edit", shoutAccess(shout, author), rules)) {
    throw new AppError(
      "forbidden",
      shout.userId === actor.id
        ? "Записку можно изменить только в течение часа после публикации."
        : "Изменять чужие записки могут только модераторы.",
    );
  }
  const data = parseInput(ZShoutUpdate, input ?? {});
  const before = await tagSlugs(ctx, shout.id);
  if (!data.text) {
    const media = await ctx.db.query.shoutMedia.findFirst({
      where: eq(shoutMedia.shoutId, shout.id),
      columns: { id: true },
    });
    if (!media) throw AppError.field("text", "Записка без картинок и видео не может быть пустой.");
  }
  if (data.text !== shout.text) {
    const shoutId = sql`${shout.id}`;
    const statements: SQL[] = [
      sql`UPDATE shouts SET text = ${data.text}, updated_at = ${ctx.now().getTime()} WHERE id = ${shout.id}`,
      ...(await shoutTagStatements(ctx.db, shoutId, hashtagNames(data.text))),
      recountShoutsSql({ shoutId, tagIds: before.ids }),
    ];
    const audit = othersContentEntry(actor.id, shout.userId, {
      action: "shout.edit",
      targetType: "shout",
      targetId: shout.id,
      meta: { before: shout.text.slice(0, 140) },
      at: ctx.now(),
    });
    if (audit) statements.push(auditSql(ctx.db, audit));
    await rawBatch(ctx, statements).catch(batchError);
  }
  const view = await viewOf(ctx, shout.id);
  if (data.text === shout.text) return view;
  const fresh = { ...shout, text: data.text };
  invalidateShout(ctx, shout, [...before.slugs, ...view.tags.map((t) => t.slug)]);
  publish(ctx, { type: "shout_updated", obj: neutralShout(view) }, shoutAudience(shout, authorFlags(author).isPublic));
  await onShoutUpdated(ctx, { author, shout: shoutRef(fresh, author, view), oldText: shout.text });
  return view;
}

/**
 * DELETE /v1/shout/{id}/: the author any time, a moderator any shout. The shout, its media rows, tag links,
 * views, comments, paws (of the shout and its comments) and bookmarks go in one batch; its pictures are then
 * deleted from R2.
 */
export async function deleteShout(ctx: RequestContext, id: unknown): Promise<{ id: number; deleted: true }> {
  const actor = requireWriter(ctx, SIGN_IN_TO_SHOUT);
  const { shout, author } = await visibleShout(ctx, id);
  if (!can(actor, "delete", shoutAccess(shout, author))) {
    throw new AppError("forbidden", "Удалять чужие записки могут только модераторы.");
  }
  const [media, before] = await Promise.all([
    ctx.db
      .select({ isVideo: shoutMedia.isVideo, key: shoutMedia.key })
      .from(shoutMedia)
      .where(eq(shoutMedia.shoutId, shout.id)),
    tagSlugs(ctx, shout.id),
  ]);
  await rawBatch(ctx, [
    sql`DELETE FROM likes WHERE item_type = 'shout_comment' AND item_id IN (SELECT id FROM shout_comments WHERE shout_id = ${shout.id})`,
    sql`DELETE FROM likes WHERE item_type = 'shout' AND item_id = ${shout.id}`,
    sql`DELETE FROM bookmarks WHERE item_type = 'shout' AND item_id = ${shout.id}`,
    sql`DELETE FROM shout_comments WHERE shout_id = ${shout.id}`,
    sql`DELETE FROM shout_tags WHERE shout_id = ${shout.id}`,
    sql`DELETE FROM shout_views WHERE shout_id = ${shout.id}`,
    sql`DELETE FROM shout_media WHERE shout_id = ${shout.id}`,
    sql`DELETE FROM shouts WHERE id = ${shout.id}`,
    recountShoutsSql({ tagIds: before.ids }),
    ...auditStatements(ctx, actor.id, shout, "shout.delete"),
  ]);
  await deleteObjects(ctx.env.MEDIA, storedKeys(media)).catch((e) => console.error("deleting shout media failed", e));
  await purgeGuestPages(ctx);
  const audience = shoutAudience(shout, authorFlags(author).isPublic);
  if (shout.isPinned) publish(ctx, { type: "shout_unpinned", obj: { id: shout.id, is_pinned: false } }, audience);
  publish(ctx, { type: "shout_deleted", obj: { id: shout.id } }, audience);
  await onShoutRemoved(ctx, shout.id);
  return { id: shout.id, deleted: true };
}

// ─── moderation (spec §6: pin, mute, freeze) ────────────────────────────────────────────────────────

/** The audit entry of a moderator acting on someone else's shout, as raw SQL for rawBatch (none for the author). */
function auditStatements(ctx: RequestContext, actorId: number, shout: ShoutRow, action: string): SQL[] {
  const entry = othersContentEntry(actorId, shout.userId, {
    action,
    targetType: "shout",
    targetId: shout.id,
    meta: { excerpt: shout.text.slice(0, 140) },
    at: ctx.now(),
  });
  return entry ? [auditSql(ctx.db, entry)] : [];
}

/** The audit entry of a moderation toggle (pin, mute, freeze), always written. */
function toggleEntry(ctx: RequestContext, shout: ShoutRow, action: string) {
  return {
    actorId: ctx.actor?.id ?? null,
    action,
    targetType: "shout",
    targetId: shout.id,
    targetUserId: shout.userId,
    meta: { excerpt: shout.text.slice(0, 140) },
    at: ctx.now(),
  };
}

async function moderated(ctx: RequestContext, id: unknown, message: string) {
  const actor = requireWriter(ctx, "Войдите на сайт.");
  const found = await visibleShout(ctx, id);
  if (!can(actor, "moderate", shoutAccess(found.shout, found.author))) throw new AppError("forbidden", message);
  return found;
}

/** PATCH /v1/shout/{id}/pin/: moderators put a shout on the pinned strip or take it off. */
export async function togglePinShout(ctx: RequestContext, id: unknown): Promise<{ is_pinned: boolean }> {
  const { shout, author } = await moderated(ctx, id, "Закреплять записки могут только модераторы.");
  const isPinned = !shout.isPinned;
  await ctx.db.batch([
    ctx.db
      .update(shouts)
      .set({ isPinned, pinnedAt: isPinned ? ctx.now() : null })
      .where(eq(shouts.id, shout.id)),
    auditInsert(ctx.db, toggleEntry(ctx, shout, isPinned ? "shout.pin" : "shout.unpin")),
  ]);
  const view = await viewOf(ctx, shout.id);
  invalidateShout(ctx, shout);
  publish(
    ctx,
    {
      type: isPinned ? "shout_pinned" : "shout_unpinned",
      obj: { ...neutralShout(view), id: shout.id, is_pinned: isPinned },
    },
    shoutAudience(shout, authorFlags(author).isPublic),
  );
  return { is_pinned: isPinned };
}

/**
 * PATCH /v1/shout/{id}/mute/: moderators take a shout off every list (bonfire, pinned strip, tag pages, the
 * activity stream) — it stays reachable by its link and on its author's profile — or put it back. Tag counts
 * are recomputed in the same batch. The change itself goes to the shout's audience before muting, so lists drop
 * it; afterwards a muted shout's events go to its page only.
 */
export async function toggleMuteShout(ctx: RequestContext, id: unknown): Promise<{ is_muted: boolean }> {
  const { shout, author } = await moderated(ctx, id, "Скрывать записки могут только модераторы.");
  const isMuted = !shout.isMuted;
  const before = await tagSlugs(ctx, shout.id);
  await rawBatch(ctx, [
    sql`UPDATE shouts SET is_muted = ${isMuted ? 1 : 0} WHERE id = ${shout.id}`,
    recountShoutsSql({ tagIds: before.ids }),
    auditSql(ctx.db, toggleEntry(ctx, shout, isMuted ? "shout.mute" : "shout.unmute")),
  ]);
  const view = await viewOf(ctx, shout.id);
  // Muted, it leaves every list: every cached guest page at once; unmuted, the pages that list it.
  if (isMuted) await purgeGuestPages(ctx);
  else invalidateShout(ctx, shout, before.slugs);
  const isPublic = authorFlags(author).isPublic;
  publish(
    ctx,
    { type: "shout_updated", obj: neutralShout(view) },
    shoutAudience({ id: shout.id, isMuted: false }, isPublic),
  );
  // The public activity stream is a list too: a muted shout's items leave it (unmuting does not bring them back).
  if (isMuted) await onShoutRemoved(ctx, shout.id, { notifications: false });
  return { is_muted: isMuted };
}

/** PATCH /v1/shout/{id}/freeze/: moderators close a shout to new comments, or open it again. */
export async function toggleFreezeShout(ctx: RequestContext, id: unknown): Promise<{ is_frozen: boolean }> {
  const { shout, author } = await moderated(ctx, id, "Замораживать записки могут только модераторы.");
  const isFrozen = !shout.isFrozen;
  await ctx.db.batch([
    ctx.db.update(shouts).set({ isFrozen }).where(eq(shouts.id, shout.id)),
    auditInsert(ctx.db, toggleEntry(ctx, shout, isFrozen ? "shout.freeze" : "shout.unfreeze")),
  ]);
  const view = await viewOf(ctx, shout.id);
  invalidateShout(ctx, shout);
  publish(ctx, { type: "shout_updated", obj: neutralShout(view) }, shoutAudience(shout, authorFlags(author).isPublic));
  return { is_frozen: isFrozen };
}

// ─── profile lists ──────────────────────────────────────────────────────────────────────────────────

async function profileOwner(ctx: RequestContext, userId: unknown): Promise<UserRow> {
  const id = parsePathId(userId, "Пользователь не найден.");
  const owner = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!owner) throw new AppError("not_found", "Пользователь не найден.");
  return owner;
}

/**
 * GET /v1/user/{id}/shouts|bookmark-shouts/?page=: a member's shouts, newest first (muted ones included: the
 * profile keeps them; a guest gets an empty list if the member hides shouts from guests), or the member's
 * bookmarked shouts by bookmark time (the owner only: 401 guest, 403 others — as bookmark-posts).
 */
export async function listUserShouts(
  ctx: RequestContext,
  userId: unknown,
  kind: UserShoutList,
  page: unknown,
): Promise<Paged<ShoutView>> {
  if (!(USER_SHOUT_LISTS as readonly string[]).includes(kind)) throw new AppError("not_found", "Такого списка нет.");
  const owner = await profileOwner(ctx, userId);
  const pageNumber = parsePage(page);
  const size = SHOUTS_PAGE_SIZE;
  const offset = (pageNumber - 1) * size;
  let rows: ShoutRow[];
  if (kind === "shouts") {
    if (!ctx.actor && !authorFlags(owner).isPublic) return toPage(ctx, pageNumber, []);
    rows = await ctx.db
      .select()
      .from(shouts)
      .where(eq(shouts.userId, owner.id))
      .orderBy(desc(shouts.id))
      .limit(size + 1)
      .offset(offset);
  } else {
    if (!ctx.actor) throw new AppError("unauthenticated");
    if (ctx.actor.id !== owner.id) throw new AppError("forbidden", "Этот список виден только его владельцу.");
    rows = (
      await ctx.db
        .select({ shout: shouts })
        .from(bookmarks)
        .innerJoin(shouts, and(eq(bookmarks.itemType, "shout"), eq(shouts.id, bookmarks.itemId)))
        .where(eq(bookmarks.userId, owner.id))
        .orderBy(desc(bookmarks.createdAt), desc(shouts.id))
        .limit(size + 1)
        .offset(offset)
    ).map((r) => r.shout);
  }
  const paged = toPage(ctx, pageNumber, rows, size);
  return { ...paged, results: await loadViews(ctx, paged.results) };
}

/**
 * GET /v1/user/{id}/pictures/?page=: every picture the member posted in shouts, newest first (a guest gets an
 * empty list if the member hides shouts from guests).
 */
export async function listUserPictures(
  ctx: RequestContext,
  userId: unknown,
  page: unknown,
): Promise<Paged<UserPicture>> {
  const owner = await profileOwner(ctx, userId);
  const pageNumber = parsePage(page);
  if (!ctx.actor && !authorFlags(owner).isPublic) return toPage(ctx, pageNumber, []);
  const size = SHOUTS_PAGE_SIZE;
  const rows = await ctx.db
    .select({ media: shoutMedia, createdAt: shouts.createdAt })
    .from(shoutMedia)
    .innerJoin(shouts, eq(shouts.id, shoutMedia.shoutId))
    .where(and(eq(shoutMedia.userId, owner.id), eq(shoutMedia.isVideo, false)))
    .orderBy(desc(shoutMedia.shoutId), asc(shoutMedia.position), asc(shoutMedia.id))
    .limit(size + 1)
    .offset((pageNumber - 1) * size);
  return toPage(
    ctx,
    pageNumber,
    rows.map(
      (r): UserPicture => ({
        ...serializeMedia(r.media),
        shout_id: r.media.shoutId,
        datetime: r.createdAt.toISOString(),
      }),
    ),
    size,
  );
}

export type { MediaItem as ShoutMediaItem };
