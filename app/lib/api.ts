/**
 * The one way the browser calls the JSON API (spec §7): base path /api, JSON body, the tab's client id in
 * `From` (realtime echoes carrying it are ignored by this tab) and the CSRF cookie echoed as X-CSRFTOKEN.
 */

let tabClientId: string | undefined;

/** The form field that carries the tab's client id in plain form posts (they cannot send `From`); see readForm. */
export const CLIENT_FIELD = "_from";

/** A random id for this tab, stable until the page is reloaded. */
export function clientId(): string {
  tabClientId ??= crypto.randomUUID();
  return tabClientId;
}

function readCookie(name: string): string {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie)?.[1] ?? "";
}

/**
 * The CSRF token to echo: the `__Host-csrftoken` cookie on https (the `__Host-` prefix needs a Secure cookie),
 * `csrftoken` on plain-http localhost. The server signs it for this browser's session and rotates it at sign-in
 * and sign-out, so it is read afresh for every request.
 */
export function csrfToken(): string {
  return readCookie("__Host-csrftoken") || readCookie("csrftoken");
}

/**
 * Every form with a CSRF field (app/components/csrf-field.tsx) that this tab sends carries the visitor's current
 * token — the cookie's, which a page from the shared guest cache lacks in its HTML and a sign-in rotates — and the
 * tab's id (CLIENT_FIELD), so the realtime events it causes are not echoed back to it. Set as the form's data is
 * made (the `formdata` event: React Router's submissions, fetchers and plain submits alike), not by re-rendering
 * every field once the page has hydrated. Returns the uninstaller.
 */
export function fillFormFields(): () => void {
  const onFormData = (event: FormDataEvent) => {
    if (!event.formData.has("csrf")) return;
    const token = csrfToken();
    if (token) event.formData.set("csrf", token);
    event.formData.set(CLIENT_FIELD, clientId());
  };
  // Capture: the event is fired at the form and does not bubble.
  document.addEventListener("formdata", onFormData, true);
  return () => document.removeEventListener("formdata", onFormData, true);
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, detail: string, errors: Record<string, string[]> = {}) {
    super(detail);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }
}

export async function api<T = unknown>(
  path: string,
  options: { method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { From: clientId(), Accept: "application/json" };
  const method = options.method ?? "GET";
  if (method !== "GET") headers["X-CSRFTOKEN"] = csrfToken();
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "Нет связи с сервером. Проверьте подключение к интернету.");
  }
  const body = (await response.json().catch(() => null)) as {
    detail?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (!response.ok) {
    throw new ApiError(response.status, body?.detail ?? "Что-то пошло не так.", body?.errors ?? {});
  }
  return body as T;
}
