import { clearSessionCookie, sessionCookie } from "./cookies";
import { rotatedCsrfCookie } from "./csrf";

/** What the adapters need to set the cookies of a session change (a RequestContext has all of it). */
interface CookieContext {
  request: Request;
  env: Env;
  now: () => Date;
}

/**
 * The Set-Cookie lines of a session that begins (sign-in, sign-up): the session and a CSRF token rotated to it.
 * Both doors (pages and API) set exactly these.
 */
export async function signedInCookies(
  ctx: CookieContext,
  session: { token: string; maxAgeSeconds: number },
): Promise<string[]> {
  return [
    sessionCookie(ctx.request, session.token, session.maxAgeSeconds),
    await rotatedCsrfCookie(ctx.request, ctx.env, session.token),
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
