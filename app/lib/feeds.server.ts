import { Feed } from "feed";
import type { SitemapEntry } from "#workers/core/posts/feeds";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import { xmlSafe } from "#workers/core/shared/text";

/** RSS 2.0 of post cards (built with the `feed` package). */
export function rssResponse(options: {
  origin: string;
  title: string;
  description: string;
  path: string;
  posts: PostCard[];
}) {
  const { origin } = options;
  const feed = new Feed({
    title: options.title,
    description: options.description,
    id: `${origin}${options.path}`,
    link: `${origin}${options.path}`,
    language: "ru",
    copyright: options.title,
    updated: options.posts[0] ? new Date(options.posts[0].datetime) : new Date(0),
    generator: "kostyor",
  });
  for (const post of options.posts) {
    const link = `${origin}/posts/${post.slug}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.headline,
      date: new Date(post.datetime),
      author: [{ name: post.user.username, link: `${origin}/users/${post.user.id}` }],
      category: post.tags.map((t) => ({ name: t.name, domain: `${origin}/tags/${t.slug}` })),
      image: post.image && !post.is_video_background ? `${origin}${post.image}` : undefined,
    });
  }
  // Text is cleaned on its way in; rows written before that (or by hand) may still hold characters XML cannot
  // carry, and one of them would make the whole feed unreadable: the writer drops them too.
  return new Response(xmlSafe(feed.rss2()), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300, stale-while-revalidate=3600",
    },
  });
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sitemapResponse(origin: string, entries: SitemapEntry[]) {
  const urls = entries
    .map((e) => {
      const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : "";
      // xmlSafe before encodeURI: a lone surrogate would make it throw.
      return `<url><loc>${escapeXml(`${origin}${encodeURI(xmlSafe(e.path))}`)}</loc>${lastmod}</url>`;
    })
    .join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
  return new Response(xmlSafe(xml), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
    },
  });
}
