import { and, desc, eq, gte, inArray, lt, or } from "drizzle-orm";
import { bookmarks, type PostRow, postShares, posts, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import {
  cardData,
  cardsFrom,
  loadCards,
  numberedPage,
  type Page,
  POST_CARD_COLUMNS,
  type PostCardRow,
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
  return ctx.db
    .select(POST_CARD_COLUMNS)
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
 * One list page as rows. "new" and "top" are one query each, run in the same D1 batch as `extra` (the pinned
 * strip on the home page); "popular" ranks recent candidates in the Worker, then loads the page's rows.
 */
async function listRows(
  ctx: RequestContext,
  input: unknown,
  withPinned: boolean,
): Promise<{ page: RowsPage; pinned: PostCardRow[] }> {
  const { type, cursor, page } = parseInput(ZPostList, input ?? {});
  const size = POSTS_PAGE_SIZE;
  const now = ctx.now();
  const run = async <T>(query: Promise<T> & { toSQL: unknown }): Promise<[T, PostCardRow[]]> => {
    if (!withPinned) return [await query, []];
    const [rows, pinned] = await ctx.read([query as never, pinnedQuery(ctx)]);
    return [rows as T, pinned as PostCardRow[]];
  };
  if (type === "new") {
    const after = cursor ? decodeCursor(cursor) : null;
    const where = after
      ? and(
          eq(posts.isPublished, true),
          or(
            lt(posts.publishedAt, new Date(after.at)),
            and(eq(posts.publishedAt, new Date(after.at)), lt(posts.id, after.id)),
          ),
        )
      : eq(posts.isPublished, true);
    const [rows, pinned] = await run(
      ctx.db
        .select(POST_CARD_COLUMNS)
        .from(posts)
        .where(where)
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(size + 1),
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
        .select(POST_CARD_COLUMNS)
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
  const rows = ids.length ? await ctx.db.select(POST_CARD_COLUMNS).from(posts).where(inArray(posts.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { page: { ...paged, results: ids.flatMap((id) => byId.get(id) ?? []) }, pinned };
}

/** GET /v1/post/: new (cursor), top and popular (page). */
export async function listPosts(ctx: RequestContext, input: unknown): Promise<Page<PostCard>> {
  const { page } = await listRows(ctx, input, false);
  return { ...page, results: await loadCards(ctx, page.results) };
}

/** The home page: a list page and the pinned strip, with their cards read together (two D1 round trips). */
export async function listHome(
  ctx: RequestContext,
  input: unknown,
): Promise<{ feed: Page<PostCard>; pinned: PostCard[] }> {
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
  const ownerQuery = ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  let rows: PostCardRow[];
  if (kind === "posts") {
    // Public: the member and their posts in one read batch (coalesced with the profile header's).
    const [owner, published] = await ctx.read([
      ownerQuery,
      ctx.db
        .select(POST_CARD_COLUMNS)
        .from(posts)
        .where(and(eq(posts.userId, id), eq(posts.isPublished, true)))
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(size + 1)
        .offset(offset),
    ]);
    if (!owner.length) throw new AppError("not_found", "Пользователь не найден.");
    rows = published;
  } else {
    const [owner] = await ownerQuery;
    if (!owner) throw new AppError("not_found", "Пользователь не найден.");
    if (!ctx.actor) throw new AppError("unauthenticated");
    if (ctx.actor.id !== owner.id) throw new AppError("forbidden", "Этот список виден только его владельцу.");
    rows = await ownListRows(ctx, kind, id, size, offset);
  }
  const paged = numberedPage(rows, page, size);
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
