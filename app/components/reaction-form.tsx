import type { MouseEvent } from "react";
import type { FetcherSubmitFunction as FetcherSubmit } from "react-router";
import { useBackPath } from "#app/lib/back-path";
import { fetcherFormData } from "#app/lib/plain-form";
import { CsrfField } from "./csrf-field";

export const GUEST_NOTICE_TITLE = "Войдите на сайт.";

/** The id of the page's one reaction form (ReactionForm, rendered by the shell). */
export const REACTION_FORM_ID = "reaction-form";

/**
 * The one form every paw and bookmark button of a page submits: the CSRF token and the way back once per page
 * instead of once per item (a 100-comment post had 101 paw forms, a third of its elements). Each button names
 * its action, its item and the element to come back to in its own `formaction` (reactionAction). A plain form:
 * it works without JavaScript; with it, each button sends the same data through its own fetcher (sendReaction).
 */
export function ReactionForm() {
  const back = useBackPath();
  return (
    <form id={REACTION_FORM_ID} method="post" action="/reactions/paw" hidden>
      <CsrfField />
      <input type="hidden" name="redirectTo" value={back} />
    </form>
  );
}

/**
 * A reaction button's `formaction`: the item in the query, and the element a plain form comes back to
 * (app/routes/reactions/reaction-utils.ts reads both).
 */
export function reactionAction(kind: "paw" | "bookmark", itemType: string, itemId: number, anchor?: string): string {
  return `/reactions/${kind}?item_type=${itemType}&item_id=${itemId}${anchor ? `&anchor=${anchor}` : ""}`;
}

/**
 * With JavaScript a reaction button goes through its fetcher (no navigation): the page's reaction form's data (so
 * the token is the cookie's, app/lib/api.ts) and the pressed button's name and value (a paw's direction), without
 * the plain form's way back (`fetcherFormData`: the action would redirect the fetcher).
 */
export function sendReaction(event: MouseEvent<HTMLButtonElement>, submit: FetcherSubmit): void {
  event.preventDefault();
  const button = event.currentTarget;
  // The shell renders the form wherever these buttons are.
  void submit(fetcherFormData(button.form as HTMLFormElement, button), {
    method: "post",
    action: button.getAttribute("formaction") ?? undefined,
  });
}
