import { parse, serialize } from "hono/utils/cookie";

export const SESSION_COOKIE = "sessionid";
/** The CSRF cookie on plain-http localhost (development, tests): the `__Host-` prefix needs a Secure cookie. */
export const CSRF_COOKIE = "csrftoken";
/**
 * The CSRF cookie everywhere else: the `__Host-` prefix makes browsers accept it only with Secure, Path=/ and no
 * Domain, so a sibling subdomain (or a man in the middle on plain http) cannot plant a token for this site.
 */
export const CSRF_COOKIE_SECURE = "__Host-csrftoken";
/** The known-device cookie (docs/decisions/0021-sign-in-brute-force.md). */
export const DEVICE_COOKIE = "device";

export function readCookies(request: Request): Record<string, string> {
  const header = request.headers.get("Cookie");
  return header ? parse(header) : {};
}

/** Cookies are Secure everywhere but on localhost (plain http in development and tests). */
export function isSecureOrigin(request: Request): boolean {
  const { hostname, protocol } = new URL(request.url);
  return protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

export function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
  return serialize(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: Request): string {
  return serialize(SESSION_COOKIE, "", {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: 0,
  });
}

/** The CSRF cookie's name for this origin: `__Host-csrftoken` on secure origins, `csrftoken` on localhost. */
export function csrfCookieName(request: Request): string {
  return isSecureOrigin(request) ? CSRF_COOKIE_SECURE : CSRF_COOKIE;
}

/**
 * The CSRF cookie is readable by scripts on purpose: the client echoes it in X-CSRFTOKEN (double submit). No
 * Domain, Path=/ and (off localhost) Secure, as the `__Host-` prefix requires.
 */
export function csrfCookie(request: Request, token: string): string {
  return serialize(csrfCookieName(request), token, {
    path: "/",
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** The known-device cookie: HttpOnly (only the server reads it), as long-lived as a session can be. */
export function deviceCookie(request: Request, token: string, maxAgeSeconds: number): string {
  return serialize(DEVICE_COOKIE, token, {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: maxAgeSeconds,
  });
}
