import { z } from "zod";

/** Push subscriptions kept per member; subscribing on one more device forgets the oldest. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;
/** Consecutive failed deliveries (no success in between) after which a subscription is dropped. */
export const MAX_PUSH_FAILURES = 10;
export const ENDPOINT_MAX = 2048;

/** Decodes base64url (padding optional); null when the text is not base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const plain = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (plain.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(plain + "=".repeat((4 - (plain.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * A push service's endpoint: an https URL on a public host name. The Worker POSTs to it, so hosts that name
 * no push service (localhost, bare IP addresses, single-label and local names) are refused.
 */
export function isPushEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== "https:" || url.username || url.password) return false;
  if (!host.includes(".") || host.startsWith("[") || /^[\d.]+$/.test(host)) return false;
  return !/(?:^|\.)(?:localhost|local|internal|localdomain)$/.test(host);
}

const base64UrlKey = (bytes: number, message: string, test: (key: Uint8Array) => boolean = () => true) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => {
      const key = decodeBase64Url(value);
      return key !== null && key.length === bytes && test(key);
    }, message)
    // Stored unpadded, as browsers give it.
    .transform((value) => value.replace(/=+$/, ""));

/** POST /v1/push/subscription/: `PushSubscription.toJSON()` as the browser gives it. */
export const ZPushSubscription = z.object({
  endpoint: z
    .string({ error: "Укажите адрес подписки (endpoint)." })
    .trim()
    .min(1, "Укажите адрес подписки (endpoint).")
    .max(ENDPOINT_MAX, "Адрес подписки слишком длинный.")
    .refine(isPushEndpoint, "Адрес подписки должен быть ссылкой https:// на сервис push-уведомлений."),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64UrlKey(
        65,
        "Ключ p256dh должен быть открытым ключом P-256 (65 байт) в base64url.",
        (key) => key[0] === 0x04,
      ),
      auth: base64UrlKey(16, "Секрет auth должен быть 16 байтами в base64url."),
    },
    { error: "Укажите ключи подписки: keys.p256dh и keys.auth." },
  ),
});
export type TPushSubscription = z.output<typeof ZPushSubscription>;

/** DELETE /v1/push/subscription/. */
export const ZPushEndpoint = z.object({
  endpoint: z
    .string({ error: "Укажите адрес подписки (endpoint)." })
    .trim()
    .min(1, "Укажите адрес подписки (endpoint).")
    .max(ENDPOINT_MAX, "Адрес подписки слишком длинный."),
});

/** The API's answers. */
export const ZPushSubscriptionState = z.object({ endpoint: z.string(), is_subscribed: z.boolean() });
export const ZPushKey = z.object({ public_key: z.string() });
