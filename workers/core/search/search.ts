import { and, asc, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { comments, posts, shouts, tags, users } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { publicUserColumns } from "#workers/core/accounts/public-users";
import { commentUrl, type UserCommentView } from "#workers/core/comments/comments.serializers";
import { type FeedGroupView, groupsOfEntries } from "#workers/core/feed/feed.read";
import { bodyText } from "#workers/core/posts/body.schemas";
import { loadCards } from "#workers/core/posts/posts.read";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import { listedWhere, loadViews } from "#workers/core/shouts/shouts.read";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { serializeTag, type Tag, tagVisibleWhere } from "#workers/core/tags/tags";
import type { RequestContext } from "#workers/platform/context";
import { preparedRead } from "#workers/platform/prepared";
import { fragment, type Highlight, marked, markText } from "./highlight";
import { compareMatches } from "./ranking";
import { type SearchType, ZSearch } from "./search.schemas";
import { ftsQuery, type QueryWord, queryWords } from "./terms";
import { correctWords } from "./typos";

export const SEARCH_LIMIT = 20;

/** A type's search: `words` are the query's words as matched (corrected ones when a typo was fixed). */
type Searcher = (ctx: RequestContext, q: string, words: QueryWord[]) => Promise<unknown[]>;

/** How many of an index's newest matches are ranked (title, form typed, freshness) to show the best SEARCH_LIMIT. */
const CANDIDATES = SEARCH_LIMIT * 3;

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

/**
 * The FTS5 query of a search (docs/decisions/0031-russian-search.md): every word of `q` in any of its forms
 * (dictionary lemmas; a Snowball stem prefix for words the dictionary lacks), all of them required. Null when
 * `q` has no word.
 */
export function matchQuery(q: string | QueryWord[]): string | null {
  return ftsQuery(typeof q === "string" ? queryWords(q) : q);
}

/**
 * The ids of the newest `limit` matches in one FTS5 index (FTS5 walks its index in rowid order and stops there, so a
 * common word costs no more than a rare one); null when the query has no word. Read on their own (`newestIds`) or,
 * where only the set matters, as the subquery of the read of the matched rows (`matchedIn`): one round trip for both.
 */
function newestMatches(index: string, q: QueryWord[], limit: number): SQL | null {
  const match = matchQuery(q);
  return match ? newestOf(index, match, limit) : null;
}

/** newestMatches for an FTS5 query (a placeholder in a prepared read). */
function newestOf(index: string, match: string | Placeholder, limit: number): SQL {
  const table = sql.raw(index);
  return sql`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ${match} ORDER BY rowid DESC LIMIT ${limit}`;
}

/** Ids of the newest matches in one FTS5 index, newest first. */
async function newestIds(ctx: RequestContext, index: string, q: QueryWord[], limit: number): Promise<number[]> {
  const query = newestMatches(index, q, limit);
  if (!query) return [];
  return (await ctx.db.all<{ id: number }>(query)).map((r) => r.id);
}

/** `column IN (the newest matches' ids)`, or null when the query has no word. */
function matchedIn(column: SQLiteColumn, index: string, q: QueryWord[], limit: number): SQL | null {
  const query = newestMatches(index, q, limit);
  return query && sql`${column} IN (${query})`;
}

/** A search result with what matched in it. */
type Found<T> = T & { highlight: Highlight };

/**
 * The candidates of a post search: the posts among the newest SEARCH_LIMIT matches in titles and the newest
 * CANDIDATES anywhere, built once per isolate (workers/platform/prepared.ts). By id alone (the primary key),
 * unpublished ones dropped by the caller: with `is_published = 1` in the query SQLite chose posts_published_idx and
 * walked every published post.
 */
const postCandidates = preparedRead(["match"], (db, p) => {
  const inTitles = newestOf("search_post_titles", p.match, SEARCH_LIMIT);
  const anywhere = newestOf("search_posts", p.match, CANDIDATES);
  return db
    .select()
    .from(posts)
    .where(sql`${posts.id} IN (SELECT id FROM (${inTitles}) UNION SELECT id FROM (${anywhere}))`);
});

/**
 * Published posts by title, headline and text, in the search order (ranking.ts: a title match first, the form typed,
 * freshness) among two sets of candidates: the newest SEARCH_LIMIT with every word in the title (their own index,
 * migration 0028: found however old they are, as the order puts them first) and the newest CANDIDATES with every
 * word anywhere (docs/decisions/0040-render-cpu.md §21).
 */
async function searchPosts(ctx: RequestContext, _q: string, words: QueryWord[]): Promise<Found<PostCard>[]> {
  const match = matchQuery(words);
  if (!match) return [];
  const rows = (await postCandidates(ctx.db, { match })).filter((post) => post.isPublished);
  const ranked = rows
    .map((post) => {
      const title = markText(post.title, words);
      const headline = markText(post.headline, words);
      // The fragment comes from the text: the card shows the title and the headline.
      const text = fragment(bodyText(post.body), words);
      const rank = {
        inTitle: title.marks.length > 0,
        exact: new Set([...title.exact, ...headline.exact, ...(text?.exact ?? [])]).size,
        createdAt: post.publishedAt ?? post.createdAt,
        paws: post.pwnd,
      };
      return { post, rank, highlight: { title: title.marks.length ? marked(title) : null, text: marked(text) } };
    })
    .sort((a, b) => compareMatches(a.rank, b.rank))
    .slice(0, SEARCH_LIMIT);
  const cards = await loadCards(
    ctx,
    ranked.map((r) => r.post),
  );
  const highlights = new Map(ranked.map((r) => [r.post.id, r.highlight]));
  return cards.map((card) => ({ ...card, highlight: highlights.get(card.id) ?? { title: null, text: null } }));
}

/** Ranks matches by text (shouts, comments): the form typed first, then freshness. */
function rankByText<T>(
  items: T[],
  words: QueryWord[],
  of: (item: T) => { text: string; createdAt: Date; paws: number },
): { item: T; highlight: Highlight }[] {
  return items
    .map((item) => {
      const { text, createdAt, paws } = of(item);
      const match = fragment(text, words);
      return {
        item,
        rank: { inTitle: false, exact: match?.exact.size ?? 0, createdAt, paws },
        highlight: { title: null, text: marked(match) },
      };
    })
    .sort((a, b) => compareMatches(a.rank, b.rank))
    .slice(0, SEARCH_LIMIT);
}

/**
 * Shouts by text: the newest CANDIDATES matches (walking the index by rowid does not score every match of a
 * common word) as the bonfire lists them to this viewer (never muted; guests only public authors'), ranked.
 */
async function searchShouts(ctx: RequestContext, _q: string, words: QueryWord[]): Promise<Found<ShoutView>[]> {
  const matched = matchedIn(shouts.id, "search_shouts", words, CANDIDATES);
  if (!matched) return [];
  const rows = await ctx.db
    .select({ shout: shouts })
    .from(shouts)
    .innerJoin(users, eq(users.id, shouts.userId))
    .where(and(matched, listedWhere(ctx)));
  const ranked = rankByText(
    rows.map((r) => r.shout),
    words,
    (shout) => ({ text: shout.text, createdAt: shout.createdAt, paws: shout.pwnd }),
  );
  const views = await loadViews(
    ctx,
    ranked.map((r) => r.item),
  );
  const highlights = new Map(ranked.map((r) => [r.item.id, r.highlight]));
  return views.map((view) => ({ ...view, highlight: highlights.get(view.id) ?? { title: null, text: null } }));
}

/** Comments under published posts by text (as shouts), in the search-result form (spec §3). */
async function searchComments(ctx: RequestContext, _q: string, words: QueryWord[]): Promise<Found<UserCommentView>[]> {
  const matched = matchedIn(comments.id, "search_comments", words, CANDIDATES);
  if (!matched) return [];
  const rows = await ctx.db
    .select({
      comment: comments,
      author: publicUserColumns,
      postSlug: posts.slug,
      postTitle: posts.title,
      commentsCount: posts.commentsCount,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(matched, eq(comments.isDeleted, false), eq(posts.isPublished, true)));
  const ranked = rankByText(rows, words, (r) => ({
    text: r.comment.text,
    createdAt: r.comment.createdAt,
    paws: r.comment.pwnd,
  }));
  return ranked.map(({ item: r, highlight }) => ({
    id: r.comment.id,
    post_slug: r.postSlug,
    user: serializePublicUser(r.author),
    datetime: r.comment.createdAt.toISOString(),
    headline: r.postTitle,
    url: commentUrl(r.postSlug, r.comment.id),
    comments_count: r.commentsCount,
    text: r.comment.text,
    pwnd: r.comment.pwnd,
    highlight,
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

/** News: the feed's stories whose entries' titles match (migration 0017 indexes them), the newest matches first. */
async function searchNews(ctx: RequestContext, _q: string, words: QueryWord[]): Promise<FeedGroupView[]> {
  const ids = await newestIds(ctx, "search_feed", words, CANDIDATES);
  return groupsOfEntries(ctx, ids, SEARCH_LIMIT);
}

/** One searcher per type. */
const SEARCHERS: Partial<Record<SearchType, Searcher>> = {
  post: searchPosts,
  shout: searchShouts,
  comment: searchComments,
  user: searchUsers,
  tag: searchTags,
  news: searchNews,
};

/** The FTS5 index of each type whose words a typo may be corrected against (its vocabulary: `<index>_vocab`). */
const TYPO_INDEXES: Partial<Record<SearchType, string>> = {
  post: "search_posts",
  shout: "search_shouts",
  comment: "search_comments",
};

/**
 * GET /v1/search?type=&q=: an array of items of the type; an empty query finds nothing. When nothing is found
 * and a word of the query is in no document, the query is corrected to close words that are
 * (docs/decisions/0031-russian-search.md): `corrected` is the query searched then; `verbatim` turns that off.
 */
export async function search(
  ctx: RequestContext,
  input: unknown,
): Promise<{ type: SearchType; q: string; corrected: string | null; results: unknown[] }> {
  const { type, q, verbatim } = parseInput(ZSearch, input);
  const searcher = SEARCHERS[type];
  if (!q || !searcher) return { type, q, corrected: null, results: [] };
  const words = queryWords(q);
  const results = await searcher(ctx, q, words);
  const index = TYPO_INDEXES[type];
  if (results.length || !index || verbatim || !words.length) return { type, q, corrected: null, results };
  const fixed = await correctWords(ctx, index, words);
  const again = fixed ? await searcher(ctx, q, fixed) : [];
  return again.length && fixed
    ? { type, q, corrected: fixed.map((w) => w.word).join(" "), results: again }
    : { type, q, corrected: null, results };
}
