import { AppError } from "#workers/core/errors";
import { CSRF_COOKIE, csrfCookie, readCookies, SESSION_COOKIE } from "./cookies";
import { hmacSha256, randomToken, safeEqual, sha256 } from "./crypto";
import { readVars } from "./env";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
export const CSRF_FIELD = "csrf";
export const CSRF_ERROR = "CSRF-токен отсутствует или неверен. Обновите страницу и попробуйте ещё раз.";

/** Longer cookie values are not our tokens (43 + 1 + 43 characters); they are refused without hashing. */
const MAX_TOKEN_LENGTH = 200;

/**
 * What a token is bound to: the SHA-256 of the session cookie the browser holds (which is the session's id in
 * D1), or "" without one. Computed from the cookie alone, so pages served before any database read can check it.
 */
async function sessionBinding(sessionToken: string | null | undefined): Promise<string> {
  return sessionToken ? sha256(sessionToken) : "";
}

function signature(secret: string, binding: string, random: string): Promise<string> {
  // Length-prefixed, and "csrf!" keeps these MACs apart from the other values signed with SECRET_KEY.
  return hmacSha256(secret, `csrf!${binding.length}!${binding}!${random}`);
}

/**
 * A signed double-submit token (OWASP): `random.HMAC-SHA256(SECRET_KEY, session + random)`. Only the server can
 * make one, and one made for a session (or for none) is worthless with another session cookie.
 */
export async function mintCsrfToken(secret: string, sessionToken: string | null | undefined): Promise<string> {
  const random = randomToken();
  return `${random}.${await signature(secret, await sessionBinding(sessionToken), random)}`;
}

/** Whether `token` was minted by this server for the session of `sessionToken` (or for no session). */
export async function verifyCsrfToken(
  secret: string,
  sessionToken: string | null | undefined,
  token: string,
): Promise<boolean> {
  if (token.length > MAX_TOKEN_LENGTH) return false;
  const [random, mac, ...rest] = token.split(".");
  if (!random || !mac || rest.length) return false;
  return safeEqual(mac, await signature(secret, await sessionBinding(sessionToken), random));
}

/**
 * The request's CSRF cookie (`__Host-csrftoken` on secure origins, see readCookies) when it holds a token signed for the
 * request's session; null when it is absent, forged, or was minted for another session.
 */
export async function validCsrfToken(
  request: Request,
  env: Env,
  cookies: Record<string, string> = readCookies(request),
): Promise<string | null> {
  const token = cookies[CSRF_COOKIE];
  if (!token) return null;
  return (await verifyCsrfToken(readVars(env).SECRET_KEY, cookies[SESSION_COOKIE], token)) ? token : null;
}

/** A fresh token for the session of the request's cookie (or for none). */
export function mintCsrfTokenFor(request: Request, env: Env, cookies = readCookies(request)): Promise<string> {
  return mintCsrfToken(readVars(env).SECRET_KEY, cookies[SESSION_COOKIE]);
}

/**
 * The CSRF cookie that goes with a session change: a fresh token bound to the session that begins (sign-in,
 * sign-up) or to none when it ends (`sessionToken` null, sign-out). A token seen before the change stops working.
 */
export async function rotatedCsrfCookie(request: Request, env: Env, sessionToken: string | null): Promise<string> {
  return csrfCookie(request, await mintCsrfToken(readVars(env).SECRET_KEY, sessionToken));
}

/**
 * Double-submit check: an unsafe request must echo its CSRF cookie in the X-CSRFTOKEN header (API) or the hidden
 * `csrf` form field (HTML forms). `cookieToken` is the cookie only when it is valid for the request's session
 * (validCsrfToken; the request context holds it). Applies to every unsafe request, sign-in included (login CSRF),
 * so the session cookie can never be ridden by another site.
 */
export function checkCsrf(request: Request, cookieToken: string | null, sentToken: string | null): void {
  if (SAFE.has(request.method)) return;
  if (!cookieToken || !sentToken || !safeEqual(cookieToken, sentToken)) {
    throw new AppError("csrf", CSRF_ERROR);
  }
}
