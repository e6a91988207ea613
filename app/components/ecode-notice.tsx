import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { ECODES, isEcode } from "#workers/core/social/providers.constants";
import { useNotice } from "./notices";

/**
 * After a social sign-in the browser lands on the page it came from with `?ecode=` (spec §2, §8): the notice of
 * that outcome is shown once, and the parameter is removed from the address with history.replaceState (no reload,
 * no new history entry; React Router's own state in history is kept).
 */
export function EcodeNotice() {
  const location = useLocation();
  const notice = useNotice();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const ecode = params.get("ecode");
    if (!ecode) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("ecode");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    // One notice per landing, even if React runs the effect again for the same location.
    if (shown.current === location.key) return;
    shown.current = location.key;
    if (!isEcode(ecode)) return;
    const { type, title, text, duration } = ECODES[ecode];
    notice.show({ type, title, text: text || undefined, duration });
  }, [location.key, location.search, notice]);
  return null;
}
