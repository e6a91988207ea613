import { type FormEvent, useEffect, useState } from "react";
import { type FetcherSubmitFunction as FetcherSubmit, useLocation } from "react-router";
import { useButtonFetcher } from "#app/lib/hooks";
import { useRootData } from "#app/lib/root-data";
import { useRealtimeEvent } from "#app/realtime/provider";
import { announce } from "./announcer";
import { CsrfField } from "./csrf-field";
import { IconPaw } from "./icons";
import { useNotice } from "./notices";

interface PawResult {
  ok: boolean;
  pwnd?: number;
  ownd?: 1 | -1 | 0;
  detail?: string;
}

export const GUEST_NOTICE_TITLE = "Войдите на сайт.";

/** What can be pawed (spec §4 realtime: like created/deleted for post, comment, shout, shout_comment). */
export type PawItemType = "post" | "comment" | "shout" | "shout_comment";

/** Query parameters that scroll or open a form once; a form coming back to the page drops them. */
const ONE_OFF_PARAMS = ["comment", "comments", "reply", "edit"];

/** The page without its one-off parameters, per location: worked out once for the hundred buttons of a page. */
const backPaths = new WeakMap<object, string>();

/** The current page (without one-off parameters) and an anchor: where a plain (no-JS) form comes back to. */
export function useBackPath(anchor?: string): string {
  const location = useLocation();
  let path = backPaths.get(location);
  if (path === undefined) {
    const params = new URLSearchParams(location.search);
    for (const name of ONE_OFF_PARAMS) params.delete(name);
    path = `${location.pathname}${params.size ? `?${params}` : ""}`;
    backPaths.set(location, path);
  }
  return anchor ? `${path}#${anchor}` : path;
}

/** The id of the page's one paw form (PawForm, rendered by the shell). */
export const PAW_FORM_ID = "paw-form";

/**
 * The one form every paw button of a page submits: the CSRF token and the way back once per page instead of once
 * per item (a 100-comment post had 101 paw forms, a third of its elements). Each button names its item and the
 * element to come back to in its own `formaction` (the action reads them from the query). A plain form: it works
 * without JavaScript; with it, a paw button sends the same data through its own fetcher.
 */
export function PawForm() {
  const back = useBackPath();
  return (
    <form id={PAW_FORM_ID} method="post" action="/reactions/paw" hidden>
      <CsrfField />
      <input type="hidden" name="redirectTo" value={back} />
    </form>
  );
}

/**
 * Paws of a post, a shout or a comment under either: the up paw, the down paw (only while `is_paw_down_enabled`) and the score
 * `pwnd`; the member's own paw (`ownd`) is highlighted. Each paw is a button of the page's PawForm: a fetcher with
 * JavaScript, the plain form without (it comes back to the page, at `anchor`). Guests get the notice
 * 'Войдите на сайт.' (with JavaScript) or the sign-in page (without). The author's own item shows the
 * score only.
 */
export function PawButton({
  itemId,
  itemType,
  pwnd,
  ownd,
  isOwn = false,
  anchor,
  size = "md",
}: {
  itemId: number;
  itemType: PawItemType;
  pwnd: number;
  ownd: number;
  isOwn?: boolean;
  /** The element id the no-JS form returns to (e.g. "comment-12"). */
  anchor?: string;
  size?: "sm" | "md";
}) {
  const { user, config } = useRootData();
  const fetcher = useButtonFetcher<PawResult>();
  const notice = useNotice();
  const [state, setState] = useState({ pwnd, ownd });

  // New figures from the loader replace the shown ones; on mount they are the shown ones, and keeping the same
  // state object spares a render of every paw button of the page right after hydration.
  useEffect(() => setState((s) => (s.pwnd === pwnd && s.ownd === ownd ? s : { pwnd, ownd })), [pwnd, ownd]);
  // Paws given elsewhere arrive through the channel: the score for everyone, the own paw for the member's other tabs.
  useRealtimeEvent(["like_created", "like_deleted"], (event) => {
    const like = event.obj;
    if (like.item_type !== itemType || like.item_id !== itemId) return;
    setState((s) => ({ pwnd: like.pwnd, ownd: user && like.user_id === user.id ? like.ownd : s.ownd }));
  });
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok && result.pwnd !== undefined) {
      setState({ pwnd: result.pwnd, ownd: result.ownd ?? 0 });
      announce(`Счёт лапок: ${result.pwnd}`);
    } else if (!result.ok) notice.error("Лапка не поставлена.", result.detail);
  }, [result, notice]);

  // While a paw is on its way, show what it will most likely do.
  let shown = state;
  if (fetcher.formData) {
    const negative = fetcher.formData.get("is_negative") === "true";
    const want = negative ? -1 : 1;
    const ownNext = state.ownd === want ? 0 : want;
    shown = { pwnd: state.pwnd - state.ownd + ownNext, ownd: ownNext };
  }

  const downEnabled = config.is_paw_down_enabled;
  const disabled = isOwn || fetcher.state !== "idle";
  const scoreClass = shown.pwnd > 0 ? " is-positive" : shown.pwnd < 0 ? " is-negative" : "";

  const action = `${reactionAction("paw", itemType, itemId)}${anchor ? `&anchor=${anchor}` : ""}`;

  // With JavaScript: the page's paw form's data (the CSRF token) and the pressed paw, through this paw's fetcher.
  function send(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (!user) {
      notice.info(GUEST_NOTICE_TITLE, "Зарегистрируйтесь или войдите на сайт, чтобы ставить лапки.", 5000);
      return;
    }
    const button = event.currentTarget;
    const data = button.form ? new FormData(button.form, button) : new FormData();
    data.set(button.name, button.value);
    data.delete("redirectTo");
    void fetcher.submit(data, { method: "post", action });
  }

  const paw = (negative: boolean) => {
    const active = shown.ownd === (negative ? -1 : 1);
    const label = isOwn
      ? "Свои записи оценивать нельзя"
      : negative
        ? active
          ? "Убрать лапку вниз"
          : "Лапка вниз"
        : active
          ? "Убрать лапку"
          : "Лапка вверх";
    return (
      <button
        type="submit"
        form={PAW_FORM_ID}
        formAction={action}
        name="is_negative"
        value={negative ? "true" : "false"}
        className={`paw-btn${negative ? " paw-down" : " paw-up"}${active ? " is-active" : ""}`}
        aria-pressed={active}
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={send}
      >
        <IconPaw size={size === "sm" ? 16 : 18} />
      </button>
    );
  };

  // Both paws submit the page's paw form: the item in the button's action, the direction in its value.
  return (
    <div className={`paws paws-${size}`}>
      {paw(false)}
      <span className={`paw-score${scoreClass}`} title="Лапки">
        {shown.pwnd}
        <span className="visually-hidden"> — счёт лапок</span>
      </span>
      {downEnabled ? paw(true) : null}
    </div>
  );
}

/**
 * The action URL of a reaction form: the item in the query, so that each of the many forms of a page carries one
 * hidden field (the CSRF token) instead of three (app/routes/reactions/reaction-utils.ts reads both).
 */
export function reactionAction(kind: "paw" | "bookmark", itemType: string, itemId: number): string {
  return `/reactions/${kind}?item_type=${itemType}&item_id=${itemId}`;
}

/**
 * With JavaScript a reaction form goes through its fetcher (no navigation): the pressed button's name and value
 * (the paw's direction) go with it, `redirectTo` (the way back of a plain form) does not — the action would
 * redirect the fetcher.
 */
export function submitWithFetcher(event: FormEvent<HTMLFormElement>, submit: FetcherSubmit): void {
  event.preventDefault();
  const form = event.currentTarget;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const data = new FormData(form, submitter instanceof HTMLButtonElement ? submitter : null);
  data.delete("redirectTo");
  void submit(data, { method: "post", action: form.getAttribute("action") ?? undefined });
}
