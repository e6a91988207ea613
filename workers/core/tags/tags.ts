import { and, desc, eq, gt, isNotNull, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { posts, postTags, shouts, shoutTags, type TagRow, tags, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { cardsFrom, numberedPage, type Page, POST_CARD_COLUMNS, preparedCards } from "#workers/core/posts/posts.read";
import { POSTS_PAGE_SIZE, ZPage } from "#workers/core/posts/posts.schemas";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import { parseInput } from "#workers/core/shared/validation";
import { SHOUTS_PAGE_SIZE } from "#workers/core/shouts/shouts.constants";
import { authorIsPublic, listedWhere, loadViews } from "#workers/core/shouts/shouts.read";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import type { RequestContext } from "#workers/platform/context";
import { preparedRead } from "#workers/platform/prepared";
import { type TagItemType, ZTagItemType } from "./tags.schemas";

/** Spec §3 Tag. `posts_count` counts published posts only, `shouts_count` shouts that are not muted. */
export interface Tag {
  slug: string;
  name: string;
  posts_count: number;
  shouts_count: number;
}

export const TOP_TAGS_LIMIT = 20;

export function serializeTag(row: TagRow): Tag {
  return { slug: row.slug, name: row.name, posts_count: row.postsCount, shouts_count: row.shoutsCount };
}

/**
 * SQL: a tag the viewer may see at all (by slug, in search, top tags, the sitemap): one with a published post
 * (`posts_count`), or with a shout the viewer's lists show — not muted (`shouts_count` counts those) and, for
 * guests, by a member who shows shouts to guests. A tag only drafts, muted or hidden shouts use is not there.
 */
export function tagVisibleWhere(viewer: Pick<RequestContext, "actor">): SQL {
  return tagVisibleWhereFor(!!viewer.actor);
}

/** tagVisibleWhere for a member (true) or a guest. */
function tagVisibleWhereFor(member: boolean): SQL {
  if (member) return or(gt(tags.postsCount, 0), gt(tags.shoutsCount, 0)) as SQL;
  return sql`(${tags.postsCount} > 0 OR (${tags.shoutsCount} > 0 AND EXISTS (
    SELECT 1 FROM ${shoutTags} INNER JOIN ${shouts} ON ${shouts.id} = ${shoutTags.shoutId}
    INNER JOIN ${users} ON ${users.id} = ${shouts.userId}
    WHERE ${shoutTags.tagId} = ${tags.id} AND ${shouts.isMuted} = 0 AND ${authorIsPublic})))`;
}

/** The tags a request has looked up: the tag page's loader and its list ask for the same one. */
const tagsOfRequest = new WeakMap<RequestContext, Map<string, Promise<TagRow | undefined>>>();

/** A slug as tags are looked up by (lower case), or null for what cannot be one. */
function tagKey(slug: string): string | null {
  return typeof slug === "string" && slug.length <= 200 ? slug.toLowerCase() : null;
}

/**
 * SQL: the id of the tag with this slug, for a list read in the same round trip as the tag itself. Whether the
 * viewer may see the tag is the tag read's to say (findTag, in the same batch): a page of an unknown or hidden
 * tag is a 404 whatever its list returned.
 */
function tagIdBySlug(key: string | Placeholder): SQL {
  return sql`(SELECT ${tags.id} FROM ${tags} WHERE ${tags.slug} = ${key})`;
}

/** A tag by its slug as a member or a guest may see it (tagVisibleWhere), built once per isolate (prepared.ts). */
function tagRead(member: boolean) {
  return preparedRead(["key"], (db, p) =>
    db
      .select()
      .from(tags)
      .where(and(eq(tags.slug, p.key), tagVisibleWhereFor(member)))
      .limit(1),
  );
}
const TAG_READS = { guest: tagRead(false), member: tagRead(true) };

async function findTag(ctx: RequestContext, slug: string): Promise<TagRow> {
  const key = tagKey(slug);
  let known = tagsOfRequest.get(ctx);
  if (!known) {
    known = new Map();
    tagsOfRequest.set(ctx, known);
  }
  let found = key === null ? undefined : known.get(key);
  if (key !== null && !found) {
    // The core query builder, not db.query: relational queries would rename the subquery's columns to `tags`.
    // A coalesced read: it shares the page's first round trip with the root loader's.
    found = ctx.read([TAG_READS[ctx.actor ? "member" : "guest"](ctx.db, { key })]).then(([rows]) => rows[0]);
    known.set(key, found);
  }
  const row = await found;
  if (!row) throw new AppError("not_found", "Тег не найден.");
  return row;
}

/** GET /v1/tag/{slug}/ */
export async function getTag(ctx: RequestContext, slug: string): Promise<Tag> {
  return serializeTag(await findTag(ctx, slug));
}

/** GET /v1/tag/{slug}/{itemType}/?page=n: posts or shouts with the tag (see listTagPosts, listTagShouts). */
export async function listTagItems(
  ctx: RequestContext,
  slug: string,
  pageInput: unknown,
  itemType: TagItemType | string = "posts",
): Promise<Page<PostCard> | Page<ShoutView>> {
  const type = parseInput(ZTagItemType, itemType);
  return type === "shouts" ? listTagShouts(ctx, slug, pageInput) : listTagPosts(ctx, slug, pageInput);
}

/**
 * GET /v1/tag/{slug}/shouts/?page=n (the tag page's ?itemType=shouts): shouts with the tag, newest first, as the
 * bonfire lists them (no muted shouts; to guests only shouts of members who show them to guests).
 */
export async function listTagShouts(ctx: RequestContext, slug: string, pageInput: unknown): Promise<Page<ShoutView>> {
  const page = parseInput(ZPage, pageInput ?? undefined);
  const key = tagKey(slug);
  if (key === null) await findTag(ctx, slug);
  const size = SHOUTS_PAGE_SIZE;
  // The tag and its shouts in one round trip (coalesced reads).
  const [[found]] = await Promise.all([
    ctx.read([
      ctx.db
        .select({ shout: shouts })
        .from(shoutTags)
        .innerJoin(shouts, eq(shouts.id, shoutTags.shoutId))
        .innerJoin(users, eq(users.id, shouts.userId))
        .where(and(eq(shoutTags.tagId, tagIdBySlug(key as string)), listedWhere(ctx)))
        .orderBy(desc(shouts.id))
        .limit(size + 1)
        .offset((page - 1) * size),
    ]),
    findTag(ctx, slug),
  ]);
  const rows = found.map((r) => r.shout);
  const paged = numberedPage(rows, page, size);
  return { ...paged, results: await loadViews(ctx, paged.results) };
}

/** A page of a tag's newest posts with their cards' data, built once per isolate (preparedCards). */
const TAG_POST_CARDS = preparedCards(["key", "offset"], (db, p) => {
  const links = db
    .select({ postId: postTags.postId, publishedAt: postTags.postPublishedAt })
    .from(postTags)
    .where(and(eq(postTags.tagId, tagIdBySlug(p.key)), isNotNull(postTags.postPublishedAt)))
    .orderBy(desc(postTags.postPublishedAt), desc(postTags.postId))
    .limit(POSTS_PAGE_SIZE + 1)
    .offset(p.offset)
    .as("links");
  return [
    db
      .select(POST_CARD_COLUMNS)
      .from(links)
      .innerJoin(posts, eq(posts.id, links.postId))
      .orderBy(desc(links.publishedAt), desc(links.postId)),
  ];
});

/**
 * GET /v1/tag/{slug}/posts/?page=n: published posts with the tag, newest first. The page's links are read off
 * post_tags_tag_published_idx (the link's copy of the post's publication time, migrations/0027) before any post is:
 * one index range and a page of posts however many posts the tag has and however deep the page — cheap enough to
 * run again inside each card read (readCards).
 */
export async function listTagPosts(
  ctx: RequestContext,
  slug: string,
  pageInput: unknown,
  itemType: TagItemType | string = "posts",
): Promise<Page<PostCard>> {
  if (parseInput(ZTagItemType, itemType) !== "posts")
    throw AppError.field("itemType", "Здесь можно смотреть только статьи.");
  const page = parseInput(ZPage, pageInput ?? undefined);
  const key = tagKey(slug);
  if (key === null) await findTag(ctx, slug);
  const size = POSTS_PAGE_SIZE;
  // The tag, its list and the cards' data in one round trip (coalesced reads; on the tag page with the pinned strip).
  const [{ rows, data }] = await Promise.all([
    TAG_POST_CARDS(ctx, { key: key as string, offset: (page - 1) * size }),
    findTag(ctx, slug),
  ]);
  const paged = numberedPage(rows[0], page, size);
  return { ...paged, results: cardsFrom(paged.results, data) };
}

/** GET /v1/tag/top/?item_type=posts|shouts: the most used tags (with at least one published post / listed shout). */
export async function topTags(ctx: RequestContext, input: { item_type?: unknown } = {}): Promise<Page<Tag>> {
  const type = parseInput(ZTagItemType, input.item_type ?? "posts");
  const count = type === "shouts" ? tags.shoutsCount : tags.postsCount;
  const rows = await ctx.db
    .select()
    .from(tags)
    .where(and(gt(count, 0), tagVisibleWhere(ctx)))
    .orderBy(desc(count), desc(tags.id))
    .limit(TOP_TAGS_LIMIT);
  return { results: rows.map(serializeTag), next: null, previous: null };
}
