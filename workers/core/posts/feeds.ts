import { desc, eq } from "drizzle-orm";
import { posts, tags } from "#drizzle/schema";
import { tagVisibleWhere } from "#workers/core/tags/tags";
import type { RequestContext } from "#workers/platform/context";

/** How many URLs the sitemap lists per kind (one file stays far below the 50,000 limit). */
export const SITEMAP_POSTS = 20_000;
export const SITEMAP_TAGS = 2_000;

export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/**
 * The newest published posts and the busiest tags, for /sitemap.xml (as a guest sees them: a crawler is one).
 * One D1 round trip.
 */
export async function sitemapEntries(ctx: RequestContext): Promise<SitemapEntry[]> {
  const [postRows, tagRows] = await ctx.db.batch([
    ctx.db
      .select({ slug: posts.slug, updatedAt: posts.updatedAt })
      .from(posts)
      .where(eq(posts.isPublished, true))
      .orderBy(desc(posts.publishedAt))
      .limit(SITEMAP_POSTS),
    ctx.db
      .select({ slug: tags.slug })
      .from(tags)
      .where(tagVisibleWhere({ actor: null }))
      .orderBy(desc(tags.postsCount))
      .limit(SITEMAP_TAGS),
  ]);
  return [
    { path: "/", lastmod: postRows[0]?.updatedAt ?? null },
    ...postRows.map((p) => ({ path: `/posts/${p.slug}`, lastmod: p.updatedAt })),
    ...tagRows.map((t) => ({ path: `/tags/${t.slug}`, lastmod: null })),
  ];
}
