import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";

/** The catch-all route's id (app/routes.ts: `route("*", "routes/not-found.tsx")`). */
const CATCH_ALL_ROUTE = "routes/not-found";

/**
 * An address the client's routes do not know, reached by a navigation inside the app, is asked for once more as
 * a document. The client has every route of its build in its manifest (react-router.config.ts), so a tab opened
 * before a deploy does not know the routes added since: a link to one falls to the catch-all route and would show
 * an error the server, on the new build, does not have. The document request shows what the server has — the same
 * «Страница не найдена» for an address that is truly unknown. Only while the address differs from the document's
 * own (it was reached in the app), so it happens once.
 */
export function useReloadUnknownRoute(): void {
  const location = useLocation();
  const unknown = useMatches().at(-1)?.id === CATCH_ALL_ROUTE;
  useEffect(() => {
    if (!unknown) return;
    const [entry] = performance.getEntriesByType("navigation");
    if (!entry) return;
    const document = new URL(entry.name);
    if (document.pathname + document.search !== location.pathname + location.search) window.location.reload();
  }, [unknown, location]);
}
