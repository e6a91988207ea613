import { Link, redirect } from "react-router";
import { toggleBookmark } from "#workers/core/reactions/bookmarks";
import type { Route } from "./+types/bookmark";
import { reactionAction, reactionInput } from "./reaction-utils";

/**
 * POST /reactions/bookmark: adds a post to the bookmarks or takes it out. A fetcher (JavaScript on) gets
 * the new `{is_bookmarked}`; the plain form (it carries `redirectTo`) is sent back to its page. Guests: 401 data
 * for a fetcher, the sign-in page for the plain form.
 */
export function action({ request, context }: Route.ActionArgs) {
  return reactionAction(request, context, (ctx, fields) => toggleBookmark(ctx, reactionInput(fields, false)));
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
