import { eq } from "drizzle-orm";
import { feedEntries, feedGroups, feedSources } from "#drizzle/schema";
import type { RequestContext } from "#workers/platform/context";
import { sniffImage } from "#workers/platform/image-header";
import { MEDIA_CSP } from "#workers/platform/security-headers";
import { readCapped } from "./feed.fetch";
import { FEED_IMAGE_KINDS, type FeedImageKind, feedImagePath } from "./feed.urls";

/**
 * Pictures of the feed (a story's, an entry's, a source's icon) served from our origin: the page's CSP allows
 * images from 'self' only, and the reader's browser never calls the news site (no referrer, no tracking). The
 * Worker fetches the picture the feed named, keeps it only when its bytes are a PNG, JPEG, GIF or WebP (never
 * SVG or HTML), at most MAX_IMAGE_BYTES, and caches the answer for a day.
 */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 10_000;
const CACHE_CONTROL = "public, max-age=86400";

async function sourceUrl(ctx: RequestContext, kind: FeedImageKind, id: number): Promise<string | null> {
  if (kind === "group") {
    const [row] = await ctx.db.select({ url: feedGroups.imageUrl }).from(feedGroups).where(eq(feedGroups.id, id));
    return row?.url ?? null;
  }
  if (kind === "entry") {
    const [row] = await ctx.db.select({ url: feedEntries.imageUrl }).from(feedEntries).where(eq(feedEntries.id, id));
    return row?.url ?? null;
  }
  const [row] = await ctx.db.select({ url: feedSources.iconUrl }).from(feedSources).where(eq(feedSources.id, id));
  return row?.url ?? null;
}

const notFound = () => new Response("Не найдено", { status: 404, headers: { "Cache-Control": "public, max-age=600" } });

function cache(): Cache | undefined {
  return typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default;
}

/** GET /feed/image/{kind}/{id}: the picture, or a 404 when there is none or it cannot be had. */
export async function serveFeedImage(ctx: RequestContext, kind: string, id: string): Promise<Response> {
  if (!(FEED_IMAGE_KINDS as readonly string[]).includes(kind) || !/^\d{1,15}$/.test(id)) return notFound();
  const url = await sourceUrl(ctx, kind as FeedImageKind, Number(id));
  if (!url) return notFound();
  // Keyed by the picture's own URL too: a story whose best entry changes gets its new picture.
  const key = new Request(
    `${new URL(ctx.request.url).origin}${feedImagePath(kind as FeedImageKind, Number(id))}?src=${encodeURIComponent(url)}`,
  );
  const cached = await cache()?.match(key);
  if (cached) return cached;
  let response: Response;
  try {
    const upstream = await fetch(url, {
      headers: { Accept: "image/webp,image/png,image/jpeg,image/gif;q=0.9" },
      signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS),
    });
    if (!upstream.ok) {
      await upstream.body?.cancel();
      return notFound();
    }
    const { bytes, truncated } = await readCapped(upstream.body, MAX_IMAGE_BYTES);
    const type = truncated ? null : sniffImage(bytes);
    if (!type) return notFound();
    response = new Response(bytes, {
      headers: {
        "Content-Type": `image/${type}`,
        "Cache-Control": CACHE_CONTROL,
        "Content-Security-Policy": MEDIA_CSP,
      },
    });
  } catch {
    return notFound();
  }
  ctx.waitUntil(cache()?.put(key, response.clone()) ?? Promise.resolve());
  return response;
}
