import type { FormFailure } from "./action-result";

interface FormErrorsProps {
  failure: FormFailure | null;
  /** Fields the form shows errors for itself; every other message is listed here. */
  fields?: readonly string[];
}

/**
 * Errors that belong to no field of the form: `non_field_errors`, errors of fields the form does not show,
 * or, when there are none of those, the failure's `detail` (CSRF, rate limit, forbidden …).
 */
export function FormErrors({ failure, fields = [] }: FormErrorsProps) {
  if (!failure) return null;
  const shown = new Set(fields);
  const messages: string[] = [];
  for (const [field, list] of Object.entries(failure.errors ?? {})) {
    if (shown.has(field)) continue;
    for (const message of list) if (!messages.includes(message)) messages.push(message);
  }
  const hasFieldErrors = Object.keys(failure.errors ?? {}).some((field) => shown.has(field));
  if (!messages.length && !hasFieldErrors && failure.detail) messages.push(failure.detail);
  if (!messages.length) return null;
  return (
    <div className="form-errors" role="alert">
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The confirmation after a successful action, next to its form. */
export function SuccessMessage({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="success" role="status">
      {message}
    </p>
  );
}
