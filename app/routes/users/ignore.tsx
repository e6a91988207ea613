import { redirect } from "react-router";
import { ActionFailureBoundary } from "#app/components/action-failure";
import { formFields, getCtx, loaderError, readForm } from "#app/lib/forms.server";
import { safeRedirect } from "#app/lib/redirects";
import { stopIgnoring, toggleIgnore } from "#workers/core/notifications/ignores";
import type { Route } from "./+types/ignore";

/** Nothing to show on a GET: back to the profile. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/users/${params.id}`);
}

/**
 * The profile's «Игнорировать» form and the settings list's «Перестать игнорировать» (plain forms, no JavaScript
 * needed): `intent=ignore` with `days` (a number or `forever`), or `intent=stop`; then back to `redirectTo`. A
 * refusal is thrown to the error boundary: returned, it would be followed by this route's loader, which sends
 * GETs back to the profile — a silent redirect.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let back: string | null = null;
  try {
    const fields = formFields(await readForm(request, ctx));
    back = safeRedirect(fields.redirectTo);
    if (fields.intent === "stop") await stopIgnoring(ctx, params.id);
    else {
      const days = fields.days && fields.days !== "forever" ? Number(fields.days) : null;
      await toggleIgnore(ctx, params.id, { days });
    }
  } catch (error) {
    loaderError(error);
  }
  return redirect(back ?? `/users/${params.id}`);
}

/** Never shown: a GET goes to the profile, the form back to its page. */
export default function Ignore() {
  return null;
}

/** A refused form: the reason and a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ActionFailureBoundary title="Игнорирование не изменено" error={error} />;
}
