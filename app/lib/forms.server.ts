import { data } from "react-router";
import { CLIENT_FIELD } from "#app/lib/api";
import { AppError } from "#workers/core/errors";
import { appContext } from "#workers/platform/app-context";
import type { RequestContext } from "#workers/platform/context";
import { CSRF_FIELD, checkCsrf } from "#workers/platform/csrf";

type ContextLike = { get: <T>(key: import("react-router").RouterContext<T>) => T };

/** The request context built by the Worker (db, actor, clock …) for a loader or action. */
export function getCtx(context: ContextLike): RequestContext {
  return context.get(appContext);
}

/**
 * Reads a form body and checks its hidden CSRF field against the cookie (403 AppError otherwise). Both
 * `application/x-www-form-urlencoded` and `multipart/form-data` bodies (file uploads, with or without
 * JavaScript) are read; take the files with `formFiles` and repeated fields with `formList`.
 */
export async function readForm(request: Request, ctx: RequestContext): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("invalid", "Не удалось прочитать форму.");
  }
  const sent = form.get(CSRF_FIELD);
  checkCsrf(request, ctx.csrfCookie, typeof sent === "string" ? sent : null);
  // A form posted by a hydrated page names its tab (forms cannot send a `From` header): events it causes carry it.
  const from = form.get(CLIENT_FIELD);
  if (!ctx.clientId && typeof from === "string" && from) ctx.clientId = from.slice(0, 100);
  return form;
}

/**
 * The files sent under `name` in a multipart form. A file input left empty still sends one nameless, empty
 * part; those are left out, so `[]` means "no files".
 */
export function formFiles(form: FormData, name: string): File[] {
  return form.getAll(name).filter((value): value is File => typeof value !== "string" && value.size > 0);
}

/** Every string value of a repeated field (e.g. one caption per picture), in the order sent. */
export function formList(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}

/** Plain object of a form's string fields (files and the CSRF field left out). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && key !== CSRF_FIELD && key !== CLIENT_FIELD) out[key] = value;
  }
  return out;
}

export interface ActionFailure {
  ok: false;
  detail: string;
  errors: Record<string, string[]>;
  /** What the member typed (never passwords), so nothing is lost on an error. */
  values?: Record<string, string>;
}

/**
 * Runs an action body; an AppError becomes `{ok: false, detail, errors}` with its HTTP status, so a form
 * re-renders with field-by-field Russian messages (JavaScript or not). Redirects and other responses pass.
 * `values` may be a function, read after the body ran (for actions that parse the form inside `fn`).
 */
export async function runAction<T>(
  fn: () => Promise<T>,
  values?: Record<string, string> | (() => Record<string, string> | undefined),
): Promise<T | ReturnType<typeof data<ActionFailure>>> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) {
      const typed = typeof values === "function" ? values() : values;
      const safeValues = typed
        ? Object.fromEntries(Object.entries(typed).filter(([k]) => !k.toLowerCase().includes("password")))
        : undefined;
      const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
      return data<ActionFailure>(
        { ok: false, detail: error.message, errors: error.errors ?? {}, values: safeValues },
        { status: error.status, headers },
      );
    }
    throw error;
  }
}

/**
 * Throws an AppError from a loader, or from a plain form's action whose route's loader redirects (sign-out, paws,
 * ignores), as the matching HTTP response for the error boundary.
 */
export function loaderError(error: unknown): never {
  if (error instanceof AppError) throw data({ detail: error.message }, { status: error.status });
  throw error;
}
