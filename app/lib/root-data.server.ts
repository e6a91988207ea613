import { serializeCurrentUser } from "#workers/core/accounts/accounts.serializers";
import { getConfig } from "#workers/core/config/config";
import { effectsFor, moscowDay, parseEffectsDate } from "#workers/core/effects/effects";
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
 *   sanction — the member's active ban or block (kind, reason, end) for the read-only banner, or null;
 *   effects — the seasonal effects due today in Moscow (workers/core/effects); admins may look at another day
 *             with `?effects_date=YYYY-MM-DD`.
 */
export async function loadRootData(ctx: RequestContext, request: Request) {
  const [config, unread] = await Promise.all([
    getConfig(ctx),
    ctx.actor ? countUnread(ctx, ctx.actor.id) : Promise.resolve(0),
  ]);
  const user = ctx.actor ? serializeCurrentUser(ctx.actor) : null;
  const guestTheme = /(?:^|;\s*)theme=([a-z]+)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  const theme = user?.theme ?? guestTheme ?? "darkorange";
  const override = ctx.actor?.isAdmin ? parseEffectsDate(new URL(request.url).searchParams.get("effects_date")) : null;
  const effects = effectsFor({
    day: moscowDay(override ?? ctx.now()),
    theme,
    weatherEnabled: user ? user.settings.is_winter_effects_enabled : null,
  });
  return {
    user,
    config,
    // A page rendered for the shared guest cache carries no token; forms read the visitor's cookie instead.
    csrf: ctx.sharedRender ? "" : (ctx.csrfCookie ?? ""),
    theme,
    unread,
    origin: new URL(request.url).origin,
    sanction: ctx.sharedRender ? null : ctx.sanction,
    effects,
  };
}

export type RootData = Awaited<ReturnType<typeof loadRootData>>;
