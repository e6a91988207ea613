import { clearSessionCookie, deviceCookie, sessionCookie } from "./cookies";
import { rotatedCsrfCookie } from "./csrf";
import { readVars } from "./env";
import { DEVICE_MAX_AGE_SECONDS, mintDeviceToken } from "./known-device";

/** What the adapters need to set the cookies of a session change (a RequestContext has all of it). */
interface CookieContext {
  request: Request;
  env: Env;
  now: () => Date;
}

/**
 * The known-device cookie for `userId`: set at every sign-in and sign-up, and when a password is set from an
 * e-mailed link (docs/decisions/0021-sign-in-brute-force.md).
 */
export async function knownDeviceCookie(ctx: CookieContext, userId: number): Promise<string> {
  const token = await mintDeviceToken(readVars(ctx.env).SECRET_KEY, userId, ctx.now());
  return deviceCookie(ctx.request, token, DEVICE_MAX_AGE_SECONDS);
}

/**
 * The Set-Cookie lines of a session that begins (sign-in, sign-up): the session, a CSRF token rotated to it and
 * the known-device cookie for the account. Both doors (pages and API) set exactly these.
 */
export async function signedInCookies(
  ctx: CookieContext,
  session: { token: string; maxAgeSeconds: number },
  userId: number,
): Promise<string[]> {
  return [
    sessionCookie(ctx.request, session.token, session.maxAgeSeconds),
    await rotatedCsrfCookie(ctx.request, ctx.env, session.token),
    await knownDeviceCookie(ctx, userId),
  ];
}

/** The Set-Cookie lines of a sign-out: the session cleared, a CSRF token rotated to no session. */
export async function signedOutCookies(ctx: CookieContext): Promise<string[]> {
  return [clearSessionCookie(ctx.request), await rotatedCsrfCookie(ctx.request, ctx.env, null)];
}

/** Headers carrying several Set-Cookie lines (for `redirect(…, { headers })` and `data(…, { headers })`). */
export function setCookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
