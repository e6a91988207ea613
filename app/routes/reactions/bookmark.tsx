import { redirect } from "react-router";
import { ActionFailureBoundary } from "#app/components/action-failure";
import { toggleBookmark } from "#workers/core/reactions/bookmarks";
import type { Route } from "./+types/bookmark";
import { reactionAction, reactionInput } from "./reaction-utils";

/**
 * POST /reactions/bookmark: adds a post or a shout (`item_type` post or shout) to the bookmarks or takes it out. A fetcher (JavaScript on) gets
 * the new `{is_bookmarked}`; the plain form (it carries `redirectTo`) is sent back to its page. Guests: 401 data
 * for a fetcher, the sign-in page for the plain form.
 */
export function action({ request, context }: Route.ActionArgs) {
  return reactionAction(request, context, (ctx, fields) => toggleBookmark(ctx, reactionInput(fields, false)));
}

export function loader() {
  return redirect("/");
}

/** Never shown: GETs are sent away, a plain form is sent back to its page, a fetcher stays where it is. */
export default function Bookmark() {
  return null;
}

/** A plain (no-JS) form's failure: the reason and a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ActionFailureBoundary title="Закладка не изменена" error={error} />;
}
