/** Feed URLs and the Cache-Tag of its guest pages (client-safe). */

/** Every cached guest page of the feed (/feed, /feed/{id}) carries this Cache-Tag (workers/platform/page-cache.ts). */
export const FEED_CACHE_TAG = "feed";

export function feedGroupUrl(id: number): string {
  return `/feed/${id}`;
}

/** The kinds of feed pictures served from our origin (workers/core/feed/feed.images.ts). */
export const FEED_IMAGE_KINDS = ["group", "entry", "source"] as const;
export type FeedImageKind = (typeof FEED_IMAGE_KINDS)[number];

/** The local address of a feed picture (what the serializers give instead of the news site's URL). */
export function feedImagePath(kind: FeedImageKind, id: number): string {
  return `/feed/image/${kind}/${id}`;
}
