import { asc, eq, inArray } from "drizzle-orm";
import { type PostRow, postShares, posts, postTags, tags, type UserRow, users } from "#drizzle/schema";
import { ownBookmarks, ownPaws } from "#workers/core/reactions/reactions.read";
import type { RequestContext } from "#workers/platform/context";
import { type PostCard, serializePostCard, type TagRef } from "./posts.serializers";

/** Reading helpers shared by the post and tag services (no rules here; callers check visibility). */

export interface Page<T> {
  results: T[];
  /** A query string such as "?cursor=…" or "?page=2"; the API turns it into an absolute URL. */
  next: string | null;
  previous: string | null;
}

export async function findPost(ctx: RequestContext, slug: string): Promise<{ post: PostRow; sharedWith: number[] } | null> {
  if (typeof slug !== "string" || !slug || slug.length > 200) return null;
  const [found, shares] = await ctx.db.batch([
    ctx.db.select().from(posts).where(eq(posts.slug, slug)).limit(1),
    ctx.db
      .select({ userId: postShares.userId })
      .from(postShares)
      .innerJoin(posts, eq(posts.id, postShares.postId))
      .where(eq(posts.slug, slug)),
  ]);
  if (!found[0]) return null;
  return { post: found[0], sharedWith: shares.map((s) => s.userId) };
}

export async function tagsOf(ctx: RequestContext, postIds: number[]): Promise<Map<number, TagRef[]>> {
  const out = new Map<number, TagRef[]>();
  if (!postIds.length) return out;
  const rows = await ctx.db
    .select({ postId: postTags.postId, slug: tags.slug, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(asc(postTags.position));
  for (const row of rows) {
    const list = out.get(row.postId) ?? [];
    list.push({ slug: row.slug, name: row.name });
    out.set(row.postId, list);
  }
  return out;
}

export async function usersByIds(ctx: RequestContext, ids: number[]): Promise<Map<number, UserRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await ctx.db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, u]));
}

/** Cards for rows, in the given order: authors, tags, the member's paws and bookmarks. */
export async function loadCards(ctx: RequestContext, rows: PostRow[]): Promise<PostCard[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [authors, tagMap, paws, marks] = await Promise.all([
    usersByIds(ctx, rows.map((r) => r.userId)),
    tagsOf(ctx, ids),
    ownPaws(ctx, "post", ids),
    ownBookmarks(ctx, "post", ids),
  ]);
  return rows.flatMap((row) => {
    const user = authors.get(row.userId);
    if (!user) return [];
    return [
      serializePostCard(row, {
        user,
        tags: tagMap.get(row.id) ?? [],
        ownd: paws.get(row.id) ?? 0,
        isBookmarked: marks.has(row.id),
      }),
    ];
  });
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
