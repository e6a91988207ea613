import { useEffect, useSyncExternalStore } from "react";
import { afterIdle } from "#app/lib/idle";
import { useRootData } from "#app/lib/root-data";
import { useRealtimeEvent } from "#app/realtime/provider";
import { counter, pluralize } from "#workers/core/shared/plural";
import { NOTICE_HEADER_MS, useNotice } from "./notices";

/**
 * The member's unread notifications count, shared by the toolbar (desktop and mobile) and the notifications
 * sidebar: a small store in this tab, seeded from the root loader (`unread`) each time it runs and moved by
 * the notification list, the realtime events and the member's own actions. It also drives the favicon badge
 * and the app badge (spec §4 "Notification viewing", §9 "badge queue max 100; indicator counts capped at 99").
 *
 * The store is written only in the browser (effects and handlers); server rendering uses the loader's value.
 */

let live: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Sets the count (never below 0). */
export function setUnread(count: number): void {
  const next = Math.max(0, Math.floor(Number.isFinite(count) ? count : 0));
  if (next === live) return;
  live = next;
  for (const listener of listeners) listener();
}

/** The current count: the live one once the tab knows it, the root loader's before that; 0 for a guest. */
export function useUnread(): number {
  const root = useRootData();
  const seeded = root.user ? (root.unread ?? 0) : 0;
  // The snapshot is the count shown, not the store's raw value: seeding the store with the loader's count (an
  // effect of the toolbar's, right after hydration) then changes nothing, and React renders nothing again.
  return useSyncExternalStore(
    subscribe,
    () => (root.user ? (live ?? seeded) : 0),
    () => seeded,
  );
}

/** "3 непрочитанных" (nothing while all are read). */
export function unreadCount(count: number): string {
  return count > 0 ? pluralize(count, ["непрочитанное", "непрочитанных", "непрочитанных"]) : "";
}

/** "Уведомления, 3 непрочитанных" — the accessible name of a notifications toggle. */
export function unreadLabel(count: number): string {
  return count > 0 ? `Уведомления, ${unreadCount(count)}` : "Уведомления";
}

/** The counter on a notifications toggle ("99+" above 99); nothing while all are read. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge" aria-hidden="true">
      {counter(count)}
    </span>
  );
}

// ─── favicon and app badge ─────────────────────────────────────────────────────────────────────────

/** Spec §9: at most this many badge updates wait; older ones are dropped (only the latest matters). */
export const BADGE_QUEUE_MAX = 100;
const FAVICON_SIZE = 64;

const queue: number[] = [];
let draining = false;
let original: { href: string; type: string | null } | null = null;
let baseImage: Promise<HTMLImageElement> | null = null;

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`favicon ${src} did not load`));
    image.src = src;
  });
}

/** Draws the count onto the site icon with a canvas and swaps the <link rel=icon> href; 0 restores it. */
async function drawFavicon(count: number): Promise<void> {
  const link = iconLink();
  if (!link) return;
  original ??= { href: link.getAttribute("href") ?? "/favicon.svg", type: link.getAttribute("type") };
  if (count <= 0) {
    link.href = original.href;
    if (original.type) link.type = original.type;
    return;
  }
  baseImage ??= loadImage(original.href);
  const image = await baseImage;
  const canvas = document.createElement("canvas");
  canvas.width = FAVICON_SIZE;
  canvas.height = FAVICON_SIZE;
  const context = canvas.getContext("2d");
  if (!context) return;
  context.drawImage(image, 0, 0, FAVICON_SIZE, FAVICON_SIZE);
  const text = counter(count);
  const height = 36;
  const width = Math.max(height, 14 + text.length * 16);
  const x = FAVICON_SIZE - width;
  const y = FAVICON_SIZE - height;
  context.fillStyle = "#e5484d";
  context.beginPath();
  context.roundRect(x, y, width, height, height / 2);
  context.fill();
  context.fillStyle = "#ffffff";
  context.font = `bold ${text.length > 2 ? 24 : 28}px system-ui, sans-serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(text, x + width / 2, y + height / 2 + 1);
  link.type = "image/png";
  link.href = canvas.toDataURL("image/png");
}

/** The installed app's badge (Badging API), where the browser has one. */
async function setAppBadge(count: number): Promise<void> {
  const nav = navigator as Navigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  if (count > 0) await nav.setAppBadge?.(count);
  else await nav.clearAppBadge?.();
}

async function drain(): Promise<void> {
  draining = true;
  try {
    for (let count = queue.shift(); count !== undefined; count = queue.shift()) {
      const results = await Promise.allSettled([drawFavicon(count), setAppBadge(count)]);
      for (const r of results) if (r.status === "rejected") console.warn("badge update failed", r.reason);
    }
  } finally {
    draining = false;
  }
}

/** Queues one badge update (the favicon and the app badge), keeping at most BADGE_QUEUE_MAX waiting. */
export function queueBadge(count: number): void {
  queue.push(count);
  if (queue.length > BADGE_QUEUE_MAX) queue.splice(0, queue.length - BADGE_QUEUE_MAX);
  if (!draining) void drain();
}

/**
 * Mount once (the desktop toolbar does): seeds the store from each run of the root loader and keeps the
 * favicon and app badges equal to the count.
 */
export function useUnreadBadges(): number {
  const root = useRootData();
  const count = useUnread();
  useEffect(() => {
    setUnread(root.user ? (root.unread ?? 0) : 0);
  }, [root]);
  // The icon is redrawn when the browser is idle: not in hydration's task, with every other mount effect.
  useEffect(() => afterIdle(() => queueBadge(count)), [count]);
  // Every notification event carries the member's unread count after it.
  useRealtimeEvent(
    ["notification_created", "notification_viewed", "notification_deleted", "notification_viewed_all"],
    (event) => {
      if (root.user) setUnread(event.obj.unread);
    },
  );
  return count;
}

/**
 * A notification that arrives while the notifications sidebar is closed is announced in the header area for
 * 3 s (spec §9): what happened and its excerpt. With the sidebar open the new item shows there instead.
 */
export function useNotificationNotices(sidebarOpen: boolean): void {
  const root = useRootData();
  const notice = useNotice();
  useRealtimeEvent(["notification_created"], (event) => {
    if (!root.user || sidebarOpen) return;
    const item = event.obj;
    const title = [item.pre_title, item.title].filter(Boolean).join(" ").trim() || "Новое уведомление";
    notice.show({ type: "info", title, text: item.message || undefined, duration: NOTICE_HEADER_MS });
  });
}
