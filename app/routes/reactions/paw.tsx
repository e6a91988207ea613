import { redirect } from "react-router";
import { ActionFailureBoundary } from "#app/components/action-failure";
import { togglePaw } from "#workers/core/reactions/likes";
import type { Route } from "./+types/paw";
import { reactionAction, reactionInput } from "./reaction-utils";

/**
 * POST /reactions/paw: a paw up or down on a post, a comment, a shout or a shout comment (`item_type` post,
 * comment, shout, shout_comment; the same paw again takes it back). A fetcher (JavaScript on) gets
 * the new `{pwnd, ownd}`; the plain form (it carries `redirectTo`) is sent back to its page. Guests: 401 data
 * for a fetcher, the sign-in page for the plain form.
 */
export function action({ request, context }: Route.ActionArgs) {
  return reactionAction(request, context, (ctx, fields) => togglePaw(ctx, reactionInput(fields, true)));
}

export function loader() {
  return redirect("/");
}

/** Never shown: GETs are sent away, a plain form is sent back to its page, a fetcher stays where it is. */
export default function Paw() {
  return null;
}

/** A plain (no-JS) form's failure: the reason and a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ActionFailureBoundary title="Лапка не поставлена" error={error} />;
}
