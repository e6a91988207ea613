import type { MetaDescriptor } from "react-router";

/** A route's meta `matches` (only what we read from it). */
type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** What pageMeta reads from a route's meta arguments. */
type MetaArgsLike = { matches: readonly MatchLike[]; location: { pathname: string; search: string } };

type RootLike = { config?: { site_name?: string }; origin?: string } | undefined;

export const DEFAULT_SITE_NAME = "Костёр";

function rootOf(matches: readonly MatchLike[]): RootLike {
  return matches.find((m) => m?.id === "root")?.loaderData as RootLike;
}

/** The site's name (from the root loader data) for a route's meta `matches`. */
export function siteNameOf(matches: readonly MatchLike[]): string {
  return rootOf(matches)?.config?.site_name || DEFAULT_SITE_NAME;
}

/**
 * Page title by the spec template '%s / {site name}'. Pass the route's meta `matches` (the site name is
 * read from the root loader data) or the site name itself:
 *   export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Статьи", matches) }];
 */
export function pageTitle(title: string | null | undefined, site: string | readonly MatchLike[]): string {
  const siteName = typeof site === "string" ? site || DEFAULT_SITE_NAME : siteNameOf(site);
  return title ? `${title} / ${siteName}` : siteName;
}

/** The site's own description: the home page's, and any page's that has none of its own. */
export function siteDescription(siteName: string): string {
  return `${siteName} — сообщество о видеоиграх: статьи, записки и обсуждения.`;
}

/** The titles of the RSS feeds, shared by the feeds themselves and the pages that link them. */
export const feedTitles = {
  site: (siteName: string) => `${siteName}: новые статьи`,
  tag: (siteName: string, tagName: string) => `${siteName}: #${tagName}`,
};

export type PageMeta = {
  /** The page's own title ('%s / {site name}'); none gives the site name alone. */
  title?: string | null;
  /** A sentence or two about the page; none (or empty) gives the site's description. */
  description?: string | null;
  /**
   * The canonical URL is this page's path with only these query parameters (the ones that make another page,
   * such as `type` or `page`); highlight and form parameters (`?comment=`, `?edit=`) are dropped. `false`: no
   * canonical link (pages kept out of search engines).
   */
  canonical?: readonly string[] | false;
  /** The RSS feed this page offers (`<link rel="alternate" type="application/rss+xml">`). */
  feed?: { href: string; title: string };
  /** Kept out of search engines' indexes (drafts, search results). */
  noindex?: boolean;
  /** A link preview card (OpenGraph and Twitter): its path on this site and its size. */
  card?: { image: string; width: number; height: number };
};

/**
 * A page's meta tags — title, description, canonical link, RSS feed, robots — from its meta arguments:
 *   export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Статьи", canonical: ["type"] });
 */
export function pageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const root = rootOf(args.matches);
  const siteName = siteNameOf(args.matches);
  const tags: MetaDescriptor[] = [
    { title: pageTitle(page.title, siteName) },
    { name: "description", content: page.description?.trim() || siteDescription(siteName) },
  ];
  const keep = page.canonical ?? [];
  if (keep !== false && root?.origin && !page.noindex) {
    const params = new URLSearchParams(args.location.search);
    const kept = new URLSearchParams();
    for (const name of keep) {
      const value = params.get(name);
      if (value) kept.set(name, value);
    }
    const query = kept.size ? `?${kept}` : "";
    tags.push({ tagName: "link", rel: "canonical", href: `${root.origin}${args.location.pathname}${query}` });
  }
  if (page.feed) {
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: page.feed.title,
      href: page.feed.href,
    });
  }
  if (page.card && root?.origin) {
    tags.push(
      { property: "og:image", content: `${root.origin}${page.card.image}` },
      { property: "og:image:width", content: String(page.card.width) },
      { property: "og:image:height", content: String(page.card.height) },
      { name: "twitter:card", content: "summary_large_image" },
    );
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
