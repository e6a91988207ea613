import { data, Form, redirect } from "react-router";
import { ActionFailurePage } from "#app/components/action-failure";
import { CsrfField } from "#app/components/csrf-field";
import { Link } from "#app/components/link";
import { getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { safeRedirect } from "#app/lib/redirects";
import { asTheme, isTheme, nextTheme, THEME_TITLES, THEMES, type Theme, themeCookie } from "#app/lib/theme";
import { updateProfile } from "#workers/core/accounts/profile";
import { AppError } from "#workers/core/errors";
import type { Route } from "./+types/theme";

/**
 * Theme toggle (spec §4): the explicit `theme` field, or lightside ↔ darkorange from the current theme.
 * Members get it saved in their profile, guests in the `theme` cookie. With `redirectTo` (the no-JS form)
 * the answer is a redirect back; otherwise `{ok: true, theme}` for the fetcher.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  return runAction(async () => {
    // A guest's theme is only a cookie of their own browser: no CSRF check (cached guest pages carry no token).
    const form = ctx.actor ? await readForm(request, ctx) : await request.formData().catch(() => new FormData());
    const explicit = form.get("theme");
    if (explicit !== null && explicit !== "" && !isTheme(explicit)) {
      throw AppError.field("theme", "Такой темы нет.");
    }
    const guestTheme = /(?:^|;\s*)theme=([a-z]+)/.exec(request.headers.get("Cookie") ?? "")?.[1];
    const current = asTheme(ctx.actor ? ctx.actor.theme : guestTheme);
    const theme: Theme = isTheme(explicit) ? explicit : nextTheme(current);

    const headers = new Headers();
    if (ctx.actor) await updateProfile(ctx, { theme });
    else headers.append("Set-Cookie", themeCookie(theme));

    // A no-JS form names its page; a target that would leave the site (or is malformed) goes home instead.
    if (form.has("redirectTo")) throw redirect(safeRedirect(form.get("redirectTo")) ?? "/", { headers });
    return data({ ok: true as const, theme }, { headers });
  });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Тема оформления", description: "Выбор темы оформления сайта.", noindex: true });

/**
 * GET /theme: a page of its own (every theme to choose from, without JavaScript). No loader redirect: after a
 * no-JS POST React Router runs the loaders too, and a redirect there would hide a failed change behind the home page.
 */
export function loader() {
  return null;
}

/** The themes to choose from; or, after a failed no-JS change (an expired CSRF token, say), what went wrong. */
export default function ThemePage({ actionData }: Route.ComponentProps) {
  if (actionData && !actionData.ok) {
    return <ActionFailurePage title="Не удалось сменить тему" detail={actionData.detail} />;
  }
  return (
    <main className="page">
      <section className="card card-narrow">
        <h1 className="page-title">Тема оформления</h1>
        <Form method="post" action="/theme" reloadDocument className="theme-choices">
          <CsrfField />
          <input type="hidden" name="redirectTo" value="/theme" />
          {THEMES.map((theme) => (
            <button key={theme} type="submit" name="theme" value={theme} className="btn">
              {THEME_TITLES[theme]}
            </button>
          ))}
        </Form>
        <Link className="btn btn-primary" to="/" reloadDocument>
          На главную
        </Link>
      </section>
    </main>
  );
}
