import { redirect } from "react-router";
import { getCtx } from "#app/lib/forms.server";
import { completeSocialLogin } from "#workers/core/social/social-login";
import type { Route } from "./+types/social-complete";

/**
 * GET /auth/<provider>/complete: the provider sends the browser back here. Always a redirect to the page the
 * member came from, with `?ecode=` for the outcomes that have a notice (spec §8).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const { location, headers } = await completeSocialLogin(ctx, params.provider);
  headers.set("Cache-Control", "no-store");
  return redirect(location, { headers });
}
