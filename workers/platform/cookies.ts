import { parse, serialize } from "hono/utils/cookie";

export const SESSION_COOKIE = "sessionid";
export const CSRF_COOKIE = "csrftoken";

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
  return serialize(SESSION_COOKIE, "", { path: "/", httpOnly: true, secure: isSecureOrigin(request), sameSite: "Lax", maxAge: 0 });
}

/** The CSRF cookie is readable by scripts on purpose: the client echoes it in X-CSRFTOKEN (double submit). */
export function csrfCookie(request: Request, token: string): string {
  return serialize(CSRF_COOKIE, token, {
    path: "/",
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: 60 * 60 * 24 * 365,
  });
}
