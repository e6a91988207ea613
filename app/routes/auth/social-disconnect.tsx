import { getCtx, readForm, runAction } from "#app/lib/forms.server";
import { disconnectAuthAccount } from "#workers/core/social/auth-accounts";
import { checkCsrf } from "#workers/platform/csrf";
import type { Route } from "./+types/social-disconnect";

/**
 * POST /disconnect/{provider}/{id}/ (spec §7): unlinks one of the member's sign-in accounts. The settings page posts
 * it as a form (the hidden CSRF field); a script may post it with the X-CSRFTOKEN header instead, as the API takes it.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  return runAction(async () => {
    const header = request.headers.get("X-CSRFTOKEN");
    if (header !== null) checkCsrf(request, ctx.csrfCookie, header);
    else await readForm(request, ctx);
    const { detail } = await disconnectAuthAccount(ctx, { provider: params.provider, id: params.id });
    return { ok: true as const, intent: "disconnect", message: detail, detail };
  });
}
