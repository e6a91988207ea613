import { parse, serialize } from "hono/utils/cookie";

export const SESSION_COOKIE = "sessionid";
export const CSRF_COOKIE = "csrftoken";
/** The known-device cookie (docs/decisions/0021-sign-in-brute-force.md). */
export const DEVICE_COOKIE = "device";
/** The signed state of a social sign-in round trip (workers/platform/oauth-flow.ts). */
export const OAUTH_COOKIE = "oauthflow";
/** The member's latest D1 bookmark, so their reads on replicas include their own writes (docs/decisions/0036). */
export const BOOKMARK_COOKIE = "d1b";

/**
 * Our own cookies. On secure origins each is sent as `__Host-<name>`: browsers accept such a cookie only with
 * Secure, Path=/ and no Domain, so a sibling subdomain (or a man in the middle on plain http) cannot plant a
 * session, a CSRF token or a device mark for this site. On plain-http localhost (development, tests) the prefix
 * cannot be used (it needs Secure), so the names are bare.
 */
const OWN_COOKIES = [SESSION_COOKIE, CSRF_COOKIE, DEVICE_COOKIE, OAUTH_COOKIE, BOOKMARK_COOKIE] as const;
const HOST_PREFIX = "__Host-";

/** The name one of our cookies has on this request's origin: `__Host-<name>` on secure origins. */
export function cookieName(request: Request, name: (typeof OWN_COOKIES)[number]): string {
  return isSecureOrigin(request) ? `${HOST_PREFIX}${name}` : name;
}

/**
 * The request's cookies, ours under their bare names: on a secure origin only the `__Host-` ones count (a bare
 * `sessionid` there was planted by someone else and is ignored).
 */
export function readCookies(request: Request): Record<string, string> {
  const header = request.headers.get("Cookie");
  const cookies: Record<string, string> = header ? parse(header) : {};
  if (!isSecureOrigin(request)) return cookies;
  for (const name of OWN_COOKIES) {
    const value = cookies[`${HOST_PREFIX}${name}`];
    delete cookies[`${HOST_PREFIX}${name}`];
    if (value === undefined) delete cookies[name];
    else cookies[name] = value;
  }
  return cookies;
}

/** Cookies are Secure everywhere but on localhost (plain http in development and tests). */
export function isSecureOrigin(request: Request): boolean {
  let secure = secureOrigins.get(request);
  if (secure === undefined) {
    const { hostname, protocol } = new URL(request.url);
    secure = protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(hostname);
    secureOrigins.set(request, secure);
  }
  return secure;
}

/** A request's URL is parsed once for all its cookie reads and writes. */
const secureOrigins = new WeakMap<Request, boolean>();

export function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
  return serialize(cookieName(request, SESSION_COOKIE), token, {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: Request): string {
  return serialize(cookieName(request, SESSION_COOKIE), "", {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: 0,
  });
}

/**
 * The CSRF cookie is readable by scripts on purpose: the client echoes it in X-CSRFTOKEN (double submit). No
 * Domain, Path=/ and (off localhost) Secure, as the `__Host-` prefix requires.
 */
export function csrfCookie(request: Request, token: string): string {
  return serialize(cookieName(request, CSRF_COOKIE), token, {
    path: "/",
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** The known-device cookie: HttpOnly (only the server reads it), as long-lived as a session can be. */
export function deviceCookie(request: Request, token: string, maxAgeSeconds: number): string {
  return serialize(cookieName(request, DEVICE_COOKIE), token, {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: maxAgeSeconds,
  });
}

/** The D1 bookmark cookie: HttpOnly (only the server reads it), short-lived (any replica is past it by then). */
export function bookmarkCookie(request: Request, bookmark: string, maxAgeSeconds: number): string {
  return serialize(cookieName(request, BOOKMARK_COOKIE), bookmark, {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: maxAgeSeconds,
  });
}
