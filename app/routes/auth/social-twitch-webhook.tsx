import { getCtx } from "#app/lib/forms.server";
import { handleEventsub } from "#workers/core/social/twitch";
import type { Route } from "./+types/social-twitch-webhook";

/**
 * POST /webhooks/twitch/eventsub: Twitch EventSub. Not a form: Twitch proves itself with the HMAC signature of each
 * message (workers/core/social/twitch.ts), so there is no CSRF token here.
 */
export async function action({ context }: Route.ActionArgs) {
  return handleEventsub(getCtx(context));
}
