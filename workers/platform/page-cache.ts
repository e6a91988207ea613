import { THEMES } from "#workers/core/accounts/accounts.schemas";
import { SESSION_COOKIE } from "./cookies";

/**
 * Guest HTML at the edge (docs/decisions/0015-guest-page-cache.md). Guests' pages are the same for every
 * guest with the same theme, so the Worker keeps them in the Cache API for a minute (served stale while it
 * refreshes for ten more) and deletes them when their content changes. Members' pages are private.
 */
export const PAGE_TTL_SECONDS = 60;
export const PAGE_STALE_SECONDS = 600;
export const GUEST_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_TTL_SECONDS}, stale-while-revalidate=${PAGE_STALE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Pages whose guest view is the same for everyone: the lists, posts, shouts, tags and profiles. */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/posts\/[^/]+$/,
  /^\/tags\/[^/]+$/,
  /^\/users\/\d+$/,
  /^\/bonfire$/,
  /^\/bonfire\/\d+$/,
];

export function isCacheableGuestRequest(request: Request, cookies: Record<string, string>): boolean {
  if (request.method !== "GET" || cookies[SESSION_COOKIE]) return false;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return false;
  // Reply/edit forms and comment highlighting are per-visitor views.
  if (url.searchParams.has("reply") || url.searchParams.has("edit")) return false;
  return CACHEABLE_PATHS.some((re) => re.test(url.pathname));
}

/** Cache tags for the CDN (`Cache-Tag`), one per page kind and item. */
export function cacheTags(pathname: string): string {
  const tags = ["html"];
  const post = /^\/posts\/([^/]+)$/.exec(pathname);
  if (post) tags.push(`post:${post[1]}`);
  const tag = /^\/tags\/([^/]+)$/.exec(pathname);
  if (tag) tags.push(`tag:${tag[1]}`);
  if (pathname === "/") tags.push("home");
  const shout = /^\/bonfire\/(\d+)$/.exec(pathname);
  if (shout) tags.push(`shout:${shout[1]}`);
  if (pathname === "/bonfire") tags.push("bonfire");
  return tags.join(",");
}

/** The cache key of a page as a guest with `theme` sees it. */
export function pageKey(url: URL | string, theme: string): Request {
  const key = new URL(url);
  key.searchParams.set("__theme", theme);
  return new Request(key.toString(), { method: "GET" });
}

function pageCache(): Cache | undefined {
  return typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default;
}

export async function readPage(key: Request): Promise<Response | undefined> {
  return pageCache()?.match(key);
}

export async function storePage(key: Request, response: Response): Promise<void> {
  await pageCache()?.put(key, response);
}

/** Deletes the cached guest views (every theme) of these paths on this origin. */
export async function purgePages(origin: string, paths: string[]): Promise<void> {
  const cache = pageCache();
  if (!cache) return;
  const unique = [...new Set(paths)];
  await Promise.all(unique.flatMap((path) => THEMES.map((theme) => cache.delete(pageKey(new URL(path, origin), theme)))));
}
