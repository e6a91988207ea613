import { useEffect } from "react";
import { afterIdle } from "./idle";

/**
 * Imports, at idle, the route modules of the actions the page's forms post to, and keeps doing so as the page
 * changes (./action-modules.ts, loaded then: it is not first-load JavaScript). Used once, by the root, which stays
 * for the page's life: the watch is not stopped.
 */
export function useActionModulesAhead(): void {
  useEffect(
    () =>
      afterIdle(() => {
        import("./action-modules").then(
          (m) => m.watchActionModules(),
          () => {},
        );
      }),
    [],
  );
}
