import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";

/** The catch-all route's id (app/routes.ts: `route("*", "routes/not-found.tsx")`). */
const CATCH_ALL_ROUTE = "routes/not-found";
/** The address last asked for again (sessionStorage): never twice in a row, whatever the browser reports. */
const RELOADED_KEY = "unknown-route-reloaded";

/**
 * An address the client's routes do not know, reached by a navigation inside the app, is asked for once more as
 * a document. The client has every route of its build in its manifest (react-router.config.ts), so a tab opened
 * before a deploy does not know the routes added since: a link to one falls to the catch-all route and would show
 * an error the server, on the new build, does not have. The document request shows what the server has — the same
 * «Страница не найдена» for an address that is truly unknown. Only when the address is not the document's own (it
 * was reached in the app), and once per address.
 */
export function useReloadUnknownRoute(): void {
  const { pathname, search } = useLocation();
  const unknown = useMatches().at(-1)?.id === CATCH_ALL_ROUTE;
  useEffect(() => {
    if (!unknown) return;
    const [entry] = performance.getEntriesByType("navigation");
    if (!entry) return;
    const loaded = new URL(entry.name);
    // Parsed as the browser parses addresses, so that "/теги" and "/%D1%82%D0%B5…" are the same one.
    const here = new URL(pathname + search, loaded);
    if (here.pathname === loaded.pathname && here.search === loaded.search) return;
    try {
      if (sessionStorage.getItem(RELOADED_KEY) === here.href) return;
      sessionStorage.setItem(RELOADED_KEY, here.href);
    } catch {
      return; // No storage, no guard: the page stays as it is.
    }
    window.location.reload();
  }, [unknown, pathname, search]);
}
