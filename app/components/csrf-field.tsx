import { CLIENT_FIELD, clientId, csrfToken } from "#app/lib/api";
import { useHydrated } from "#app/lib/hooks";
import { useRootData } from "#app/lib/root-data";

/**
 * The hidden CSRF field every POST form carries (checked by readForm on the server). Pages from the shared guest
 * cache carry no token in their HTML; once hydrated, the field takes the visitor's own CSRF cookie (csrfToken).
 * With JavaScript the form also names the tab, so the realtime events it causes are not echoed back to it.
 */
export function CsrfField() {
  const { csrf } = useRootData();
  const hydrated = useHydrated();
  const token = hydrated ? csrfToken() || csrf : csrf;
  return (
    <>
      <input type="hidden" name="csrf" value={token} />
      {hydrated ? <input type="hidden" name={CLIENT_FIELD} value={clientId()} /> : null}
    </>
  );
}
