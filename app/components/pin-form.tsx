import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useBackPath } from "#app/lib/back-path";
import { useHydrated } from "#app/lib/hooks";
import { ConfirmDialog, useConfirmedSubmit } from "./confirm-dialog";
import { CsrfField } from "./csrf-field";
import { IconPin } from "./icons";
import { useNotice } from "./notices";

export const UNPIN_QUESTION = "Убрать закрепленную публикацию?";
export const UNPIN_DONE = "Закрепленная публикация убрана.";

/**
 * A moderator's pin toggle (intent "pin" to the page action at `action`: a post's or a shout's). Unpinning
 * asks 'Убрать закрепленную публикацию?' first (JavaScript on); without JavaScript it is a plain POST form that
 * comes back to this page. `compact` is the strips' icon button. On a strip the form leaves with its item, so
 * the strip's keyed fetcher (`fetcherKey`) carries the result and the strip reports it; elsewhere the form does.
 */
export function PinForm({
  action,
  isPinned,
  className,
  compact = false,
  fetcherKey,
  unpinLabel = "Убрать из закреплённых",
}: {
  action: string;
  isPinned: boolean;
  className?: string;
  compact?: boolean;
  fetcherKey?: string;
  /** The compact button's accessible name. */
  unpinLabel?: string;
}) {
  const fetcher = useFetcher<PinResult>(fetcherKey ? { key: fetcherKey } : undefined);
  usePinResultNotice(fetcherKey ? undefined : fetcher.data);
  const hydrated = useHydrated();
  const back = useBackPath();
  const unpin = useConfirmedSubmit((form) => fetcher.submit(form));
  // A strip's fetcher is shared by its items: only this item's request disables this button.
  const pending = fetcher.state !== "idle" && (!fetcherKey || fetcher.formAction === action);
  const label = isPinned ? "Открепить" : "Закрепить";
  return (
    <>
      <fetcher.Form
        ref={unpin.form}
        method="post"
        action={action}
        className={className ?? "pin-form"}
        onSubmit={isPinned ? unpin.ask : undefined}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="pin" />
        {hydrated ? null : <input type="hidden" name="redirectTo" value={back} />}
        <button
          type="submit"
          className={compact ? "pinned-unpin" : "btn btn-ghost btn-sm"}
          disabled={pending}
          title={isPinned ? "Убрать из закреплённых" : "Закрепить на главной"}
          aria-label={compact ? unpinLabel : undefined}
        >
          <IconPin />
          {compact ? null : <span>{pending ? "Сохраняем…" : label}</span>}
        </button>
      </fetcher.Form>
      {hydrated ? (
        <ConfirmDialog {...unpin.dialog} title={UNPIN_QUESTION} confirmLabel="Убрать" cancelLabel="Отмена" />
      ) : null}
    </>
  );
}

/** The fetcher result of a pin toggle's page action. */
export interface PinResult {
  ok: boolean;
  is_pinned?: boolean;
  detail?: string;
}

/** Reports a pin toggle's result: the error, 'Закрепленная публикация убрана.' or 'Публикация закреплена.'. */
export function usePinResultNotice(result: PinResult | undefined) {
  const notice = useNotice();
  useEffect(() => {
    if (!result) return;
    if (!result.ok) notice.error("Не получилось.", result.detail);
    else if (result.is_pinned === false) notice.success(UNPIN_DONE);
    else if (result.is_pinned) notice.success("Публикация закреплена.");
  }, [result, notice]);
}
