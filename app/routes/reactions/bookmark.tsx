import { data, Link, redirect } from "react-router";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { safeRedirect } from "#app/lib/redirects";
import { toggleBookmark } from "#workers/core/reactions/bookmarks";
import type { Route } from "./+types/bookmark";
import { reactionInput, signInRedirect } from "./reaction-utils";

/**
 * POST /reactions/bookmark: adds a post to the bookmarks or takes it out. A fetcher (JavaScript on) gets
 * the new `{is_bookmarked}`; the plain form (it carries `redirectTo`) is sent back to its page. Guests: 401 data
 * for a fetcher, the sign-in page for the plain form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  const form = await request.clone().formData().catch(() => null);
  const back = safeRedirect(form?.get("redirectTo") ?? null);
  if (!ctx.actor) {
    if (back) throw signInRedirect(back);
    return data({ ok: false as const, detail: "Войдите на сайт.", errors: {} }, { status: 401 });
  }
  return runAction(async () => {
    const fields = formFields(await readForm(request, ctx));
    const state = await toggleBookmark(ctx, reactionInput(fields, false));
    if (back) throw redirect(back);
    return { ok: true as const, ...state };
  });
}

export function loader() {
  return redirect("/");
}

/** Shown only when a plain (no-JS) bookmark failed: the reason and a way back. */
export default function BookmarkResult({ actionData }: Route.ComponentProps) {
  if (!actionData || actionData.ok) return null;
  return (
    <main className="page">
      <section className="card card-narrow">
        <h1 className="page-title">Закладка не изменена</h1>
        <p className="form-error" role="alert">
          {actionData.detail}
        </p>
        <Link className="btn btn-primary" to="/">
          На главную
        </Link>
      </section>
    </main>
  );
}
