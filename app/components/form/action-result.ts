/**
 * The shapes a form action returns (see app/lib/forms.server.ts `runAction`), and small readers for them.
 * Structural copies so client code never imports a `.server` module.
 */
export interface FormFailure {
  ok: false;
  detail: string;
  errors: Record<string, string[]>;
  /** What the member typed (never passwords). `values.intent` names the form that failed. */
  values?: Record<string, string>;
}

export interface FormSuccess {
  ok: true;
  /** Which form of a page succeeded (settings has several). */
  intent?: string;
  message: string;
}

export type FormResult = FormFailure | FormSuccess;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The failure, if the action data is one (optionally only for the form with this intent). */
export function asFailure(result: unknown, intent?: string): FormFailure | null {
  if (!isRecord(result) || result.ok !== false) return null;
  const failure = result as unknown as FormFailure;
  if (intent !== undefined && failure.values?.intent !== intent) return null;
  return failure;
}

/** The success, if the action data is one (optionally only for the form with this intent). */
export function asSuccess(result: unknown, intent?: string): FormSuccess | null {
  if (!isRecord(result) || result.ok !== true || typeof result.message !== "string") return null;
  const success = result as unknown as FormSuccess;
  if (intent !== undefined && success.intent !== intent) return null;
  return success;
}

export function errorsFor(failure: FormFailure | null, name: string): string[] {
  return failure?.errors[name] ?? [];
}

/** The value the member typed before an error, to put back into the field. */
export function valueFor(failure: FormFailure | null, name: string): string | undefined {
  return failure?.values?.[name];
}
