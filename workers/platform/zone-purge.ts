import type { Vars } from "./env";

/**
 * The zone's purge API (Cloudflare `POST /zones/{zone_id}/purge_cache`, `{"tags": [...]}`): the Cache API keeps
 * guest pages per data centre, so a page changed here stays in every other data centre's cache until its TTL. A
 * purge by Cache-Tag reaches them all (it works for entries stored with `cache.put`, like purge by URL; purge by
 * host or prefix does not). Off unless CF_ZONE_ID and CF_PURGE_TOKEN are set: a single data centre (local, tests
 * without them) needs nothing more than the local purge. See docs/decisions/0015-guest-page-cache.md.
 */
export interface ZonePurge {
  url: string;
  token: string;
}

/** Tags per API call (the API's limit on the lower plans). */
const TAGS_PER_CALL = 30;
const TIMEOUT_MS = 5_000;

export function zonePurge(vars: Vars): ZonePurge | null {
  if (!vars.CF_ZONE_ID || !vars.CF_PURGE_TOKEN) return null;
  return { url: `${vars.CF_API_URL}/zones/${vars.CF_ZONE_ID}/purge_cache`, token: vars.CF_PURGE_TOKEN };
}

/** Purges every entry carrying one of `tags`, in every data centre; throws when the API refuses. */
export async function purgeTags(purge: ZonePurge, tags: string[]): Promise<void> {
  const unique = [...new Set(tags)];
  for (let i = 0; i < unique.length; i += TAGS_PER_CALL) {
    const response = await fetch(purge.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${purge.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ tags: unique.slice(i, i + TAGS_PER_CALL) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { success?: boolean; errors?: unknown } | null;
    if (!response.ok || !body?.success) {
      throw new Error(`zone purge refused: HTTP ${response.status} ${JSON.stringify(body?.errors ?? null)}`);
    }
  }
}
