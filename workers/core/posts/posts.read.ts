import { asc, eq, getTableColumns, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type PostRow, postShares, posts, postTags, tags, users } from "#drizzle/schema";
import type { PublicUserRow } from "#workers/core/accounts/public-users";
import { publicUserColumns } from "#workers/core/accounts/public-users";
import { ownBookmarksQuery, ownPawsQuery, pawMap } from "#workers/core/reactions/reactions.read";
import type { RequestContext } from "#workers/platform/context";
import { type Db, embeddedOnce } from "#workers/platform/db";
import { inJson, preparedRead, preparedReads } from "#workers/platform/prepared";
import { type PostCard, serializePostCard, type TagRef } from "./posts.serializers";

/** Reading helpers shared by the post and tag services (no rules here; callers check visibility). */

/**
 * A post row without its body: what lists read. The body (the editor's JSON, up to hundreds of KB) is shown only on
 * the post page; a list of 20 cards reading it made D1 copy and convert every body for nothing.
 */
export type PostCardRow = Omit<PostRow, "body">;
const { body: _body, ...cardColumns } = getTableColumns(posts);
export const POST_CARD_COLUMNS = cardColumns;

export interface Page<T> {
  results: T[];
  /** A query string such as "?cursor=…" or "?page=2"; the API turns it into an absolute URL. */
  next: string | null;
  previous: string | null;
}

/** A post by its slug. */
export function postOfSlug(db: Db, slug: string | Placeholder) {
  return db.select().from(posts).where(eq(posts.slug, slug)).limit(1);
}

/** The members a post (by its slug) is shared with. */
export function sharesOfSlug(db: Db, slug: string | Placeholder) {
  return db
    .select({ userId: postShares.userId })
    .from(postShares)
    .innerJoin(posts, eq(posts.id, postShares.postId))
    .where(eq(posts.slug, slug));
}

/** A post by its slug, and the members it is shared with: built once per isolate (workers/platform/prepared.ts). */
export const postBySlug = preparedRead(["slug"], (db, p) => postOfSlug(db, p.slug));
export const sharesBySlug = preparedRead(["slug"], (db, p) => sharesOfSlug(db, p.slug));

export async function findPost(
  ctx: RequestContext,
  slug: string,
): Promise<{ post: PostRow; sharedWith: number[] } | null> {
  if (typeof slug !== "string" || !slug || slug.length > 200) return null;
  const [found, shares] = await ctx.db.batch([postBySlug(ctx.db, { slug }), sharesBySlug(ctx.db, { slug })]);
  if (!found[0]) return null;
  return { post: found[0], sharedWith: shares.map((s) => s.userId) };
}

function tagsQuery(db: Db, postIds: number[] | SQL) {
  if (Array.isArray(postIds)) return tagsOfList(db, { ids: JSON.stringify(postIds) });
  return db
    .select({ postId: postTags.postId, slug: tags.slug, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(asc(postTags.position));
}

// With the ids known (a post page, search results), the card reads are built once per isolate (prepared.ts).
const tagsOfList = preparedRead(["ids"], (db, p) =>
  db
    .select({ postId: postTags.postId, slug: tags.slug, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inJson(postTags.postId, p.ids))
    .orderBy(asc(postTags.position)),
);
const authorsOfList = preparedRead(["ids"], (db, p) =>
  db.select(publicUserColumns).from(users).where(inJson(users.id, p.ids)),
);

function tagMap(rows: { postId: number; slug: string; name: string }[]): Map<number, TagRef[]> {
  const out = new Map<number, TagRef[]>();
  for (const row of rows) {
    const list = out.get(row.postId) ?? [];
    list.push({ slug: row.slug, name: row.name });
    out.set(row.postId, list);
  }
  return out;
}

export interface CardData {
  users: Map<number, PublicUserRow>;
  tags: Map<number, TagRef[]>;
  paws: Map<number, 1 | -1>;
  bookmarks: Set<number>;
}

/**
 * What cards and the detail need besides the post rows — authors (and any other members asked for), tags and,
 * for a member, their paws and bookmarks — in one D1 round trip.
 */
export async function cardData(
  ctx: RequestContext,
  rows: PostCardRow[],
  extraUserIds: number[] = [],
): Promise<CardData> {
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set([...rows.map((r) => r.userId), ...extraUserIds])];
  return cardDataFrom(await ctx.read(cardDataQueries(ctx.db, ctx.actor?.id ?? null, ids, userIds) as never));
}

/**
 * `(select <column> from (q1) union all select <column> from (q2) …)`: the ids or authors of the rows card queries
 * will return, for an `in (…)` in the same D1 batch (a batch is one transaction, so both see the same rows).
 */
function columnOfRows(queries: readonly SQLWrapper[], column: "id" | "user_id"): SQL {
  return sql`(${sql.join(
    queries.map((query) => sql`select ${sql.identifier(column)} from ${query}`),
    sql` union all `,
  )})`;
}

/**
 * Card queries (selects of POST_CARD_COLUMNS) not yet run, read together with their cards' data — authors, tags,
 * the member's paws and bookmarks, selected for the ids those queries return — and any `other` reads, in one
 * coalesced read: a list page and its cards in one D1 round trip instead of two. The list query runs once per
 * card read, so this is for cheap list queries (an index walk), not ones that sort many rows.
 */
export async function readCards(
  ctx: RequestContext,
  queries: readonly SQLWrapper[],
  other: readonly SQLWrapper[] = [],
): Promise<{ rows: PostCardRow[][]; other: unknown[]; data: CardData }> {
  const reads = withCardData(ctx.db, ctx.actor?.id ?? null, queries);
  return cardResults(await ctx.read([...queries, ...other, ...reads] as never), queries.length, other.length);
}

/**
 * The reads of the cards' data of card queries, embedding them (readCards); `people`: queries of other members to
 * read with the authors (a `user_id` column each). Their results: `cardDataFrom`.
 */
export function withCardData(
  db: Db,
  actorId: number | Placeholder | null,
  queries: readonly SQLWrapper[],
  people: readonly SQLWrapper[] = [],
): SQLWrapper[] {
  const embedded = queries.map(embeddedOnce);
  const users = [...embedded, ...people.map(embeddedOnce)];
  return cardDataQueries(db, actorId, columnOfRows(embedded, "id"), columnOfRows(users, "user_id"));
}

/** readCards' results: the card queries' rows, the other reads', the cards' data. */
function cardResults(
  results: unknown[],
  lists: number,
  others: number,
): { rows: PostCardRow[][]; other: unknown[]; data: CardData } {
  return {
    rows: results.slice(0, lists) as PostCardRow[][],
    other: results.slice(lists, lists + others),
    data: cardDataFrom(results.slice(lists + others)),
  };
}

/**
 * readCards for card queries of a fixed shape, built once per isolate with their cards' data reads, a member's and
 * a guest's (workers/platform/prepared.ts): `lists` makes the card queries on any database with the placeholders
 * `p` where their values go.
 */
export function preparedCards<const N extends string>(
  names: readonly N[],
  lists: (db: Db, p: Record<N, Placeholder>) => readonly SQLWrapper[],
): (
  ctx: RequestContext,
  values: Record<N, unknown>,
  other?: readonly SQLWrapper[],
) => Promise<{ rows: PostCardRow[][]; other: unknown[]; data: CardData }> {
  // How many card queries `lists` makes (the same for both variants), counted when they are built.
  let count = 0;
  const all = (db: Db, p: Record<N, Placeholder>, actorId: Placeholder | null) => {
    const queries = lists(db, p);
    count = queries.length;
    return [...queries, ...withCardData(db, actorId, queries)] as unknown as BatchItem<"sqlite">[];
  };
  const guest = preparedReads(names, (db, p) => all(db, p, null));
  const member = preparedReads([...names, "actorId"], (db, p) => all(db, p, p.actorId));
  return async (ctx, values, other = []) => {
    const actor = ctx.actor;
    const reads = actor ? member(ctx.db, { ...values, actorId: actor.id }) : guest(ctx.db, values);
    const batch = [...reads.slice(0, count), ...other, ...reads.slice(count)];
    return cardResults(await ctx.read(batch as never), count, other.length);
  };
}

function cardDataQueries(
  db: Db,
  actorId: number | Placeholder | null,
  ids: number[] | SQL,
  userIds: number[] | SQL,
): SQLWrapper[] {
  const userQuery = Array.isArray(userIds)
    ? authorsOfList(db, { ids: JSON.stringify(userIds) })
    : db.select(publicUserColumns).from(users).where(inArray(users.id, userIds));
  return actorId !== null
    ? [
        userQuery,
        tagsQuery(db, ids),
        ownPawsQuery(db, actorId, "post", ids),
        ownBookmarksQuery(db, actorId, "post", ids),
      ]
    : [userQuery, tagsQuery(db, ids)];
}

/** CardData from the results of cardDataQueries (or withCardData), in their order. */
export function cardDataFrom(results: readonly unknown[]): CardData {
  const [userRows, tagRows, pawRows = [], markRows = []] = results as [
    PublicUserRow[],
    { postId: number; slug: string; name: string }[],
    { itemId: number; isNegative: boolean }[]?,
    { itemId: number }[]?,
  ];
  return {
    users: new Map(userRows.map((u) => [u.id, u])),
    tags: tagMap(tagRows),
    paws: pawMap(pawRows),
    bookmarks: new Set(markRows.map((r) => r.itemId)),
  };
}

/** Cards for rows, in the given order (rows whose author is gone are left out). */
export function cardsFrom(rows: PostCardRow[], data: CardData): PostCard[] {
  return rows.flatMap((row) => {
    const user = data.users.get(row.userId);
    if (!user) return [];
    return [
      serializePostCard(row, {
        user,
        tags: data.tags.get(row.id) ?? [],
        ownd: data.paws.get(row.id) ?? 0,
        isBookmarked: data.bookmarks.has(row.id),
      }),
    ];
  });
}

/** Cards for rows, in the given order. */
export async function loadCards(ctx: RequestContext, rows: PostCardRow[]): Promise<PostCard[]> {
  if (!rows.length) return [];
  return cardsFrom(rows, await cardData(ctx, rows));
}

/** A numbered page: `rows` were fetched with limit size+1. */
export function numberedPage<T>(items: T[], page: number, size: number, query: Record<string, string> = {}): Page<T> {
  const link = (n: number) => `?${new URLSearchParams({ ...query, page: String(n) })}`;
  return {
    results: items.slice(0, size),
    next: items.length > size ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
