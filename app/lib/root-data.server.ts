import { serializeCurrentUser } from "#workers/core/accounts/accounts.serializers";
import { getConfig } from "#workers/core/config/config";
import { countUnread } from "#workers/core/notifications/notifications";
import type { RequestContext } from "#workers/platform/context";

/**
 * The root loader's data, used by every component of the shell:
 *   user    — the current member (spec "Current user") or null for a guest;
 *   config  — site name, flags and menu (GET /v1/config/);
 *   csrf    — the token every <Form method="post"> sends as the hidden field `csrf`;
 *   theme   — the theme to render (member's, or a guest's `theme` cookie, or darkorange);
 *   unread  — the member's unread notifications (0 for a guest; the toolbar counter and badges start from it);
 *   origin  — this site's origin, for absolute URLs in meta tags (canonical links);
 *   sanction — the member's active ban or block (kind, reason, end) for the read-only banner, or null.
 */
export async function loadRootData(ctx: RequestContext, request: Request) {
  const [config, unread] = await Promise.all([
    getConfig(ctx),
    ctx.actor ? countUnread(ctx, ctx.actor.id) : Promise.resolve(0),
  ]);
  const user = ctx.actor ? serializeCurrentUser(ctx.actor) : null;
  const guestTheme = /(?:^|;\s*)theme=([a-z]+)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  return {
    user,
    config,
    // A page rendered for the shared guest cache carries no token; forms read the visitor's cookie instead.
    csrf: ctx.sharedRender ? "" : (ctx.csrfCookie ?? ""),
    theme: user?.theme ?? guestTheme ?? "darkorange",
    unread,
    origin: new URL(request.url).origin,
    sanction: ctx.sharedRender ? null : ctx.sanction,
  };
}

export type RootData = Awaited<ReturnType<typeof loadRootData>>;
