import { and, desc, eq, gte, inArray, lt, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { slugify } from "transliteration";
import { bookmarks, comments, likes, type PostRow, postShares, posts, postTags, type UserRow, users } from "#drizzle/schema";
import { getCommentTree, getFirstThreads } from "#workers/core/comments/comments";
import type { CommentView } from "#workers/core/comments/comments.serializers";
import { getConfig } from "#workers/core/config/config";
import { AppError, type FieldErrors } from "#workers/core/errors";
import { onPostPublished, onPostRemoved, onPostShared } from "#workers/core/notifications/triggers";
import { mediaUrl } from "#workers/core/shared/media";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import { recountStatement, tagStatements } from "#workers/core/tags/tags.write";
import type { RequestContext } from "#workers/platform/context";
import { randomToken } from "#workers/platform/crypto";
import { putAll, readUpload, widthVariants } from "#workers/platform/images";
import { publish } from "#workers/realtime/publish";
import { bodyText, type TPostBody } from "./body.schemas";
import { can, type PostAccess, type PostRules } from "./posts.policy";
import { type CardData, cardData, cardsFrom, findPost, loadCards, numberedPage, type Page } from "./posts.read";
import {
  POST_IMAGE_WIDTH,
  POSTS_PAGE_SIZE,
  PUBLISH_TITLE_MIN,
  USER_POST_LISTS,
  type UserPostList,
  ZDraftCreate,
  ZPage,
  ZPostImageUrl,
  ZPostList,
  ZPostUpdate,
  ZShare,
  ZVideoUrl,
} from "./posts.schemas";
import { type PostCard, type PostDetail, serializePostDetail } from "./posts.serializers";

export type { Page } from "./posts.read";
export type { PostCard, PostDetail } from "./posts.serializers";

/** Media item (spec §3): what the editor inserts for an uploaded picture. */
export interface MediaItem {
  url: string;
  is_video: boolean;
  width: number;
  height: number;
  caption: string | null;
}

/** "top": the best paw score among posts published in the last TOP_DAYS days (docs/decisions/0012). */
export const TOP_DAYS = 30;
/** "popular": a time-decayed score among posts published in the last POPULAR_DAYS days. */
export const POPULAR_DAYS = 7;
export const POPULAR_CANDIDATES = 1000;
export const MAX_SHARES = 20;
const DAY_MS = 86_400_000;

function requireActor(ctx: RequestContext): UserRow {
  if (!ctx.actor) throw new AppError("unauthenticated");
  return ctx.actor;
}

const NOT_FOUND = "Статья не найдена.";

async function rules(ctx: RequestContext): Promise<PostRules> {
  const config = await getConfig(ctx);
  return { now: ctx.now(), isOneHourEditEnabled: config.is_one_hour_edit_enabled };
}

function access(post: PostRow, sharedWith: number[]): PostAccess {
  return {
    userId: post.userId,
    isPublished: post.isPublished,
    createdAt: post.createdAt,
    publishedAt: post.publishedAt,
    sharedWith,
  };
}

/** Loads a post the actor may see (drafts of others are a 404, never a 403: their existence is private). */
async function visiblePost(ctx: RequestContext, slug: string) {
  const found = await findPost(ctx, slug);
  if (!found || !can(ctx.actor, "view", access(found.post, found.sharedWith))) throw new AppError("not_found", NOT_FOUND);
  return { ...found, access: access(found.post, found.sharedWith) };
}

// ─── slugs ──────────────────────────────────────────────────────────────────────────────────────────

/** Readable transliterated title plus a short random suffix: "vedmak-3-obzor-k3x9qa". Never changes. */
/** The slug base of a draft started without a title. */
export const UNTITLED_SLUG = "chernovik";

export function makeSlug(title: string | undefined): string {
  const base =
    slugify(title ?? "", { lowercase: true, separator: "-" }).slice(0, 60).replace(/-+$/, "") || UNTITLED_SLUG;
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => alphabet[b % alphabet.length]).join("");
  return `${base}-${suffix}`;
}

/** The guest pages that show a post: its page, the home list and its author's profile. */
function invalidatePost(ctx: RequestContext, post: Pick<PostRow, "slug" | "userId">): void {
  ctx.invalidate(["/", `/posts/${post.slug}`, `/users/${post.userId}`]);
}

// ─── services ───────────────────────────────────────────────────────────────────────────────────────

/** POST /v1/post/: a new draft of the actor; returns its slug. */
export async function createDraft(ctx: RequestContext, input: unknown): Promise<{ slug: string; id: number }> {
  const actor = requireActor(ctx);
  if (!can(actor, "create")) throw new AppError("forbidden");
  const { title } = parseInput(ZDraftCreate, input ?? {});
  const now = ctx.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await ctx.db
        .insert(posts)
        .values({ slug: makeSlug(title), userId: actor.id, title: title ?? "", body: { type: "doc", content: [] }, createdAt: now, updatedAt: now })
        .returning({ id: posts.id, slug: posts.slug });
      return row;
    } catch (error) {
      if (attempt < 3 && String(error).includes("UNIQUE")) continue;
      throw error;
    }
  }
}

/** GET /v1/post/{slug}/ */
export async function getPost(ctx: RequestContext, slug: string): Promise<PostDetail> {
  const found = await visiblePost(ctx, slug);
  return detail(ctx, found.post, found.sharedWith, await rules(ctx));
}

async function detail(ctx: RequestContext, post: PostRow, sharedWith: number[], r: PostRules): Promise<PostDetail> {
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
    ctx.db.select().from(posts).where(eq(posts.slug, slug)).limit(1),
    ctx.db
      .select({ userId: postShares.userId })
      .from(postShares)
      .innerJoin(posts, eq(posts.id, postShares.postId))
      .where(eq(posts.slug, slug)),
    pinnedQuery(ctx),
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

/** What a post must have to be published (and keep while published), field by field. */
function publishProblems(post: Pick<PostRow, "title" | "body">): FieldErrors | null {
  const errors: FieldErrors = {};
  if (post.title.trim().length < PUBLISH_TITLE_MIN) errors.title = [`Заголовок должен быть не короче ${PUBLISH_TITLE_MIN} символов.`];
  const body = post.body as TPostBody | null;
  const hasContent = !!body?.content?.some((block) => block.type !== "paragraph" || (block.content?.length ?? 0) > 0);
  if (!hasContent || (!bodyText(body, 10) && !body?.content.some((b) => b.type === "image" || b.type === "embed"))) {
    errors.body = ["Напишите текст статьи."];
  }
  return Object.keys(errors).length ? errors : null;
}

function throwProblems(errors: FieldErrors): never {
  throw new AppError("invalid", Object.values(errors)[0][0], { errors });
}

/** The key of an uploaded cover of this post ("/media/posts/<id>/x.webp" → "posts/<id>/x.webp"), or null. */
function ownImageKey(postId: number, url: string): string | null {
  if (!ZPostImageUrl.safeParse(url).success) return null;
  const key = url.slice("/media/".length);
  return key.startsWith(`posts/${postId}/`) ? key : null;
}

/** PATCH /v1/post/{slug}/: saves the editor's fields (any subset). */
export async function updatePost(ctx: RequestContext, slug: string, input: unknown): Promise<PostDetail> {
  requireActor(ctx);
  const found = await visiblePost(ctx, slug);
  const r = await rules(ctx);
  if (!can(ctx.actor, "edit", found.access, r)) throw new AppError("forbidden", "Редактировать эту статью уже нельзя.");
  const data = parseInput(ZPostUpdate, input ?? {});
  const post = found.post;
  const patch: Partial<typeof posts.$inferInsert> = { updatedAt: ctx.now() };
  if (data.title !== undefined) patch.title = data.title;
  if (data.headline !== undefined) patch.headline = data.headline;
  if (data.body !== undefined) patch.body = data.body;

  // Cover: an uploaded image of this post, or a video URL when the background is a video.
  const isVideo = data.is_video_background ?? post.isVideoBackground;
  if (data.is_video_background !== undefined) patch.isVideoBackground = isVideo;
  if (data.image !== undefined) {
    if (data.image === null || data.image === "") patch.image = null;
    else if (isVideo) {
      const checked = ZVideoUrl.safeParse(data.image);
      if (!checked.success) throw AppError.field("image", checked.error.issues[0].message);
      patch.image = data.image;
    } else {
      const key = ownImageKey(post.id, data.image);
      if (!key) throw AppError.field("image", "Обложка должна быть картинкой, загруженной в эту статью.");
      if (key !== post.image && !(await ctx.env.MEDIA.head(key))) throw AppError.field("image", "Такой картинки нет.");
      patch.image = key;
    }
  } else if (data.is_video_background !== undefined && data.is_video_background !== post.isVideoBackground) {
    patch.image = null; // the old cover was of the other kind
  }

  const next = { ...post, ...patch } as PostRow;
  if (post.isPublished) {
    const problems = publishProblems(next);
    if (problems) throwProblems(problems);
  }
  const statements: BatchItem<"sqlite">[] = [ctx.db.update(posts).set(patch).where(eq(posts.id, post.id))];
  if (data.tags !== undefined) {
    const oldTagIds = (
      await ctx.db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, post.id))
    ).map((t) => t.tagId);
    statements.push(...(await tagStatements(ctx.db, post.id, data.tags)));
    statements.push(recountStatement(ctx.db, { postId: post.id, tagIds: oldTagIds }));
  }
  await batch(ctx, statements);
  const fresh = await findPost(ctx, slug);
  if (!fresh) throw new AppError("not_found", NOT_FOUND);
  if (post.isPublished) invalidatePost(ctx, post);
  return detail(ctx, fresh.post, fresh.sharedWith, r);
}

async function batch(ctx: RequestContext, statements: BatchItem<"sqlite">[]): Promise<void> {
  if (!statements.length) return;
  try {
    await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw new AppError("conflict", "Данные изменились одновременно. Попробуйте ещё раз.");
    throw error;
  }
}

/** POST /v1/post/{slug}/publish/: the author publishes a draft that has a title and a text. */
export async function publishPost(ctx: RequestContext, slug: string): Promise<PostDetail> {
  const actor = requireActor(ctx);
  const found = await visiblePost(ctx, slug);
  if (found.post.isPublished) throw new AppError("conflict", "Статья уже опубликована.");
  const r = await rules(ctx);
  if (!can(ctx.actor, "publish", found.access, r)) throw new AppError("forbidden", "Опубликовать статью может только её автор.");
  const problems = publishProblems(found.post);
  if (problems) throwProblems(problems);
  const now = ctx.now();
  // A draft started without a title got a placeholder slug; on its first publication it gets a readable one
  // from the title (nobody outside the draft has seen the old address yet). Published slugs never change.
  const newSlug =
    !found.post.publishedAt && found.post.slug.startsWith(`${UNTITLED_SLUG}-`) ? makeSlug(found.post.title) : slug;
  await batch(ctx, [
    ctx.db
      .update(posts)
      .set({ isPublished: true, publishedAt: found.post.publishedAt ?? now, updatedAt: now, slug: newSlug })
      .where(eq(posts.id, found.post.id)),
    recountStatement(ctx.db, { postId: found.post.id }),
  ]);
  invalidatePost(ctx, { slug: newSlug, userId: found.post.userId });
  // The activity stream tells about a post once: its first publication, not a return from the drafts.
  if (!found.post.publishedAt) await onPostPublished(ctx, { actor, post: { ...found.post, slug: newSlug } });
  return getPost(ctx, newSlug);
}

/** POST /v1/post/{slug}/unpublish/: back to a draft (and off the pinned strip). */
export async function unpublishPost(ctx: RequestContext, slug: string): Promise<PostDetail> {
  requireActor(ctx);
  const found = await visiblePost(ctx, slug);
  if (!found.post.isPublished) throw new AppError("conflict", "Статья ещё не опубликована.");
  const r = await rules(ctx);
  if (!can(ctx.actor, "unpublish", found.access, r)) throw new AppError("forbidden", "Снять статью с публикации уже нельзя.");
  await batch(ctx, [
    ctx.db
      .update(posts)
      .set({ isPublished: false, isPinned: false, pinnedAt: null, updatedAt: ctx.now() })
      .where(eq(posts.id, found.post.id)),
    recountStatement(ctx.db, { postId: found.post.id }),
  ]);
  invalidatePost(ctx, found.post);
  publishUnpinned(ctx, found.post);
  await onPostRemoved(ctx, found.post.id);
  const fresh = await findPost(ctx, slug);
  if (!fresh) throw new AppError("not_found", NOT_FOUND);
  return detail(ctx, fresh.post, fresh.sharedWith, r);
}

/** A pinned post that leaves the site (unpublished or deleted) leaves the pinned strips too. */
function publishUnpinned(ctx: RequestContext, post: PostRow): void {
  if (!post.isPinned) return;
  publish(ctx, { type: "post_unpinned", obj: { id: post.id, slug: post.slug, is_pinned: false } }, { kind: "all" });
}

/** DELETE /v1/post/{slug}/: the post, its links, paws, bookmarks and comments in one batch; images after. */
export async function deletePost(ctx: RequestContext, slug: string): Promise<{ slug: string; deleted: true }> {
  requireActor(ctx);
  const found = await visiblePost(ctx, slug);
  const r = await rules(ctx);
  if (!can(ctx.actor, "delete", found.access, r)) throw new AppError("forbidden", "Удалить эту статью нельзя.");
  const id = found.post.id;
  const tagIds = (await ctx.db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, id))).map((t) => t.tagId);
  await batch(ctx, [
    ctx.db
      .delete(likes)
      .where(
        and(
          eq(likes.itemType, "comment"),
          inArray(likes.itemId, ctx.db.select({ id: comments.id }).from(comments).where(eq(comments.postId, id))),
        ),
      ),
    ctx.db.delete(likes).where(and(eq(likes.itemType, "post"), eq(likes.itemId, id))),
    ctx.db.delete(bookmarks).where(and(eq(bookmarks.itemType, "post"), eq(bookmarks.itemId, id))),
    ctx.db.delete(comments).where(eq(comments.postId, id)),
    ctx.db.delete(postTags).where(eq(postTags.postId, id)),
    ctx.db.delete(postShares).where(eq(postShares.postId, id)),
    ctx.db.delete(posts).where(eq(posts.id, id)),
    recountStatement(ctx.db, { tagIds }),
  ]);
  ctx.waitUntil(deleteImages(ctx, id));
  invalidatePost(ctx, found.post);
  publishUnpinned(ctx, found.post);
  await onPostRemoved(ctx, id);
  return { slug, deleted: true };
}

async function deleteImages(ctx: RequestContext, postId: number): Promise<void> {
  let cursor: string | undefined;
  do {
    const listing = await ctx.env.MEDIA.list({ prefix: `posts/${postId}/`, cursor });
    if (listing.objects.length) await ctx.env.MEDIA.delete(listing.objects.map((o) => o.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}

/** POST /v1/post/{slug}/share/ {username}: the author lets another member see and edit the draft. */
export async function sharePost(ctx: RequestContext, slug: string, input: unknown): Promise<PostDetail> {
  const actor = requireActor(ctx);
  const found = await visiblePost(ctx, slug);
  if (found.post.isPublished) throw new AppError("conflict", "Поделиться можно только черновиком.");
  if (!can(actor, "share", found.access)) throw new AppError("forbidden", "Делиться черновиком может только его автор.");
  const { username } = parseInput(ZShare, input ?? {});
  const member = await ctx.db.query.users.findFirst({ where: eq(users.usernameKey, normaliseKey(username)) });
  if (!member || member.isBanned) throw AppError.field("username", "Участник с таким именем не найден.");
  if (member.id === actor.id) throw AppError.field("username", "Это вы — автор черновика.");
  if (!found.sharedWith.includes(member.id)) {
    if (found.sharedWith.length >= MAX_SHARES) throw AppError.field("username", `Черновиком можно поделиться не больше чем с ${MAX_SHARES} участниками.`);
    const added = await ctx.db
      .insert(postShares)
      .values({ postId: found.post.id, userId: member.id, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ userId: postShares.userId });
    if (added.length) await onPostShared(ctx, { actor, post: found.post, memberId: member.id });
  }
  return getPost(ctx, slug);
}

/** POST /v1/post/{slug}/leave/: a member the draft was shared with gives it up. */
export async function leavePost(ctx: RequestContext, slug: string): Promise<{ slug: string; left: true }> {
  const actor = requireActor(ctx);
  const found = await visiblePost(ctx, slug);
  if (!can(actor, "leave", found.access)) throw new AppError("forbidden", "Этой статьей с вами не делились.");
  await ctx.db.delete(postShares).where(and(eq(postShares.postId, found.post.id), eq(postShares.userId, actor.id)));
  return { slug, left: true };
}

/** PATCH /v1/post/{slug}/pin/: moderators toggle a published post on the pinned strip. */
export async function togglePin(ctx: RequestContext, slug: string): Promise<{ is_pinned: boolean }> {
  const actor = requireActor(ctx);
  const found = await visiblePost(ctx, slug);
  if (!can(actor, "pin", found.access)) throw new AppError("forbidden", "Закреплять статьи могут только модераторы.");
  const isPinned = !found.post.isPinned;
  await ctx.db
    .update(posts)
    .set({ isPinned, pinnedAt: isPinned ? ctx.now() : null })
    .where(eq(posts.id, found.post.id));
  invalidatePost(ctx, found.post);
  publish(
    ctx,
    { type: isPinned ? "post_pinned" : "post_unpinned", obj: { id: found.post.id, slug: found.post.slug, is_pinned: isPinned } },
    { kind: "all" },
  );
  return { is_pinned: isPinned };
}

function pinnedQuery(ctx: RequestContext) {
  return ctx.db
    .select()
    .from(posts)
    .where(and(eq(posts.isPinned, true), eq(posts.isPublished, true)))
    .orderBy(desc(posts.pinnedAt), desc(posts.id))
    .limit(50);
}

/** GET /v1/post/pinned/: published pinned posts, the latest pinned first. */
export async function listPinnedPosts(ctx: RequestContext): Promise<Page<PostCard>> {
  const [pinned] = await ctx.read([pinnedQuery(ctx)]);
  return { results: await loadCards(ctx, pinned), next: null, previous: null };
}

// ─── lists ──────────────────────────────────────────────────────────────────────────────────────────

function encodeCursor(post: Pick<PostRow, "publishedAt" | "id">): string {
  return btoa(`${post.publishedAt?.getTime() ?? 0}.${post.id}`).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

function decodeCursor(cursor: string): { at: number; id: number } {
  try {
    const text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    const match = /^(\d{1,15})\.(\d{1,15})$/.exec(text);
    if (match) return { at: Number(match[1]), id: Number(match[2]) };
  } catch {
    // falls through
  }
  throw AppError.field("cursor", "Неверный курсор страницы.");
}

/** Popularity of a post at `now`: paws and comments, decayed with age (docs/decisions/0012). */
export function popularityScore(post: Pick<PostRow, "pwnd" | "commentsCount" | "publishedAt">, now: Date): number {
  const hours = Math.max(0, (now.getTime() - (post.publishedAt?.getTime() ?? now.getTime())) / 3_600_000);
  return Math.max(0, 1 + post.pwnd + 2 * post.commentsCount) / (hours + 2) ** 1.5;
}

/**
 * GET /v1/post/: published posts. "new" (default) pages by an opaque cursor (newest first); "top" and
 * "popular" page by number. `next`/`previous` are query strings.
 */
type RowsPage = Page<PostRow>;

/**
 * One list page as rows. "new" and "top" are one query each, run in the same D1 batch as `extra` (the pinned
 * strip on the home page); "popular" ranks recent candidates in the Worker, then loads the page's rows.
 */
async function listRows(ctx: RequestContext, input: unknown, withPinned: boolean): Promise<{ page: RowsPage; pinned: PostRow[] }> {
  const { type, cursor, page } = parseInput(ZPostList, input ?? {});
  const size = POSTS_PAGE_SIZE;
  const now = ctx.now();
  const run = async <T>(query: Promise<T> & { toSQL: unknown }): Promise<[T, PostRow[]]> => {
    if (!withPinned) return [await query, []];
    const [rows, pinned] = await ctx.read([query as never, pinnedQuery(ctx)]);
    return [rows as T, pinned as PostRow[]];
  };
  if (type === "new") {
    const after = cursor ? decodeCursor(cursor) : null;
    const where = after
      ? and(
          eq(posts.isPublished, true),
          or(lt(posts.publishedAt, new Date(after.at)), and(eq(posts.publishedAt, new Date(after.at)), lt(posts.id, after.id))),
        )
      : eq(posts.isPublished, true);
    const [rows, pinned] = await run(
      ctx.db.select().from(posts).where(where).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(size + 1),
    );
    const shown = rows.slice(0, size);
    return {
      page: {
        results: shown,
        next: rows.length > size ? `?cursor=${encodeCursor(shown[shown.length - 1])}` : null,
        previous: null,
      },
      pinned,
    };
  }
  if (type === "top") {
    const [rows, pinned] = await run(
      ctx.db
        .select()
        .from(posts)
        .where(and(eq(posts.isPublished, true), gte(posts.publishedAt, new Date(now.getTime() - TOP_DAYS * DAY_MS))))
        .orderBy(desc(posts.pwnd), desc(posts.publishedAt), desc(posts.id))
        .limit(size + 1)
        .offset((page - 1) * size),
    );
    return { page: numberedPage(rows, page, size, { type }), pinned };
  }
  const [candidates, pinned] = await run(
    ctx.db
      .select({ id: posts.id, pwnd: posts.pwnd, commentsCount: posts.commentsCount, publishedAt: posts.publishedAt })
      .from(posts)
      .where(and(eq(posts.isPublished, true), gte(posts.publishedAt, new Date(now.getTime() - POPULAR_DAYS * DAY_MS))))
      .orderBy(desc(posts.publishedAt))
      .limit(POPULAR_CANDIDATES),
  );
  const ranked = candidates
    .map((c) => ({ id: c.id, at: c.publishedAt?.getTime() ?? 0, score: popularityScore(c, now) }))
    .sort((a, b) => b.score - a.score || b.at - a.at || b.id - a.id);
  const slice = ranked.slice((page - 1) * size, page * size + 1);
  const paged = numberedPage(slice, page, size, { type });
  const ids = paged.results.map((s) => s.id);
  const rows = ids.length ? await ctx.db.select().from(posts).where(inArray(posts.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { page: { ...paged, results: ids.flatMap((id) => byId.get(id) ?? []) }, pinned };
}

/** GET /v1/post/: new (cursor), top and popular (page). */
export async function listPosts(ctx: RequestContext, input: unknown): Promise<Page<PostCard>> {
  const { page } = await listRows(ctx, input, false);
  return { ...page, results: await loadCards(ctx, page.results) };
}

/** The home page: a list page and the pinned strip, with their cards read together (two D1 round trips). */
export async function listHome(ctx: RequestContext, input: unknown): Promise<{ feed: Page<PostCard>; pinned: PostCard[] }> {
  const { page, pinned } = await listRows(ctx, input, true);
  const all = [...page.results, ...pinned];
  const data = all.length ? await cardData(ctx, all) : null;
  return {
    feed: { ...page, results: data ? cardsFrom(page.results, data) : [] },
    pinned: data ? cardsFrom(pinned, data) : [],
  };
}

/**
 * GET /v1/user/{id}/posts|drafts|shared-posts|bookmark-posts/: a member's lists, by page. Published posts are
 * public; drafts, drafts shared with the member and bookmarks are for the member only.
 */
export async function listUserPosts(ctx: RequestContext, userId: unknown, kind: UserPostList, pageInput: unknown): Promise<Page<PostCard>> {
  if (!(USER_POST_LISTS as readonly string[]).includes(kind)) throw new AppError("not_found", "Такого списка нет.");
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("not_found", "Пользователь не найден.");
  const page = parseInput(ZPage, pageInput ?? undefined);
  const owner = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!owner) throw new AppError("not_found", "Пользователь не найден.");
  if (kind !== "posts") {
    if (!ctx.actor) throw new AppError("unauthenticated");
    if (ctx.actor.id !== owner.id) throw new AppError("forbidden", "Этот список виден только его владельцу.");
  }
  const size = POSTS_PAGE_SIZE;
  const offset = (page - 1) * size;
  let rows: PostRow[];
  if (kind === "posts") {
    rows = await ctx.db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, id), eq(posts.isPublished, true)))
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(size + 1)
      .offset(offset);
  } else if (kind === "drafts") {
    rows = await ctx.db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, id), eq(posts.isPublished, false)))
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(size + 1)
      .offset(offset);
  } else if (kind === "shared-posts") {
    rows = (
      await ctx.db
        .select({ post: posts })
        .from(postShares)
        .innerJoin(posts, eq(posts.id, postShares.postId))
        .where(and(eq(postShares.userId, id), eq(posts.isPublished, false)))
        .orderBy(desc(postShares.createdAt), desc(posts.id))
        .limit(size + 1)
        .offset(offset)
    ).map((r) => r.post);
  } else {
    rows = (
      await ctx.db
        .select({ post: posts })
        .from(bookmarks)
        .innerJoin(posts, and(eq(bookmarks.itemType, "post"), eq(posts.id, bookmarks.itemId)))
        .where(and(eq(bookmarks.userId, id), eq(posts.isPublished, true)))
        .orderBy(desc(bookmarks.createdAt), desc(posts.id))
        .limit(size + 1)
        .offset(offset)
    ).map((r) => r.post);
  }
  const paged = numberedPage(rows, page, size);
  return { ...paged, results: await loadCards(ctx, paged.results) };
}

// ─── images ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /v1/post/{slug}/image/: an image for the editor or the cover, checked by content, scaled to at most
 * 1600 px wide, stored as WebP in R2 under posts/<id>/. Nothing is written to D1; on any failure nothing
 * stays in R2.
 */
export async function uploadPostImage(ctx: RequestContext, slug: string, file: unknown): Promise<MediaItem> {
  requireActor(ctx);
  const found = await visiblePost(ctx, slug);
  const r = await rules(ctx);
  if (!can(ctx.actor, "edit", found.access, r)) throw new AppError("forbidden", "Редактировать эту статью уже нельзя.");
  const bytes = await readUpload(file, "file");
  const [{ body, width, height }] = widthVariants(bytes, [POST_IMAGE_WIDTH], { field: "file" });
  const key = `posts/${found.post.id}/${randomToken(12).replace(/[^\w-]/g, "")}.webp`;
  await putAll(ctx.env.MEDIA, [{ key, body }]);
  return { url: mediaUrl(key), is_video: false, width, height, caption: null };
}

