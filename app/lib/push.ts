/**
 * Web push in the browser (docs/decisions/0016-web-push.md): the service worker, this device's push subscription,
 * and marking a notification viewed when its push is clicked. Browser-only: every function is safe to import on
 * the server and does nothing there.
 */
import { ApiError, api } from "./api";

/** Must equal `VERSION` in public/sw.js: bump both whenever that file changes. */
export const SW_VERSION = "1";
export const SW_URL = `/sw.js?v=${SW_VERSION}`;

/** The message public/sw.js posts to an open tab on a click. */
export interface NotificationClickMessage {
  type: "notification-click";
  notification_id: number | null;
  url: string;
}

export type PushState =
  /** No service worker, PushManager or Notification in this browser. */
  | "unsupported"
  /** The site has no VAPID key configured (GET /v1/push/key/ is 404). */
  | "unavailable"
  /** The member blocked notifications for the site. */
  | "denied"
  | "subscribed"
  | "unsubscribed";

export function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window &&
    window.isSecureContext
  );
}

let registering: Promise<ServiceWorkerRegistration | null> | undefined;

/** Registers /sw.js?v=… once per page load (for everyone); null where service workers are unavailable. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(SW_URL, { scope: "/" }).catch((error: unknown) => {
    console.warn("service worker registration failed", error);
    return null;
  });
  return registering;
}

async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!(await registerServiceWorker())) return null;
  return navigator.serviceWorker.ready;
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

async function fetchPublicKey(): Promise<string | null> {
  try {
    return (await api<{ public_key: string }>("/v1/push/key/")).public_key;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** This device's state, without asking the member anything. */
export async function getPushState(): Promise<PushState> {
  if (!isPushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await registerServiceWorker();
  if (!registration) return "unsupported";
  const subscription = await registration.pushManager.getSubscription();
  if (subscription && Notification.permission === "granted") return "subscribed";
  return (await fetchPublicKey().catch(() => "")) === null ? "unavailable" : "unsubscribed";
}

/**
 * For a member: asks permission, subscribes this browser with the site's VAPID key (GET /v1/push/key/) and
 * stores the subscription (POST /v1/push/subscription/). Throws ApiError when the server refuses.
 */
export async function subscribeToPush(): Promise<PushState> {
  if (!isPushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "unsubscribed";
  const publicKey = await fetchPublicKey();
  if (!publicKey) return "unavailable";
  const registration = await activeRegistration();
  if (!registration) return "unsupported";
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // The site's key changed: a subscription made with the old one can no longer be used.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api("/v1/push/subscription/", { method: "POST", json: subscription.toJSON() });
  return "subscribed";
}

/** Forgets this browser's subscription, on the server (DELETE /v1/push/subscription/) and in the browser. */
export async function unsubscribeFromPush(): Promise<PushState> {
  if (!isPushSupported()) return "unsupported";
  const registration = await registerServiceWorker();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await api("/v1/push/subscription/", { method: "DELETE", json: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return Notification.permission === "denied" ? "denied" : "unsubscribed";
}

let syncedFor: number | undefined;

/**
 * For a signed-in member, once per page load: sends this browser's existing subscription again. It may have
 * been rotated by the push service (public/sw.js re-subscribes on `pushsubscriptionchange`) or made while
 * another member was signed in here; the server upserts it by endpoint. Never throws.
 */
export async function syncPushSubscription(userId: number): Promise<void> {
  if (syncedFor === userId || !isPushSupported() || Notification.permission !== "granted") return;
  syncedFor = userId;
  try {
    const registration = await registerServiceWorker();
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) await api("/v1/push/subscription/", { method: "POST", json: subscription.toJSON() });
  } catch (error) {
    console.warn("push subscription sync failed", error);
  }
}

/** PATCH /api/v1/notification/{id}/view/; failures (a guest, a deleted notification) are ignored. */
export async function markNotificationViewed(id: number): Promise<void> {
  try {
    await api(`/v1/notification/${id}/view/`, { method: "PATCH" });
  } catch (error) {
    console.warn("could not mark the notification viewed", error);
  }
}

export function isNotificationClick(data: unknown): data is NotificationClickMessage {
  const message = data as Partial<NotificationClickMessage> | null;
  return !!message && message.type === "notification-click" && typeof message.url === "string";
}

/** The `?notification=<id>` a notification click opened this page with (public/sw.js), or null. */
export function notificationParam(search: string): number | null {
  const value = new URLSearchParams(search).get("notification");
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** A same-origin path for a URL from a push (anything else is the home page). */
export function sitePath(url: string): string {
  try {
    const target = new URL(url, window.location.origin);
    if (target.origin !== window.location.origin) return "/";
    return target.pathname + target.search + target.hash;
  } catch {
    return "/";
  }
}
