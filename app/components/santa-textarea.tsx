import { type TextareaHTMLAttributes, useId } from "react";
import { FieldErrors } from "#app/components/form";

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name"> & {
  label: string;
  name: string;
  errors?: string[];
  hint?: string;
};

/** A labelled textarea with its hint and errors (the Secret Santa forms' long fields). */
export function SantaTextarea({ label, name, errors, hint, rows = 3, ...rest }: Props) {
  const id = `${useId()}-${name}`;
  const invalid = !!errors?.length;
  const describedBy =
    [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", invalid ? "field-invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
