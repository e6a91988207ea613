import { and, desc, eq, gt, or, type SQL, sql } from "drizzle-orm";
import { posts, postTags, shouts, shoutTags, type TagRow, tags, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { loadCards, numberedPage, type Page, POST_CARD_COLUMNS } from "#workers/core/posts/posts.read";
import { POSTS_PAGE_SIZE, ZPage } from "#workers/core/posts/posts.schemas";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import { parseInput } from "#workers/core/shared/validation";
import { SHOUTS_PAGE_SIZE } from "#workers/core/shouts/shouts.constants";
import { authorIsPublic, listedWhere, loadViews } from "#workers/core/shouts/shouts.read";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import type { RequestContext } from "#workers/platform/context";
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
  if (viewer.actor) return or(gt(tags.postsCount, 0), gt(tags.shoutsCount, 0)) as SQL;
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
function tagIdBySlug(key: string): SQL {
  return sql`(SELECT ${tags.id} FROM ${tags} WHERE ${tags.slug} = ${key})`;
}

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
    found = ctx
      .read([
        ctx.db
          .select()
          .from(tags)
          .where(and(eq(tags.slug, key), tagVisibleWhere(ctx)))
          .limit(1),
      ])
      .then(([rows]) => rows[0]);
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

/** GET /v1/tag/{slug}/posts/?page=n: published posts with the tag, newest first. */
/**
 * Up to this many posts a tag's page sorts the tag's own posts; above it, it walks the site's newest posts. The walk
 * reads about (offset + page size) × all posts ÷ the tag's posts, the sort the tag's posts: break-even near
 * √(page size × all posts), ~1,400 with 100,000 posts and ~4,600 with a million.
 */
const TAG_SORT_LIMIT = 2000;

/**
 * What this isolate last saw of tags' sizes (published posts), by slug: the size picks the list's plan, and knowing
 * it lets the list go to D1 in the same round trip as the tag. Only a hint: a stale size can pick the slower plan
 * for a while, never other rows (the list reads the tag by its slug). The oldest entries go first.
 */
const tagSizeHints = new Map<string, number>();
const TAG_SIZE_HINTS_MAX = 1000;

function rememberTagSize(key: string, postsCount: number): void {
  tagSizeHints.delete(key);
  tagSizeHints.set(key, postsCount);
  if (tagSizeHints.size > TAG_SIZE_HINTS_MAX) tagSizeHints.delete(tagSizeHints.keys().next().value as string);
}

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
  const hint = key === null ? undefined : tagSizeHints.get(key);
  // A tag this isolate has not seen yet is read first: its size picks the plan.
  const known = hint === undefined ? await findTag(ctx, slug) : undefined;
  const size = POSTS_PAGE_SIZE;
  // Two ways to the page, and SQLite cannot tell which is cheap: walking the site's published posts newest first
  // until enough carry the tag (cheap for a tag on many posts, a walk over every post for a rare one), or reading
  // the tag's own posts and sorting them (cheap for a rare tag). The tag's post count decides. The unary plus
  // keeps SQLite off posts_published_idx when the tag's own index is the way.
  const postsCount = known ? known.postsCount : (hint as number);
  const published = postsCount <= TAG_SORT_LIMIT ? sql`+${posts.isPublished} = 1` : eq(posts.isPublished, true);
  // Coalesced reads: on the tag page the list shares a round trip with the pinned strip's posts, and with the tag
  // itself when the size was known.
  const [[found], tag] = await Promise.all([
    ctx.read([
      ctx.db
        .select({ post: POST_CARD_COLUMNS })
        .from(postTags)
        .innerJoin(posts, eq(posts.id, postTags.postId))
        .where(and(eq(postTags.tagId, known ? known.id : tagIdBySlug(key as string)), published))
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(size + 1)
        .offset((page - 1) * size),
    ]),
    known ?? findTag(ctx, slug),
  ]);
  rememberTagSize(key as string, tag.postsCount);
  const rows = found.map((r) => r.post);
  const paged = numberedPage(rows, page, size);
  return { ...paged, results: await loadCards(ctx, paged.results) };
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
