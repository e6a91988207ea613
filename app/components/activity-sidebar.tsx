import { lazy, Suspense, useEffect, useState } from "react";
import { useSidebars } from "./sidebars";

const ActivityPanel = lazy(() => import("./activity-panel"));

/**
 * Activity sidebar (spec §2, for everyone). Its content is loaded the first time it opens, so it costs nothing
 * on a page's first load; until then an empty, hidden landmark holds its id for the toggle's aria-controls.
 */
export function ActivitySidebar() {
  const sidebars = useSidebars();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (sidebars.activity) setWanted(true);
  }, [sidebars.activity]);
  const placeholder = (
    <aside
      id="sidebar-activity"
      className={`sidebar sidebar-left${sidebars.activity ? " is-open" : ""}`}
      aria-label="Активность"
      aria-busy={wanted}
      hidden={!sidebars.activity}
    />
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ActivityPanel />
    </Suspense>
  );
}
