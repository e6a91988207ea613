import { lazy, Suspense, useEffect, useState } from "react";
import { useRootData } from "#app/lib/root-data";
import { useSidebars } from "./sidebars";

const NotificationsPanel = lazy(() => import("./notifications-panel"));

/**
 * Notifications sidebar (members only, spec §2). Its content — tabs, lists, live updates — is loaded the first
 * time it opens, so it costs nothing on a page's first load; until then an empty, hidden landmark holds its id
 * for the toggle's aria-controls. The unread counter lives in unread.tsx and is always live.
 */
export function NotificationsSidebar() {
  const { user } = useRootData();
  const sidebars = useSidebars();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (sidebars.notifications) setWanted(true);
  }, [sidebars.notifications]);
  if (!user) return null;
  const placeholder = (
    <aside
      id="sidebar-notifications"
      className={`sidebar sidebar-right${sidebars.notifications ? " is-open" : ""}`}
      aria-label="Уведомления"
      aria-busy={wanted}
      hidden={!sidebars.notifications}
    />
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationsPanel />
    </Suspense>
  );
}
