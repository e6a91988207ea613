import { useEffect, useRef } from "react";
import { useNotice } from "./notices";
import { UNPIN_DONE } from "./pin-form";

/** The shout page's action as the cards, menus and lists see it: its address, its answer and the notice. */

export { shoutUrl } from "#workers/core/shouts/shouts.urls";

/** What a shout form's action answers a fetcher: the composer's, and the shout page's (app/routes/bonfire/shout.tsx). */
export interface ShoutFormResult {
  ok: boolean;
  intent?: string;
  message?: string;
  detail?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
}

/** The shout page's answer: a form's, plus the state a moderator's action left. */
export interface ShoutActionResult extends ShoutFormResult {
  is_pinned?: boolean;
  is_muted?: boolean;
  is_frozen?: boolean;
  deleted?: boolean;
}

/**
 * The notice after a shout action: the error, 'Закрепленная публикация убрана.' after an unpin, or the
 * action's own message. In a list the card (or the strip item) that sent the form is gone by the time the
 * result arrives (the list revalidated without it), so lists send through a keyed fetcher and the list itself,
 * which stays, listens with this hook.
 */
export function useShoutResultNotice(result: ShoutActionResult | undefined, onDeleted?: () => void) {
  const notice = useNotice();
  const deleted = useRef(onDeleted);
  deleted.current = onDeleted;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      notice.error("Не получилось.", result.detail);
      return;
    }
    if (result.intent === "pin" && result.is_pinned === false) notice.success(UNPIN_DONE);
    else if (result.message) notice.success(result.message);
    if (result.deleted) deleted.current?.();
  }, [result, notice]);
}
