import { getCtx, readForm, runAction } from "#app/lib/forms.server";
import { disconnectAuthAccount } from "#workers/core/social/auth-accounts";
import type { Route } from "./+types/social-disconnect";

/** POST /disconnect/{provider}/{id}/ (spec §7): unlinks one of the member's sign-in accounts. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  return runAction(async () => {
    await readForm(request, ctx);
    const { detail } = await disconnectAuthAccount(ctx, { provider: params.provider, id: params.id });
    return { ok: true as const, intent: "disconnect", message: detail };
  });
}
