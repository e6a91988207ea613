import { buildPushPayload } from "@block65/webcrypto-web-push";
import type { Vars } from "./env";

/**
 * Web push, the transport half (docs/decisions/0016-web-push.md): VAPID configuration, the RFC 8291
 * (aes128gcm) + RFC 8292 (VAPID) request built by @block65/webcrypto-web-push on WebCrypto, and one delivery
 * attempt. Who gets a push, and what happens to a subscription after an answer, is workers/core/push.
 */

export interface VapidConfig {
  /** base64url of the raw uncompressed P-256 point (65 bytes). */
  publicKey: string;
  /** base64url of the 32-byte private scalar `d`. */
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

/** The subscription keys as the browser's `PushSubscription.toJSON()` gives them (base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push carries; the service worker (public/sw.js) reads these fields. */
export interface PushPayload {
  notification_id: number;
  title: string;
  body: string;
  url: string;
}

/** The HTTP request to the push service, ready for `fetch` (RFC 8030 §5). */
export interface PushRequest {
  endpoint: string;
  method: "POST";
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

export type PushUrgency = "very-low" | "low" | "normal" | "high";

/** How long a push service keeps an undelivered message (RFC 8030 §5.2): a day, then the site itself shows it. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** The development key pair committed in wrangler.toml: public knowledge, so never used in production. */
export const DEV_VAPID_PUBLIC_KEY =
  "BHosdwas2BP_BBKzDOt31APUbpCBGSJxktvTkI65Z4UV0vIhZ8VhMYEUW6zps7Ys2B7mMH0EgS6SGWivVViC4tw";

type VapidVars = Pick<Vars, "ENVIRONMENT" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">;

const logged = new Set<string>();
function logOnce(message: string): void {
  if (logged.has(message)) return;
  logged.add(message);
  console.warn(message);
}

/** The VAPID configuration, or null (with one log line per isolate saying why) when push is off. */
export function readVapid(vars: VapidVars): VapidConfig | null {
  const missing = (["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const).filter((name) => !vars[name]);
  if (missing.length) {
    logOnce(`web push is off: ${missing.join(", ")} not set (see docs/decisions/0016-web-push.md)`);
    return null;
  }
  if (vars.ENVIRONMENT === "production" && vars.VAPID_PUBLIC_KEY === DEV_VAPID_PUBLIC_KEY) {
    logOnce(
      "web push is off: the development VAPID key pair from wrangler.toml is public; set a production pair with `wrangler secret put`",
    );
    return null;
  }
  return { publicKey: vars.VAPID_PUBLIC_KEY!, privateKey: vars.VAPID_PRIVATE_KEY!, subject: vars.VAPID_SUBJECT! };
}

/**
 * Encrypts the payload for one subscription (RFC 8291: ECDH with a fresh P-256 key, HKDF with the
 * subscription's auth secret, one aes128gcm record of RFC 8188) and signs the VAPID JWT (ES256, `aud` = the
 * endpoint's origin, `exp` 12 h ahead). Pure apart from the random salt and key: it sends nothing.
 * Throws when the subscription's keys are malformed or the payload is too large for one record.
 */
export async function encryptPushPayload(
  subscription: PushTarget,
  payload: PushPayload,
  vapid: VapidConfig,
  options: { ttl?: number; urgency?: PushUrgency } = {},
): Promise<PushRequest> {
  const built = await buildPushPayload(
    { data: JSON.stringify(payload) },
    {
      endpoint: subscription.endpoint,
      expirationTime: null,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    vapid,
  );
  return {
    endpoint: subscription.endpoint,
    method: "POST",
    headers: {
      Authorization: built.headers.authorization,
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      TTL: String(Math.max(0, Math.floor(options.ttl ?? PUSH_TTL_SECONDS))),
      Urgency: options.urgency ?? "normal",
    },
    body: built.body,
  };
}

export type PushOutcome =
  /** The push service accepted the message (201). */
  | { kind: "delivered"; status: number }
  /** The subscription no longer exists (404/410): forget it. */
  | { kind: "gone"; status: number }
  /** Anything else: a refusal, an overloaded service, a network error. */
  | { kind: "failed"; status: number | null; detail: string };

/** One delivery attempt; never throws. */
export async function sendPushRequest(request: PushRequest, fetcher: typeof fetch = fetch): Promise<PushOutcome> {
  let response: Response;
  try {
    response = await fetcher(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return { kind: "failed", status: null, detail: error instanceof Error ? error.message : String(error) };
  }
  const status = response.status;
  const text = response.ok ? "" : await response.text().catch(() => "");
  if (response.ok) await response.body?.cancel();
  if (status === 404 || status === 410) return { kind: "gone", status };
  if (response.ok) return { kind: "delivered", status };
  return { kind: "failed", status, detail: text.slice(0, 200) };
}
