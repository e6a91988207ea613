import { redirect, useActionData, useParams } from "react-router";
import { asFailure, FormErrors } from "#app/components/form";
import { Link } from "#app/components/link";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { safeRedirect } from "#app/lib/redirects";
import { stopIgnoring, toggleIgnore } from "#workers/core/notifications/ignores";
import type { Route } from "./+types/ignore";

/** Nothing to show on a GET: back to the profile. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/users/${params.id}`);
}

/**
 * The profile's «Игнорировать» form and the settings list's «Перестать игнорировать» (plain forms, no JavaScript
 * needed): `intent=ignore` with `days` (a number or `forever`), or `intent=stop`; then back to `redirectTo`.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      if (fields.intent === "stop") await stopIgnoring(ctx, params.id);
      else {
        const days = fields.days && fields.days !== "forever" ? Number(fields.days) : null;
        await toggleIgnore(ctx, params.id, { days });
      }
      return redirect(safeRedirect(fields.redirectTo) ?? `/users/${params.id}`);
    },
    () => fields,
  );
}

export default function IgnoreResult() {
  const failure = asFailure(useActionData<typeof action>());
  const { id } = useParams();
  return (
    <main className="page">
      <h1>Игнорирование</h1>
      <FormErrors failure={failure} />
      <p>
        <Link to={`/users/${id}`}>Вернуться в профиль</Link>
      </p>
    </main>
  );
}
