import { stemmer } from "@orama/stemmers/russian";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { comments, posts, shouts, tags, users } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { commentUrl, type UserCommentView } from "#workers/core/comments/comments.serializers";
import { loadCards } from "#workers/core/posts/posts.read";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import { normaliseKey } from "#workers/core/shared/text";
import { listedWhere, loadViews } from "#workers/core/shouts/shouts.read";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { serializeTag, type Tag, tagVisibleWhere } from "#workers/core/tags/tags";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { type SearchType, ZSearch } from "./search.schemas";

export const SEARCH_LIMIT = 20;

type Searcher = (ctx: RequestContext, q: string) => Promise<unknown[]>;

/**
 * A normalised name column (ё = е, lower case) containing `key`: the condition, and an order that puts the
 * exact match first, then names starting with it. LIKE wildcards in the input are escaped.
 */
function nameMatch(column: SQLiteColumn, key: string): { where: SQL; first: SQL } {
  const escaped = key.replace(/[\\%_]/g, (c) => `\\${c}`);
  return {
    where: sql`${column} LIKE ${`%${escaped}%`} ESCAPE '\\'`,
    first: sql`CASE WHEN ${column} = ${key} THEN 0 WHEN ${column} LIKE ${`${escaped}%`} ESCAPE '\\' THEN 1 ELSE 2 END`,
  };
}

/** Words a query may hold; more are ignored. */
const MAX_TERMS = 8;

/**
 * The FTS5 query of a search (migration 0005 indexes posts, shouts and comments with ё folded to е): every
 * word of `q`, case and ё folded, as the prefix of its Russian stem (играми → игр*), all of them required.
 * Quoted, so nothing in `q` is FTS5 syntax. Null when `q` has no word.
 */
export function matchQuery(q: string): string | null {
  const words = normaliseKey(q).match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, MAX_TERMS).map((word) => {
    const stem = /[а-я]/.test(word) ? stemmer(word) : word;
    return `"${stem.length >= 2 ? stem : word}"*`;
  });
  return terms.length ? terms.join(" ") : null;
}

/** Ids of the matches in one FTS5 index in `order` (bm25 with column weights, or newest first). */
async function rankedIds(ctx: RequestContext, index: string, q: string, order: SQL, limit: number): Promise<number[]> {
  const match = matchQuery(q);
  if (!match) return [];
  const table = sql.raw(index);
  const rows = await ctx.db.all<{ id: number }>(
    sql`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ${match} ORDER BY ${order} LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** Rows in the order of `ids` (rows that are gone meanwhile are skipped). */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Published posts by title, headline and text (a title match weighs most). */
async function searchPosts(ctx: RequestContext, q: string): Promise<PostCard[]> {
  const ids = await rankedIds(ctx, "search_posts", q, sql`bm25(search_posts, 10.0, 4.0, 1.0)`, SEARCH_LIMIT);
  if (!ids.length) return [];
  const rows = await ctx.db
    .select()
    .from(posts)
    .where(and(inArray(posts.id, ids), eq(posts.isPublished, true)));
  return loadCards(ctx, inOrder(ids, rows));
}

/**
 * Shouts by text, newest first (short texts rank alike, and a common word's every match need not be scored),
 * as the bonfire lists them to this viewer (never muted; guests only public authors').
 */
async function searchShouts(ctx: RequestContext, q: string): Promise<ShoutView[]> {
  // Room for the ones this viewer is not shown.
  const ids = await rankedIds(ctx, "search_shouts", q, sql`rowid DESC`, SEARCH_LIMIT * 3);
  if (!ids.length) return [];
  const rows = await ctx.db
    .select({ shout: shouts })
    .from(shouts)
    .innerJoin(users, eq(users.id, shouts.userId))
    .where(and(inArray(shouts.id, ids), listedWhere(ctx)));
  return loadViews(
    ctx,
    inOrder(
      ids,
      rows.map((r) => r.shout),
    ).slice(0, SEARCH_LIMIT),
  );
}

/** Comments under published posts by text, newest first (as shouts), in the search-result form (spec §3). */
async function searchComments(ctx: RequestContext, q: string): Promise<UserCommentView[]> {
  const ids = await rankedIds(ctx, "search_comments", q, sql`rowid DESC`, SEARCH_LIMIT * 3);
  if (!ids.length) return [];
  const rows = await ctx.db
    .select({
      comment: comments,
      author: users,
      postSlug: posts.slug,
      postTitle: posts.title,
      commentsCount: posts.commentsCount,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(inArray(comments.id, ids), eq(comments.isDeleted, false), eq(posts.isPublished, true)));
  const found = inOrder(
    ids,
    rows.map((r) => ({ ...r, id: r.comment.id })),
  ).slice(0, SEARCH_LIMIT);
  return found.map((r) => ({
    id: r.comment.id,
    post_slug: r.postSlug,
    user: serializePublicUser(r.author),
    datetime: r.comment.createdAt.toISOString(),
    headline: r.postTitle,
    url: commentUrl(r.postSlug, r.comment.id),
    comments_count: r.commentsCount,
    text: r.comment.text,
    pwnd: r.comment.pwnd,
  }));
}

/**
 * Tags by name anywhere in it (ё = е, any case): exact and prefix first, then the most used. Only tags the
 * viewer may see (a tag only drafts use is not found).
 */
async function searchTags(ctx: RequestContext, q: string): Promise<Tag[]> {
  const name = nameMatch(tags.nameKey, normaliseKey(q));
  const rows = await ctx.db
    .select()
    .from(tags)
    .where(and(name.where, tagVisibleWhere(ctx)))
    .orderBy(name.first, desc(tags.postsCount), asc(tags.nameKey))
    .limit(SEARCH_LIMIT);
  return rows.map(serializeTag);
}

/** Members by name: matches anywhere in the normalised name (ё = е, any case), exact and prefix first. */
async function searchUsers(ctx: RequestContext, q: string): Promise<PublicUser[]> {
  const name = nameMatch(users.usernameKey, normaliseKey(q));
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(name.where, eq(users.isBanned, false)))
    .orderBy(name.first, asc(users.usernameKey))
    .limit(SEARCH_LIMIT);
  return rows.map(serializePublicUser);
}

/**
 * One searcher per type. News arrives with its own issue and registers its searcher here then; until then
 * there is nothing of that type to find.
 */
const SEARCHERS: Partial<Record<SearchType, Searcher>> = {
  post: searchPosts,
  shout: searchShouts,
  comment: searchComments,
  user: searchUsers,
  tag: searchTags,
};

/** GET /v1/search?type=&q=: an array of items of the type; an empty query finds nothing. */
export async function search(
  ctx: RequestContext,
  input: unknown,
): Promise<{ type: SearchType; q: string; results: unknown[] }> {
  const { type, q } = parseInput(ZSearch, input);
  const searcher = SEARCHERS[type];
  if (!q || !searcher) return { type, q, results: [] };
  return { type, q, results: await searcher(ctx, q) };
}
