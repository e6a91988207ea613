import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import { Link } from "#app/components/link";
import { useBackPath } from "#app/lib/back-path";
import { useHydrated } from "#app/lib/hooks";
import { SHOUT_TEXT_MAX } from "#workers/core/shouts/shouts.constants";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { CsrfField } from "./csrf-field";
import { asFailure, FieldErrors, FormErrors } from "./form";
import { type ShoutActionResult, shoutUrl } from "./shout-actions";

/** Inline editing of the text (author within the edit window, moderators): a fetcher, or a plain form. */
export function ShoutEditForm({ shout, onDone }: { shout: ShoutView; onDone: () => void }) {
  const fetcher = useFetcher<ShoutActionResult>();
  const hydrated = useHydrated();
  const actionData = useActionData();
  const back = useBackPath(`shout-${shout.id}`);
  const failure = asFailure(fetcher.data) ?? (hydrated ? null : asFailure(actionData, "edit-shout"));
  const pending = fetcher.state !== "idle";
  const fieldId = `shout-edit-${shout.id}`;
  const errors = failure?.errors.text;

  const done = useRef(onDone);
  done.current = onDone;
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) done.current();
  }, [result]);

  return (
    <fetcher.Form method="post" action={shoutUrl(shout.id)} className="shout-edit-form">
      <CsrfField />
      <input type="hidden" name="intent" value="edit-shout" />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={back} />}
      <label htmlFor={fieldId} className="visually-hidden">
        Текст записки
      </label>
      <textarea
        id={fieldId}
        name="text"
        rows={5}
        maxLength={SHOUT_TEXT_MAX}
        defaultValue={failure?.values?.text ?? shout.headline}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${fieldId}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the member asked to edit this text just now
        autoFocus
      />
      <FieldErrors id={`${fieldId}-error`} errors={errors} />
      <FormErrors failure={failure} fields={["text"]} />
      <div className="shout-edit-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Сохраняем…" : "Сохранить"}
        </button>
        {hydrated ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
            Отмена
          </button>
        ) : (
          <Link className="btn btn-ghost btn-sm" to={`${shoutUrl(shout.id)}#shout-${shout.id}`}>
            Отмена
          </Link>
        )}
      </div>
    </fetcher.Form>
  );
}
