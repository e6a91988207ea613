import { type MouseEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useBackPath } from "#app/lib/back-path";
import { fetcherFormData } from "#app/lib/plain-form";
import { useRootData } from "#app/lib/root-data";
import { CsrfField } from "./csrf-field";

export const GUEST_NOTICE_TITLE = "Войдите на сайт.";

/** The id of the page's one reaction form (ReactionForm, rendered by the shell). */
export const REACTION_FORM_ID = "reaction-form";

/** What a reaction's action answers a fetcher: the new figures, or why not (`undefined`: no answer came). */
export type ReactionResult<T> = (T & { ok: true }) | { ok: false; detail?: string } | undefined;

/** A reaction on its way: the button's form data to its `formaction`, and what to do with the answer. */
interface Submission {
  id: number;
  action: string;
  formData: FormData;
  done: (result: unknown) => void;
}

/** The sender's queue, registered by the shell's ReactionSender once it has mounted (null before: plain forms). */
let enqueue: ((submission: Submission) => void) | null = null;
let lastId = 0;

/**
 * The one form every paw and bookmark button of a page submits: the CSRF token and the way back once per page
 * instead of once per item (a 100-comment post had 101 paw forms, a third of its elements). Each button names
 * its action, its item and the element to come back to in its own `formaction` (reactionAction). A plain form:
 * it works without JavaScript; with it, a member's click goes through the page's one ReactionSender.
 */
export function ReactionForm() {
  const back = useBackPath();
  const { user } = useRootData();
  return (
    <>
      <form id={REACTION_FORM_ID} method="post" action="/reactions/paw" hidden>
        <CsrfField />
        <input type="hidden" name="redirectTo" value={back} />
      </form>
      {user ? <ReactionSender /> : null}
    </>
  );
}

/**
 * Sends the members' reactions: a fetcher for each reaction on its way, mounted when its button is clicked and gone
 * once it has answered. The buttons themselves have none: a fetcher and its answer's effect on each of a hundred
 * paws were most of a member's discussion's effects at hydration (decision 0041).
 */
function ReactionSender() {
  const [sent, setSent] = useState<readonly Submission[]>([]);
  useEffect(() => {
    const add = (submission: Submission) => setSent((list) => [...list, submission]);
    enqueue = add;
    return () => {
      if (enqueue === add) enqueue = null;
    };
  }, []);
  const finished = (submission: Submission) => setSent((list) => list.filter((s) => s !== submission));
  return sent.map((submission) => <InFlight key={submission.id} submission={submission} onFinished={finished} />);
}

function InFlight({ submission, onFinished }: { submission: Submission; onFinished: (s: Submission) => void }) {
  const fetcher = useFetcher();
  // sent → busy → answered, once each, even where effects run twice (development's strict mode).
  const phase = useRef<"new" | "sent" | "busy" | "answered">("new");
  if (fetcher.state !== "idle" && phase.current === "sent") phase.current = "busy";
  useEffect(() => {
    if (phase.current === "new") {
      phase.current = "sent";
      void fetcher.submit(submission.formData, { method: "post", action: submission.action });
    } else if (phase.current === "busy" && fetcher.state === "idle") {
      phase.current = "answered";
      submission.done(fetcher.data);
      onFinished(submission);
    }
  });
  return null;
}

/**
 * A reaction button's `formaction`: the item in the query, and the element a plain form comes back to
 * (app/routes/reactions/reaction-utils.ts reads both).
 */
export function reactionAction(kind: "paw" | "bookmark", itemType: string, itemId: number, anchor?: string): string {
  return `/reactions/${kind}?item_type=${itemType}&item_id=${itemId}${anchor ? `&anchor=${anchor}` : ""}`;
}

/**
 * A member's reaction button: its click sends the page's reaction form's data (so the token is the cookie's,
 * app/lib/api.ts) with the pressed button's name and value (a paw's direction) to the button's `formaction`,
 * without the plain form's way back (`fetcherFormData`: the action would redirect). `pending` is that data while the
 * reaction is on its way; `onResult` gets the answer. Before the page has hydrated the plain form goes instead.
 */
export function useReaction<T>(onResult: (result: ReactionResult<T>) => void): {
  pending: FormData | null;
  /** The button's own click, or (markup's buttons, found by the holder's handler) a click on `button`. */
  onClick: (event: MouseEvent<HTMLElement>, button?: HTMLButtonElement) => void;
} {
  const [pending, setPending] = useState<FormData | null>(null);
  const onClick = (event: MouseEvent<HTMLElement>, button = event.currentTarget as HTMLButtonElement) => {
    if (!enqueue) return;
    event.preventDefault();
    // The shell renders the form wherever these buttons are.
    const formData = fetcherFormData(button.form as HTMLFormElement, button);
    setPending(formData);
    enqueue({
      id: ++lastId,
      action: button.getAttribute("formaction") ?? "",
      formData,
      done: (result) => {
        setPending(null);
        onResult(result as ReactionResult<T>);
      },
    });
  };
  return { pending, onClick };
}
