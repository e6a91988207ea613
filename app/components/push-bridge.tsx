import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { afterIdle } from "#app/lib/idle";
import type { RootData } from "#app/lib/root-data";

/** The push helpers load after hydration: nothing of web push is in a page's first-load JavaScript. */
const push = () => import("#app/lib/push");

/**
 * The page's side of web push (spec §4; docs/decisions/0016-web-push.md). Mount once in the shell:
 *   - registers the service worker (/sw.js?v=…) at the first idle moment after hydration, for everyone;
 *   - for a member, re-sends this browser's push subscription once per page load (it may have rotated);
 *   - on the worker's {type: "notification-click"} message: marks the notification viewed, then navigates to its
 *     URL with React Router;
 *   - on a page opened by a click with no tab open (`?notification=<id>`): marks it viewed, then drops the
 *     parameter from the address with history.replaceState.
 */
export function usePushMessages(): void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const root = useRouteLoaderData("root") as RootData | undefined;
  const userId = root?.user?.id ?? null;
  const userIdRef = useRef(userId);
  userIdRef.current = userId;
  const { search } = useLocation();

  // Neither waits for anyone: both start at the first idle moment after hydration.
  useEffect(() => afterIdle(() => void push().then((p) => p.registerServiceWorker())), []);

  useEffect(() => {
    if (userId === null) return;
    return afterIdle(() => void push().then((p) => p.syncPushSubscription(userId)));
  }, [userId]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    const container = navigator.serviceWorker;
    async function onMessage(event: MessageEvent) {
      const p = await push();
      if (!p.isNotificationClick(event.data)) return;
      const { notification_id: id, url } = event.data;
      if (id !== null && userIdRef.current !== null) await p.markNotificationViewed(id);
      await navigateRef.current(p.sitePath(url));
    }
    const listener = (event: MessageEvent) => void onMessage(event);
    container.addEventListener("message", listener);
    // Messages sent before the listener existed are queued until this call.
    container.startMessages();
    return () => container.removeEventListener("message", listener);
  }, []);

  useEffect(() => {
    if (!/[?&]notification=/.test(search)) return;
    let cancelled = false;
    void (async () => {
      const p = await push();
      const id = p.notificationParam(search);
      if (id === null) return;
      if (userIdRef.current !== null) await p.markNotificationViewed(id);
      if (cancelled) return;
      const url = new URL(window.location.href);
      if (url.searchParams.get("notification") !== String(id)) return;
      url.searchParams.delete("notification");
      // React Router's own entry state is kept, so back/forward and scroll restoration still work.
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    })();
    return () => {
      cancelled = true;
    };
  }, [search]);
}

/** The same as a component, for a shell that prefers to render it: `<PushBridge />`. */
export function PushBridge(): null {
  usePushMessages();
  return null;
}
