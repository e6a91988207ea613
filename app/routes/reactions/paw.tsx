import { Link, redirect } from "react-router";
import { togglePaw } from "#workers/core/reactions/likes";
import type { Route } from "./+types/paw";
import { reactionAction, reactionInput } from "./reaction-utils";

/**
 * POST /reactions/paw: a paw up or down (the same paw again takes it back). A fetcher (JavaScript on) gets
 * the new `{pwnd, ownd}`; the plain form (it carries `redirectTo`) is sent back to its page. Guests: 401 data
 * for a fetcher, the sign-in page for the plain form.
 */
export function action({ request, context }: Route.ActionArgs) {
  return reactionAction(request, context, (ctx, fields) => togglePaw(ctx, reactionInput(fields, true)));
}

export function loader() {
  return redirect("/");
}

/** Shown only when a plain (no-JS) paw failed: the reason and a way back. */
export default function PawResult({ actionData }: Route.ComponentProps) {
  if (!actionData || actionData.ok) return null;
  return (
    <main className="page">
      <section className="card card-narrow">
        <h1 className="page-title">Лапка не поставлена</h1>
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
