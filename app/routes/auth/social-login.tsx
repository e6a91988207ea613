import { redirect } from "react-router";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { safeRedirect } from "#app/lib/redirects";
import { returnPath, startSocialLogin } from "#workers/core/social/social-login";
import type { Route } from "./+types/social-login";

/**
 * GET /auth/<provider>/login?next=<path>&code=<invitation>: starts a social sign-in (or, signed in, links the
 * account) and sends the browser to the provider. docs/decisions/0029-social-sign-in.md.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const url = new URL(request.url);
  const { location, cookie } = await startSocialLogin(ctx, {
    provider: params.provider,
    next: returnPath(url.searchParams.get("next"), safeRedirect),
    code: url.searchParams.get("code"),
  }).catch(loaderError);
  return redirect(location, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}
