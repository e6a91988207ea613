import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

interface FieldErrorsProps {
  id: string;
  errors?: string[];
}

/** The messages under a field, announced with the field through aria-describedby. */
export function FieldErrors({ id, errors }: FieldErrorsProps) {
  if (!errors?.length) return null;
  return (
    <ul className="field-error" id={id}>
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name"> & {
  label: ReactNode;
  name: string;
  errors?: string[];
  /** A short explanation under the input. */
  hint?: ReactNode;
};

/** A labelled input with its errors. */
export function Field({ label, name, errors, hint, id, className, type = "text", ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const invalid = !!errors?.length;
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", invalid ? "field-invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        name={name}
        type={type}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> & {
  label: ReactNode;
  name: string;
  errors?: string[];
  children: ReactNode;
};

/** A labelled select with its errors. */
export function SelectField({ label, name, errors, id, className, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? `${generated}-${name}`;
  const errorId = `${selectId}-error`;
  const invalid = !!errors?.length;
  return (
    <div className={["field", invalid ? "field-invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type"> & {
  label: ReactNode;
  name: string;
  errors?: string[];
};

/** A checkbox with its label on the right. An unchecked box sends nothing: the action reads that as false. */
export function CheckboxField({ label, name, errors, id, className, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-${name}`;
  const errorId = `${inputId}-error`;
  const invalid = !!errors?.length;
  return (
    <div className={["field", "field-checkbox", invalid ? "field-invalid" : null, className].filter(Boolean).join(" ")}>
      <input
        id={inputId}
        type="checkbox"
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...input}
      />
      <label htmlFor={inputId}>{label}</label>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
