import { useRootData } from "#app/lib/root-data";

/**
 * The hidden CSRF field every POST form carries (checked by readForm on the server): the page's token, so that a
 * plain (no-JS) form works. Pages from the shared guest cache carry no token in their HTML; with JavaScript the
 * form's data takes the visitor's own CSRF cookie and the tab's id as it is sent (fillFormFields, app/lib/api.ts).
 */
export function CsrfField() {
  const { csrf } = useRootData();
  return <input type="hidden" name="csrf" value={csrf} />;
}
