/** Feed URLs and the Cache-Tag of its guest pages (client-safe). */

/** Every cached guest page of the feed (/feed, /feed/{id}) carries this Cache-Tag (workers/platform/page-cache.ts). */
export const FEED_CACHE_TAG = "feed";

export function feedGroupUrl(id: number): string {
  return `/feed/${id}`;
}
