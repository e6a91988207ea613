import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";

/** The catch-all route's id (app/routes.ts: `route("*", "routes/not-found.tsx")`). */
const CATCH_ALL_ROUTE = "routes/not-found";
/**
 * An address the client's routes do not know, reached by a navigation inside the app, is asked for once more as
 * a document. The client has every route of its build in its manifest (react-router.config.ts), so a tab opened
 * before a deploy does not know the routes added since: a link to one falls to the catch-all route and would show
 * an error the server, on the new build, does not have. The document request shows what the server has — the same
 * «Страница не найдена» for an address that is truly unknown. Only when the address is not the document's own (it
 * was reached in the app), and once per address (./reload-once.ts).
 */
export function useReloadUnknownRoute(): void {
  const { pathname, search } = useLocation();
  const unknown = useMatches().at(-1)?.id === CATCH_ALL_ROUTE;
  useEffect(() => {
    // The rest is its own chunk, loaded on this rare path only (not first-load JavaScript).
    // Offline it could not reload either: a failed import is dropped.
    if (unknown)
      import("./reload-once").then(
        (m) => m.reloadOnce(pathname + search),
        () => {},
      );
  }, [unknown, pathname, search]);
}
