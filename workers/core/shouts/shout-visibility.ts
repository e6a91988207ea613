import type { UserRow } from "#drizzle/schema";
import type { Settings } from "#workers/core/accounts/accounts.constants";
import type { RequestContext } from "#workers/platform/context";
import { purgeGuestPages } from "#workers/platform/page-cache";
import { publish } from "#workers/realtime/publish";

/**
 * Shouts leaving guests' view at once (docs/decisions/0018-shouts.md, addendum of issue 11). What guests read is
 * decided when they read it — the lists, search and the activity stream ask whether the author shows shouts to
 * guests (`listedWhere`, `listedForGuests`) — so what is left is what was read before: cached guest pages and the
 * pages guests have open.
 */

/** A member's settings that change what guests see of their shouts (the shouts themselves, their view counts). */
const GUEST_VIEW_SETTINGS = ["is_shouts_public", "is_shouts_views_enabled"] as const satisfies (keyof Settings)[];

/**
 * After a member changed settings: if guests now see their shouts differently, the cached guest pages go; if the
 * shouts became members-only, the guests' open pages are told (`shouts_hidden`) to drop them and re-read.
 */
export async function onShoutSettingsChanged(
  ctx: RequestContext,
  author: Pick<UserRow, "id">,
  before: Settings,
  after: Settings,
): Promise<void> {
  if (!GUEST_VIEW_SETTINGS.some((key) => before[key] !== after[key])) return;
  await purgeGuestPages(ctx);
  if (before.is_shouts_public && !after.is_shouts_public) {
    publish(ctx, { type: "shouts_hidden", obj: { user_id: author.id } }, { kind: "guests" });
  }
}
