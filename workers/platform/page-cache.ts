import { THEMES } from "#workers/core/accounts/accounts.schemas";
import { FEED_CACHE_TAG } from "#workers/core/feed/feed.urls";
import type { RequestContext } from "./context";
import { SESSION_COOKIE } from "./cookies";
import { randomToken } from "./crypto";
import { type NonceSlots, nonceSlots, withFreshNonce } from "./security-headers";
import { purgeTags, type ZonePurge, zonePurge } from "./zone-purge";

/**
 * Guest HTML at the edge (docs/decisions/0015-guest-page-cache.md). Guests' pages are the same for every
 * guest with the same theme, so the Worker keeps them in the Cache API for a minute (served stale while it
 * refreshes for ten more) and deletes them when their content changes. Members' pages are private. A stored
 * page leaves the cache only with a fresh CSP nonce (docs/decisions/0022-security-headers.md).
 */
export const PAGE_TTL_SECONDS = 60;
export const PAGE_STALE_SECONDS = 600;
export const GUEST_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_TTL_SECONDS}, stale-while-revalidate=${PAGE_STALE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Pages whose guest view is the same for everyone — the lists, posts, shouts, tags and profiles — each with the
 * query parameters that change it: what its loader and its server render read (the routes' `canonical` lists in
 * their meta, and the comment a post or shout page opens and highlights). The cache key keeps only these, so any
 * other parameter (utm_* and other trackers, the client-only `ecode` and `notification`, `?anything=<random>`)
 * gets the page's one cached copy instead of a full render; the parameter stays in the visitor's URL, where the
 * page's scripts still read it. A page that starts reading a parameter must add it here.
 */
const CACHEABLE_PAGES: { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/$/, params: ["type", "page", "cursor"] },
  { path: /^\/posts\/[^/]+$/, params: ["comment", "comments"] },
  { path: /^\/tags\/[^/]+$/, params: ["itemType", "page"] },
  { path: /^\/users\/\d+$/, params: ["page"] },
  { path: /^\/bonfire$/, params: ["type", "page", "cursor"] },
  { path: /^\/bonfire\/\d+$/, params: ["comment", "comments"] },
  { path: /^\/feed$/, params: ["type", "cursor"] },
  { path: /^\/feed\/\d+$/, params: [] },
  { path: /^\/donate$/, params: ["page"] },
  { path: /^\/calendar$/, params: ["date", "platform", "q"] },
  { path: /^\/year$/, params: ["year"] },
];

function cacheablePage(pathname: string) {
  return CACHEABLE_PAGES.find((page) => page.path.test(pathname));
}

/** React Router's data request (single fetch: `/posts/x.data`, `/_root.data`): a page's data, not its HTML. */
export function isDataRequest(url: URL): boolean {
  return url.pathname.endsWith(".data");
}

export function isCacheableGuestRequest(request: Request, cookies: Record<string, string>): boolean {
  if (request.method !== "GET" || cookies[SESSION_COOKIE]) return false;
  const url = new URL(request.url);
  if (isDataRequest(url)) return false;
  // Reply/edit forms and comment highlighting are per-visitor views.
  if (url.searchParams.has("reply") || url.searchParams.has("edit")) return false;
  return cacheablePage(url.pathname) !== undefined;
}

/**
 * Outside production, the Worker var PAGE_CACHE = "off" turns the guest page cache off: guests' pages are still
 * rendered as shared renders (what a cache miss renders), but neither read from nor stored in the cache. The bench
 * measures full renders this way (scripts/bench/run.mjs); production ignores the var.
 */
export function pageCacheEnabled(env: Env): boolean {
  const vars = env as unknown as Record<string, unknown>;
  return vars.PAGE_CACHE !== "off" || vars.ENVIRONMENT === "production";
}

/** The Cache-Tag naming one path (every theme and query of it); a zone purge by it reaches every data centre. */
export function pathTag(pathname: string): string {
  return `p:${pathname}`.slice(0, 1000);
}

/** Cache tags for the CDN (`Cache-Tag`): the path's own, and one per page kind and item. */
export function cacheTags(pathname: string): string {
  const tags = ["html", pathTag(pathname)];
  const post = /^\/posts\/([^/]+)$/.exec(pathname);
  if (post) tags.push(`post:${post[1]}`);
  const tag = /^\/tags\/([^/]+)$/.exec(pathname);
  if (tag) tags.push(`tag:${tag[1]}`);
  if (pathname === "/") tags.push("home");
  const shout = /^\/bonfire\/(\d+)$/.exec(pathname);
  if (shout) tags.push(`shout:${shout[1]}`);
  if (pathname === "/bonfire") tags.push("bonfire");
  // The news feed's pages go together after an ingest (workers/jobs/feed-poll.ts).
  if (pathname === "/feed" || pathname.startsWith("/feed/")) tags.push(FEED_CACHE_TAG);
  return tags.join(",");
}

/** The cache key of a page as a guest with `theme` sees it: the path, the parameters that change it (sorted), the theme. */
export function pageKey(url: URL | string, theme: string): Request {
  const from = new URL(url);
  const key = new URL(from.pathname, from.origin);
  const names = [...(cacheablePage(from.pathname)?.params ?? [])].sort();
  for (const name of names) {
    const value = from.searchParams.get(name);
    if (value !== null) key.searchParams.set(name, value);
  }
  key.searchParams.set("__theme", theme);
  return new Request(key.toString(), { method: "GET" });
}

function pageCache(): Cache | undefined {
  return typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default;
}

// ─── the isolate's micro-cache in front of the Cache API ───────────────────────────────────────────────
// A hot page is answered from this isolate's memory for a few seconds instead of a Cache API read per request.
// A change purges it here at once (the request that changed it runs in some isolate); another isolate's copy
// lives at most MEMORY_TTL_MS, so a guest may see a page up to that much late. Bounded in entries and bytes.
export const MEMORY_TTL_MS = 5_000;
const MEMORY_MAX_ENTRIES = 100;
const MEMORY_MAX_BYTES = 16 * 1024 * 1024;

/** A stored page as a hit serves it: its bytes, where its nonce sits in them, its generation stamp. */
interface StoredPage {
  body: Uint8Array<ArrayBuffer>;
  status: number;
  /** Without the generation stamp, which is the cache's own bookkeeping, not the visitor's business. */
  headers: [string, string][];
  generation: string | null;
  slots: NonceSlots | null;
  storedAt: number;
}

const memory = new Map<string, StoredPage>();
let memoryBytes = 0;

function forget(url: string): void {
  const entry = memory.get(url);
  if (!entry) return;
  memory.delete(url);
  memoryBytes -= entry.body.byteLength;
}

/** Reads a stored response once: the body's bytes, and where its nonce sits (found here, not on every hit). */
async function storedPage(response: Response): Promise<StoredPage> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== GENERATION_HEADER.toLowerCase());
  return {
    body,
    status: response.status,
    headers,
    generation: response.headers.get(GENERATION_HEADER),
    slots: nonceSlots(response.headers.get("Content-Security-Policy"), body),
    storedAt: Date.now(),
  };
}

function remember(url: string, page: StoredPage): void {
  if (page.body.byteLength > MEMORY_MAX_BYTES / 8) return;
  forget(url);
  memory.set(url, page);
  memoryBytes += page.body.byteLength;
  // Oldest first (a Map keeps insertion order).
  for (const key of memory.keys()) {
    if (memory.size <= MEMORY_MAX_ENTRIES && memoryBytes <= MEMORY_MAX_BYTES) break;
    forget(key);
  }
}

function fromMemory(url: string): StoredPage | undefined {
  const entry = memory.get(url);
  if (!entry) return undefined;
  if (Date.now() - entry.storedAt > MEMORY_TTL_MS) {
    forget(url);
    return undefined;
  }
  return entry;
}

async function fromCacheApi(key: Request, generation: Promise<string>, build: string): Promise<StoredPage | undefined> {
  const [cached, current] = await Promise.all([pageCache()?.match(key), generation]);
  if (!cached) return undefined;
  let stamp = cached.headers.get(GENERATION_HEADER);
  // A page of another generation than the one this isolate last read may be newer than that reading (another
  // isolate purged since): the generation is read again before the page counts as stale.
  if (stamp !== pageStamp(current, build)) {
    const fresh = currentGeneration(key.url, { fresh: true });
    generationAtRead.set(key, fresh);
    if (stamp !== pageStamp(await fresh, build)) stamp = null;
  }
  if (stamp === null) {
    await cached.body?.cancel();
    return undefined;
  }
  const page = await storedPage(cached);
  remember(key.url, page);
  return page;
}

// ─── the generation: every guest page at once ──────────────────────────────────────────────────────────
// Hiding content from guests (a member's shouts made members-only, a shout muted or deleted) must reach every
// cached page that shows it at once — the paged lists, strips and tag pages included, which no list of paths
// names — and the copies in every isolate's memory too. So each stored page carries the site's page generation
// (a random token kept in the Cache API, which all isolates of a data centre share), a page is served only under
// the current one, and `purgeAllPages` replaces it. The isolate that purges knows the new generation at once;
// the others read the small entry (no D1) at most every GENERATION_RECHECK_MS, so there a hidden item may show
// for up to that long (a Cache API read on every hit cost more than the rest of the hit). A missing entry (first
// use, evicted) gets a new token: older pages are then misses, never served by mistake.
const GENERATION_HEADER = "X-Page-Generation";
const GENERATION_PATH = "/__page-cache/generation";
export const GENERATION_RECHECK_MS = 1_000;
/** The generation entry's Cache-Tag: a zone purge of it (`purgeGuestPages`) renews the generation in every data centre. */
export const GENERATION_TAG = "page-generation";
// Empty until first read or purge: workerd allows no random values at global scope (the Worker would not start).
let localGeneration = "";
let generationReadAt = 0;

/** The generation each read saw: the page rendered after a miss is stamped with it, not a newer one. */
const generationAtRead = new WeakMap<Request, Promise<string>>();

function generationKey(url: string): Request {
  return new Request(new URL(GENERATION_PATH, url).toString(), { method: "GET" });
}

function knowGeneration(token: string): string {
  localGeneration = token;
  generationReadAt = Date.now();
  return token;
}

async function newGeneration(url: string): Promise<string> {
  const token = knowGeneration(randomToken(12));
  const headers = {
    "Cache-Control": "public, max-age=31536000",
    "Content-Type": "text/plain",
    "Cache-Tag": GENERATION_TAG,
    [GENERATION_HEADER]: token,
  };
  await pageCache()?.put(generationKey(url), new Response(token, { headers }));
  return token;
}

async function currentGeneration(url: string, { fresh = false } = {}): Promise<string> {
  const cache = pageCache();
  if (!cache) return localGeneration;
  const age = Date.now() - generationReadAt;
  if (!fresh && localGeneration && age >= 0 && age < GENERATION_RECHECK_MS) return localGeneration;
  const stored = await cache.match(generationKey(url));
  if (!stored) return newGeneration(url);
  // The token is also in a header: read there, the body (a stream) is not read at all.
  const token = stored.headers.get(GENERATION_HEADER);
  if (token === null) return knowGeneration(await stored.text());
  await stored.body?.cancel();
  return knowGeneration(token);
}

/**
 * What a stored page is stamped with: the generation its render started in and the build that rendered it. A page
 * names the build's scripts and stylesheets by their hashed file names, which the next deployment no longer has:
 * a page another build stored is never served (it would load without its styles and scripts), only replaced.
 */
function pageStamp(generation: string, build: string): string {
  return build ? `${generation} ${build}` : generation;
}

/** A page from memory while it belongs to the current generation and this build. */
async function currentFromMemory(
  url: string,
  generation: Promise<string>,
  build: string,
): Promise<StoredPage | undefined> {
  const hot = fromMemory(url);
  if (!hot) return undefined;
  if (hot.generation === pageStamp(await generation, build)) return hot;
  forget(url);
  return undefined;
}

/**
 * The stored page, with a nonce of its own (every hit is a new response: its nonce must be new too). `build`: the
 * version of the build serving the request (React Router's assets version); only pages stored by it are served.
 */
export async function readPage(key: Request, build = ""): Promise<Response | undefined> {
  const generation = currentGeneration(key.url);
  generationAtRead.set(key, generation);
  const page = (await currentFromMemory(key.url, generation, build)) ?? (await fromCacheApi(key, generation, build));
  if (!page) return undefined;
  const headers = new Headers(page.headers);
  const body = withFreshNonce(page.body, page.slots, headers, new URL(key.url));
  return new Response(body, { status: page.status, headers });
}

/**
 * Stores a page under the generation its render started in (the one `readPage` saw for this key) and the build
 * that rendered it (see `pageStamp`).
 */
export async function storePage(key: Request, response: Response, build = ""): Promise<void> {
  // A cookie is one visitor's: a page that sets one is never shared.
  if (response.headers.has("Set-Cookie")) return;
  const headers = new Headers(response.headers);
  headers.set(GENERATION_HEADER, pageStamp(await (generationAtRead.get(key) ?? currentGeneration(key.url)), build));
  const page = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  remember(key.url, await storedPage(page.clone()));
  await pageCache()?.put(key, page);
}

/** Every cached guest page of this origin goes, at once for every isolate of this data centre (see above). */
export async function purgeAllPages(origin: string): Promise<void> {
  memory.clear();
  memoryBytes = 0;
  await newGeneration(origin);
}

/** Deletes the cached guest views (every theme) of these paths on this origin. */
export async function purgePages(origin: string, paths: string[]): Promise<void> {
  const unique = [...new Set(paths)];
  const keys = unique.flatMap((path) => THEMES.map((theme) => pageKey(new URL(path, origin), theme)));
  for (const key of keys) forget(key.url);
  const cache = pageCache();
  if (!cache) return;
  await Promise.all(keys.map((key) => cache.delete(key)));
}

/**
 * The same purge in every other data centre, in the background (the local purge is what the next request here
 * needs at once). A failure is logged: pages elsewhere then expire within their TTL.
 */
function purgeElsewhere(ctx: Pick<RequestContext, "vars" | "waitUntil">, tags: string[]): void {
  const zone: ZonePurge | null = zonePurge(ctx.vars);
  if (!zone || tags.length === 0) return;
  ctx.waitUntil(purgeTags(zone, tags).catch((error) => console.error("zone purge failed", error)));
}

/** A change to these pages' content: their guest views go here at once and in every data centre soon after. */
export async function invalidatePages(
  ctx: Pick<RequestContext, "vars" | "waitUntil" | "request">,
  paths: string[],
): Promise<void> {
  const origin = new URL(ctx.request.url).origin;
  purgeElsewhere(
    ctx,
    paths.map((path) => pathTag(new URL(path, origin).pathname)),
  );
  await purgePages(origin, paths).catch((error) => console.error("purging pages failed", error));
}

/**
 * Content left guests' view (a member's shouts made members-only, a shout muted or deleted, a post unpublished
 * or deleted, a comment deleted): every cached guest page goes, at once for every isolate of the data centre
 * (`purgeAllPages`) — any page may show it: paged lists, tag pages, strips. Awaited, so the next request already
 * misses; other data centres renew their generation through the zone purge. A failure is logged: the change
 * itself is made.
 */
export async function purgeGuestPages(ctx: RequestContext): Promise<void> {
  try {
    await purgeAllPages(new URL(ctx.request.url).origin);
  } catch (error) {
    console.error("purging the guest pages failed", error);
  }
  purgeElsewhere(ctx, [GENERATION_TAG]);
}
