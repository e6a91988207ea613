import type { FormEvent } from "react";
import type { FetcherSubmitFunction } from "react-router";

/**
 * A form's data as its fetcher sends it: without the fields only a plain form (no JavaScript) needs — the way back
 * and the `nojs` mark — which the action answers with a redirect.
 */
export function fetcherFormData(form: HTMLFormElement, submitter?: HTMLElement | null): FormData {
  const data = new FormData(form, submitter);
  data.delete("redirectTo");
  data.delete("nojs");
  return data;
}

/**
 * Sends a submitted form through its fetcher instead. The form keeps its plain-form fields in the markup, so it
 * renders the same before and after hydration (no swap once hydrated). For forms whose submit button has no
 * name or value of its own (a button's are `fetcherFormData`'s second argument).
 */
export function submitThroughFetcher(
  event: FormEvent<HTMLFormElement>,
  submit: FetcherSubmitFunction,
  action: string,
): void {
  event.preventDefault();
  void submit(fetcherFormData(event.currentTarget), { method: "post", action });
}
