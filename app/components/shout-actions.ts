import { useEffect, useRef } from "react";
import { useNotice } from "./notices";
import { UNPIN_DONE } from "./pin-form";

/** The shout page's action as the cards, menus and lists see it: its address, its answer and the notice. */

export function shoutUrl(id: number): string {
  return `/bonfire/${id}`;
}

/** What the shout page's action answers a fetcher (see app/routes/bonfire/shout.tsx). */
export interface ShoutActionResult {
  ok: boolean;
  intent?: string;
  message?: string;
  detail?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
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
