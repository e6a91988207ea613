import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A modal confirmation (native <dialog>): a question, a confirm and a cancel button. Only rendered with
 * JavaScript on; without it the forms it guards submit directly.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel = "Отмена",
  danger = true,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape cancels through onCancel; the click is the backdrop's
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={open ? "confirm-dialog-title" : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) cancels.
        if (event.target === ref.current) onCancel();
      }}
    >
      {open ? (
        <div className="confirm-dialog-box">
          <p className="confirm-dialog-title" id="confirm-dialog-title">
            {title}
          </p>
          {text ? <p className="confirm-dialog-text">{text}</p> : null}
          <div className="confirm-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className={danger ? "btn btn-danger" : "btn btn-primary"}
              onClick={onConfirm}
              // biome-ignore lint/a11y/noAutofocus: the dialog's main action takes the focus
              autoFocus
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A form that asks first (JavaScript on): `ask` as its onSubmit opens the dialog instead, and confirming
 * submits the form through `submit` (a fetcher's). Spread `dialog` into the <ConfirmDialog>. Without
 * JavaScript the form submits directly.
 */
export function useConfirmedSubmit(submit: (form: HTMLFormElement) => void) {
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  return {
    form,
    ask: (event: FormEvent) => {
      event.preventDefault();
      setOpen(true);
    },
    dialog: {
      open,
      onCancel: () => setOpen(false),
      onConfirm: () => {
        setOpen(false);
        if (form.current) submit(form.current);
      },
    },
  };
}
