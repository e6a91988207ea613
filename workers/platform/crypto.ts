/** Small WebCrypto helpers shared by sessions, CSRF, known devices, resets and invitations. */

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

const BASE64URL: Record<string, string> = { "+": "-", "/": "_", "=": "" };

export function base64url(data: Uint8Array): string {
  let binary = "";
  // A chunk at a time: one native call per 8 KB instead of a string step per byte.
  for (let at = 0; at < data.length; at += 8192) {
    binary += String.fromCharCode.apply(null, data.subarray(at, at + 8192) as unknown as number[]);
  }
  return btoa(binary).replace(/[+/=]/g, (c) => BASE64URL[c] ?? c);
}

export function fromBase64(value: string): Uint8Array {
  const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function sha256(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return base64url(new Uint8Array(digest));
}

/** Constant-time string comparison for tokens. */
export function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

/** HMAC-SHA256 of `message` under `secret`, base64url (the key is imported once per isolate). */
export async function hmacSha256(secret: string, message: string): Promise<string> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    hmacKeys.set(secret, key);
  }
  const mac = await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(message));
  return base64url(new Uint8Array(mac));
}
