import { randomToken } from "./crypto";

/**
 * The site's security headers, all in this module (docs/decisions/0022-security-headers.md).
 *
 * Every response of the Worker passes through `secureHeaders` at the end of its fetch: nosniff, a referrer
 * policy, and a Content-Security-Policy chosen by kind. Pages (HTML) allow scripts only by a nonce made for that
 * response (`'strict-dynamic'` trusts what those scripts import); everything else — JSON, feeds, redirects,
 * media — may load or run nothing and may not be framed. A page from the shared page cache gets a fresh nonce on
 * every hit (`withFreshNonce`): a nonce never repeats across responses.
 */

/** The players that the click-to-load video embeds open in an iframe (workers/core/shared/embeds.ts embedSrc). */
export const EMBED_FRAME_ORIGINS = [
  "https://www.youtube-nocookie.com",
  "https://vk.com",
  // VK's player may move to its video domain inside the frame; frame-src applies to redirects too.
  "https://vkvideo.ru",
  "https://player.twitch.tv",
] as const;

/** A nonce for one response: 128 random bits, base64url. */
export function newNonce(): string {
  return randomToken(16);
}

/**
 * The development server (`react-router dev`) injects the CSS that modules import as <style> elements (a build
 * links it as files): there, and only there, inline styles are allowed.
 */
const DEV_SERVER = import.meta.env.MODE === "development";

/** The policy of a page rendered with `nonce` at `url` (its origin's websocket is allowed to connect). */
export function pageCsp(nonce: string, url: URL): string {
  const secure = url.protocol === "https:";
  const directives = [
    "default-src 'self'",
    // 'self' only for browsers without 'strict-dynamic' (which then ignore it); never 'unsafe-inline'.
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    // Stylesheets are files; `style` attributes (sizes, aspect ratios, menu colours, profile backgrounds) stay.
    DEV_SERVER ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    // data: for small CSS images, blob: for the previews of pictures being uploaded.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ${secure ? "wss" : "ws"}://${url.host}`,
    `frame-src ${EMBED_FRAME_ORIGINS.join(" ")}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Anything that is not a page (JSON, feeds, text, redirects): loads and runs nothing, is never framed. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Uploaded media opened on their own: a sandboxed document that runs nothing (should a file ever be something
 * other than the picture it claims to be). Inline styles are left to the browser's own image viewer.
 */
export const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

const CSP = "Content-Security-Policy";

function isHtml(headers: Headers): boolean {
  return /^text\/html\b/i.test(headers.get("Content-Type") ?? "");
}

/**
 * Sets the headers every response gets. A response that brought its own policy (a rendered page's, with its
 * nonce; media's) keeps it; any other HTML gets a page policy with a nonce nobody knows, so none of its inline
 * scripts runs.
 */
export function secureHeaders(headers: Headers, url: URL): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (url.protocol === "https:") headers.set("Strict-Transport-Security", "max-age=31536000");
  if (!isHtml(headers)) {
    if (!headers.has(CSP)) headers.set(CSP, RESOURCE_CSP);
    return;
  }
  if (!headers.has(CSP)) headers.set(CSP, pageCsp(newNonce(), url));
  // For browsers that predate frame-ancestors.
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
}

/**
 * Where a stored page's nonce sits in its bytes: the value its policy names (`'nonce-…'`) and every offset of that
 * value in the body. Found once per stored copy (workers/platform/page-cache.ts keeps it beside the body), so that
 * each cache hit only copies the body with a new value in those places (`withFreshNonce`). The nonce is 128 random
 * bits made after the page's content was written and appears in `nonce` attributes only (a test checks every
 * rendered page), so its every occurrence is an attribute; null when the page has no nonce (nothing to renew).
 */
export interface NonceSlots {
  nonce: string;
  offsets: number[];
}

export function nonceSlots(policy: string | null, body: Uint8Array): NonceSlots | null {
  const nonce = policy ? /'nonce-([A-Za-z0-9_-]+)'/.exec(policy)?.[1] : undefined;
  if (!nonce) return null;
  const needle = new TextEncoder().encode(nonce);
  const offsets: number[] = [];
  // The native indexOf finds each candidate first byte; the rest is compared here.
  for (let at = body.indexOf(needle[0] ?? 0); at !== -1; at = body.indexOf(needle[0] ?? 0, at + 1)) {
    let i = 1;
    while (i < needle.length && body[at + i] === needle[i]) i++;
    if (i === needle.length) {
      offsets.push(at);
      at += needle.length - 1;
    }
  }
  return { nonce, offsets };
}

/**
 * A stored page's body with a new nonce in every slot, and `headers` given the policy that names it. Anything
 * without slots is returned as it is.
 */
export function withFreshNonce(
  body: Uint8Array<ArrayBuffer>,
  slots: NonceSlots | null,
  headers: Headers,
  url: URL,
): Uint8Array<ArrayBuffer> {
  if (!slots) return body;
  const nonce = newNonce();
  headers.set(CSP, pageCsp(nonce, url));
  const fresh = new TextEncoder().encode(nonce);
  const grow = fresh.length - slots.nonce.length;
  const out = new Uint8Array(body.length + grow * slots.offsets.length);
  let from = 0;
  let to = 0;
  for (const at of slots.offsets) {
    out.set(body.subarray(from, at), to);
    to += at - from;
    out.set(fresh, to);
    to += fresh.length;
    from = at + slots.nonce.length;
  }
  out.set(body.subarray(from), to);
  return out;
}
