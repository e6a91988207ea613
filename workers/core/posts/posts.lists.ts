import { and, desc, eq, gte, inArray, lt, or, type Placeholder, sql } from "drizzle-orm";
import { bookmarks, type PostRow, postShares, posts, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { preparedRead } from "#workers/platform/prepared";
import {
  type CardData,
  cardData,
  cardsFrom,
  loadCards,
  numberedPage,
  type Page,
  POST_CARD_COLUMNS,
  type PostCardRow,
  preparedCards,
  readCards,
} from "./posts.read";
import { POSTS_PAGE_SIZE, USER_POST_LISTS, type UserPostList, ZPage, ZPostList } from "./posts.schemas";
import type { PostCard } from "./posts.serializers";

/** Lists of posts: new (cursor), top and popular (page), the pinned strip and a member's lists. */

/** "top": the best paw score among posts published in the last TOP_DAYS days (docs/decisions/0012). */
export const TOP_DAYS = 30;
/** "popular": a time-decayed score among posts published in the last POPULAR_DAYS days. */
export const POPULAR_DAYS = 7;
export const POPULAR_CANDIDATES = 1000;
const DAY_MS = 86_400_000;

/** The query behind the pinned strip, for pages that read it in their own D1 batch. */
export function pinnedQuery(ctx: RequestContext) {
  return pinnedList(ctx.db);
}

/** pinnedQuery built once per isolate, for reads that do not embed it (workers/platform/prepared.ts). */
export const pinnedRead = preparedRead([], (db) => pinnedList(db));

/** The pinned strip's posts (card columns), the most recently pinned first. */
export function pinnedList(db: Db) {
  return db
    .select(POST_CARD_COLUMNS)
    .from(posts)
    .where(and(eq(posts.isPinned, true), eq(posts.isPublished, true)))
    .orderBy(desc(posts.pinnedAt), desc(posts.id))
    .limit(50);
}

/** The pinned strip with its cards' data, built once per isolate (preparedCards). */
const PINNED_CARDS = preparedCards([], (db) => [pinnedList(db)]);

/** GET /v1/post/pinned/: published pinned posts, the latest pinned first. */
export async function listPinnedPosts(ctx: RequestContext): Promise<Page<PostCard>> {
  const { rows, data } = await PINNED_CARDS(ctx, {});
  return { results: cardsFrom(rows[0], data), next: null, previous: null };
}

function encodeCursor(post: Pick<PostRow, "publishedAt" | "id">): string {
  return btoa(`${post.publishedAt?.getTime() ?? 0}.${post.id}`)
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
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
type RowsPage = Page<PostCardRow>;

/**
 * The newest published posts, from the first or after a cursor's post (its publication time `at` and id), with
 * their cards' data and, on the home page, the pinned strip: each shape built once per isolate (preparedCards).
 */
function newestList(db: Db, after: { at: Placeholder; id: Placeholder } | null) {
  const at = after && sql.param(after.at, posts.publishedAt);
  const where =
    after && at
      ? and(
          eq(posts.isPublished, true),
          or(lt(posts.publishedAt, at), and(eq(posts.publishedAt, at), lt(posts.id, after.id))),
        )
      : eq(posts.isPublished, true);
  return db
    .select(POST_CARD_COLUMNS)
    .from(posts)
    .where(where)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(POSTS_PAGE_SIZE + 1);
}
function newestCards(paged: boolean, withPinned: boolean) {
  return preparedCards(["at", "id"], (db, p) => {
    const list = newestList(db, paged ? p : null);
    return withPinned ? [list, pinnedList(db)] : [list];
  });
}
const NEWEST_CARDS = {
  first: { plain: newestCards(false, false), pinned: newestCards(false, true) },
  after: { plain: newestCards(true, false), pinned: newestCards(true, true) },
};

/**
 * A "new" or "top" list page as one query, and how its rows (fetched with one extra, which tells whether there is a
 * next page) make the page; null for "popular", which ranks recent candidates in the Worker first.
 */
function listPlan(
  ctx: RequestContext,
  input: unknown,
):
  | {
      cards: (withPinned: boolean) => Promise<{ rows: PostCardRow[][]; data: CardData }>;
      page: (rows: PostCardRow[]) => RowsPage;
    }
  | { popular: number } {
  const { type, cursor, page } = parseInput(ZPostList, input ?? {});
  const size = POSTS_PAGE_SIZE;
  if (type === "new") {
    const after = cursor ? decodeCursor(cursor) : null;
    const values = { at: new Date(after?.at ?? 0), id: after?.id ?? 0 };
    return {
      cards: (withPinned) => NEWEST_CARDS[after ? "after" : "first"][withPinned ? "pinned" : "plain"](ctx, values),
      page: (rows) => {
        const shown = rows.slice(0, size);
        return {
          results: shown,
          next: rows.length > size ? `?cursor=${encodeCursor(shown[shown.length - 1])}` : null,
          previous: null,
        };
      },
    };
  }
  if (type === "top") {
    const since = new Date(ctx.now().getTime() - TOP_DAYS * DAY_MS);
    const query = ctx.db
      .select(POST_CARD_COLUMNS)
      .from(posts)
      .where(and(eq(posts.isPublished, true), gte(posts.publishedAt, since)))
      .orderBy(desc(posts.pwnd), desc(posts.publishedAt), desc(posts.id))
      .limit(size + 1)
      .offset((page - 1) * size);
    return {
      cards: (withPinned) => readCards(ctx, withPinned ? [query, pinnedQuery(ctx)] : [query]),
      page: (rows) => numberedPage(rows, page, size, { type }),
    };
  }
  return { popular: page };
}

/**
 * A list page and, on the home page, the pinned strip, with their cards: "new" and "top" read the rows and the
 * cards' data in one D1 round trip (readCards); "popular" ranks recent candidates in the Worker, then reads
 * the page's rows and their cards.
 */
async function listCards(
  ctx: RequestContext,
  input: unknown,
  withPinned: boolean,
): Promise<{ feed: Page<PostCard>; pinned: PostCard[] }> {
  const plan = listPlan(ctx, input);
  if ("cards" in plan) {
    const { rows, data } = await plan.cards(withPinned);
    const page = plan.page(rows[0]);
    return {
      feed: { ...page, results: cardsFrom(page.results, data) },
      pinned: withPinned ? cardsFrom(rows[1], data) : [],
    };
  }
  const size = POSTS_PAGE_SIZE;
  const now = ctx.now();
  const candidatesQuery = ctx.db
    .select({ id: posts.id, pwnd: posts.pwnd, commentsCount: posts.commentsCount, publishedAt: posts.publishedAt })
    .from(posts)
    .where(and(eq(posts.isPublished, true), gte(posts.publishedAt, new Date(now.getTime() - POPULAR_DAYS * DAY_MS))))
    .orderBy(desc(posts.publishedAt))
    .limit(POPULAR_CANDIDATES);
  const [candidates, pinnedRows] = withPinned
    ? await ctx.read([candidatesQuery, pinnedRead(ctx.db, {})])
    : [await candidatesQuery, [] as PostCardRow[]];
  const ranked = candidates
    .map((c) => ({ id: c.id, at: c.publishedAt?.getTime() ?? 0, score: popularityScore(c, now) }))
    .sort((a, b) => b.score - a.score || b.at - a.at || b.id - a.id);
  const slice = ranked.slice((plan.popular - 1) * size, plan.popular * size + 1);
  const paged = numberedPage(slice, plan.popular, size, { type: "popular" });
  const ids = paged.results.map((s) => s.id);
  const rows = ids.length ? await ctx.db.select(POST_CARD_COLUMNS).from(posts).where(inArray(posts.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = ids.flatMap((id) => byId.get(id) ?? []);
  const all = [...shown, ...pinnedRows];
  const data = all.length ? await cardData(ctx, all) : null;
  return {
    feed: { ...paged, results: data ? cardsFrom(shown, data) : [] },
    pinned: data ? cardsFrom(pinnedRows, data) : [],
  };
}

/** GET /v1/post/: new (cursor), top and popular (page). */
export async function listPosts(ctx: RequestContext, input: unknown): Promise<Page<PostCard>> {
  return (await listCards(ctx, input, false)).feed;
}

/** The home page: a list page and the pinned strip, with their cards (one D1 round trip for "new" and "top"). */
export async function listHome(
  ctx: RequestContext,
  input: unknown,
): Promise<{ feed: Page<PostCard>; pinned: PostCard[] }> {
  return listCards(ctx, input, true);
}

/** A member's published posts, a page of them from `offset`, with their cards' data (preparedCards). */
const PUBLISHED_CARDS = preparedCards(["userId", "offset"], (db, p) => [
  db
    .select(POST_CARD_COLUMNS)
    .from(posts)
    .where(and(eq(posts.userId, p.userId), eq(posts.isPublished, true)))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(POSTS_PAGE_SIZE + 1)
    .offset(p.offset),
]);
const ownerRead = preparedRead(["id"], (db, p) =>
  db.select({ id: users.id }).from(users).where(eq(users.id, p.id)).limit(1),
);

/**
 * GET /v1/user/{id}/posts|drafts|shared-posts|bookmark-posts/: a member's lists, by page. Published posts are
 * public; drafts, drafts shared with the member and bookmarks are for the member only.
 */
export async function listUserPosts(
  ctx: RequestContext,
  userId: unknown,
  kind: UserPostList,
  pageInput: unknown,
): Promise<Page<PostCard>> {
  if (!(USER_POST_LISTS as readonly string[]).includes(kind)) throw new AppError("not_found", "Такого списка нет.");
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("not_found", "Пользователь не найден.");
  const page = parseInput(ZPage, pageInput ?? undefined);
  const size = POSTS_PAGE_SIZE;
  const offset = (page - 1) * size;
  const ownerQuery = ownerRead(ctx.db, { id });
  if (kind === "posts") {
    // Public: the member, their posts and the cards' data in one read batch (coalesced with the profile header's).
    const { rows, other, data } = await PUBLISHED_CARDS(ctx, { userId: id, offset }, [ownerQuery]);
    if (!(other[0] as unknown[]).length) throw new AppError("not_found", "Пользователь не найден.");
    const paged = numberedPage(rows[0], page, size);
    return { ...paged, results: cardsFrom(paged.results, data) };
  }
  const [owner] = await ownerQuery;
  if (!owner) throw new AppError("not_found", "Пользователь не найден.");
  if (!ctx.actor) throw new AppError("unauthenticated");
  if (ctx.actor.id !== owner.id) throw new AppError("forbidden", "Этот список виден только его владельцу.");
  const paged = numberedPage(await ownListRows(ctx, kind, id, size, offset), page, size);
  return { ...paged, results: await loadCards(ctx, paged.results) };
}

/** The rows of a member's own lists (drafts, posts shared with them, bookmarks): seen only by that member. */
async function ownListRows(
  ctx: RequestContext,
  kind: Exclude<UserPostList, "posts">,
  id: number,
  size: number,
  offset: number,
): Promise<PostCardRow[]> {
  let rows: PostCardRow[];
  if (kind === "drafts") {
    rows = await ctx.db
      .select(POST_CARD_COLUMNS)
      .from(posts)
      .where(and(eq(posts.userId, id), eq(posts.isPublished, false)))
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(size + 1)
      .offset(offset);
  } else if (kind === "shared-posts") {
    rows = (
      await ctx.db
        .select({ post: POST_CARD_COLUMNS })
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
        .select({ post: POST_CARD_COLUMNS })
        .from(bookmarks)
        .innerJoin(posts, and(eq(bookmarks.itemType, "post"), eq(posts.id, bookmarks.itemId)))
        .where(and(eq(bookmarks.userId, id), eq(posts.isPublished, true)))
        .orderBy(desc(bookmarks.createdAt), desc(posts.id))
        .limit(size + 1)
        .offset(offset)
    ).map((r) => r.post);
  }
  return rows;
}
