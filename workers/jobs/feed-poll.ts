import { pollDueSources } from "#workers/core/feed/feed.ingest";
import { FEED_CACHE_TAG } from "#workers/core/feed/feed.urls";
import { purgeTags, zonePurge } from "#workers/platform/zone-purge";
import type { Job } from "./scheduled";

/**
 * The news feed's poll (docs/decisions/0030-news-feed.md): each run polls the enabled sources that are due (each
 * has its own interval and back-off). Idempotent: a polled source is not due again at the same time, and entries
 * are deduplicated. When entries arrived, the feed's cached guest pages are purged by their Cache-Tag.
 */
export const feedPollJob: Job = {
  name: "feed-poll",
  async run({ db, vars, now }) {
    const results = await pollDueSources(db, now);
    if (!results.some((r) => r.added > 0)) return;
    const zone = zonePurge(vars);
    if (zone) await purgeTags(zone, [FEED_CACHE_TAG]).catch((error) => console.error("feed purge failed", error));
  },
};
