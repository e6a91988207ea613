/*
 * The site's service worker: web push only (no caching). Registered by app/lib/push.ts as
 * `/sw.js?v=<SW_VERSION>`; VERSION below must equal SW_VERSION there: bump both whenever this file changes
 * (tests/integration/push.test.ts checks that they match). See docs/decisions/0016-web-push.md.
 *
 * A click on a notification:
 *   - with a tab of the site open: focuses it and posts {type: "notification-click", notification_id, url};
 *     the page (app/components/push-bridge.tsx) marks the notification viewed, then navigates to the URL;
 *   - with none: opens the URL with `?notification=<id>`, and the page does the same on load. The worker does
 *     not call the API itself: the API wants the csrftoken cookie echoed in a header, and a worker cannot read
 *     cookies.
 */
const VERSION = "1";
const ICON = "/favicon.svg";

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** The push payload {notification_id, title, body, url}, or null when it is not one of ours. */
function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (!data || typeof data.title !== "string") return null;
    return {
      notification_id: Number.isInteger(data.notification_id) ? data.notification_id : null,
      title: data.title,
      body: typeof data.body === "string" ? data.body : "",
      url: typeof data.url === "string" ? data.url : "/",
    };
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  // Every push must show a notification (userVisibleOnly); an unreadable one gets a plain text.
  const payload = readPayload(event) ?? { notification_id: null, title: "Костёр", body: "Новое уведомление.", url: "/" };
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: ICON,
      lang: "ru",
      tag: payload.notification_id === null ? "kostyor" : `notification-${payload.notification_id}`,
      data: { notification_id: payload.notification_id, url: payload.url, version: VERSION },
    }),
  );
});

/** A same-origin path for the URL (anything else opens the home page). */
function sitePath(url) {
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin !== self.location.origin) return "/";
    return target.pathname + target.search + target.hash;
  } catch {
    return "/";
  }
}

/** A tab that shows a page of the site (not a raw API answer or a media file), the focused one first. */
async function findSiteTab() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tabs = windows.filter((client) => {
    const url = new URL(client.url);
    return url.origin === self.location.origin && !/^\/(?:api|media|ws)\//.test(url.pathname);
  });
  return tabs.find((client) => client.focused) ?? tabs.find((client) => client.visibilityState === "visible") ?? tabs[0];
}

async function openNotification(data) {
  const id = data && Number.isInteger(data.notification_id) ? data.notification_id : null;
  const path = sitePath(data && typeof data.url === "string" ? data.url : "/");
  const tab = await findSiteTab();
  if (tab) {
    const focused = await tab.focus().catch(() => tab);
    (focused ?? tab).postMessage({ type: "notification-click", notification_id: id, url: path });
    return;
  }
  const target = new URL(path, self.location.origin);
  if (id !== null) target.searchParams.set("notification", String(id));
  await self.clients.openWindow(target.pathname + target.search + target.hash);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openNotification(event.notification.data));
});

// The push service rotated the subscription: subscribe again with the same key. The new endpoint reaches the
// server when a page of the site next loads (app/lib/push.ts syncs it); the old one answers 410 and is dropped.
self.addEventListener("pushsubscriptionchange", (event) => {
  const options = event.oldSubscription ? event.oldSubscription.options : null;
  if (!options || !options.applicationServerKey) return;
  event.waitUntil(
    self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: options.applicationServerKey })
      .catch(() => undefined),
  );
});
