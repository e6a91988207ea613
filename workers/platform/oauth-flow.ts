import { serialize } from "hono/utils/cookie";
import { z } from "zod";
import { cookieName, isSecureOrigin, OAUTH_COOKIE, readCookies } from "./cookies";
import { base64url, fromBase64, hmacSha256, safeEqual } from "./crypto";

/**
 * The state of one social sign-in round trip, kept by the browser in a short-lived HttpOnly cookie signed with
 * SECRET_KEY (docs/decisions/0029-social-sign-in.md): the provider, the OAuth `state`, the PKCE verifier, the OIDC
 * nonce, where to return, an invitation code and who started it. Nothing is stored server-side until the callback;
 * the callback's `state` must equal the cookie's, and the cookie is cleared whatever the outcome.
 */
export const FLOW_TTL_MS = 10 * 60 * 1000;

export const ZFlow = z.object({
  /** Provider slug. */
  p: z.string().max(20),
  /** OAuth state (also carried by Steam's return_to). */
  s: z.string().min(20).max(100),
  /** PKCE code verifier (empty for Steam). */
  v: z.string().max(200),
  /** OIDC nonce (empty when the provider is not OIDC). */
  n: z.string().max(100),
  /** The same-site path to return to. */
  r: z.string().max(2000),
  /** Invitation code given with the flow (sign-up while invitation-only). */
  i: z.string().max(100),
  /** The member who started the flow (link), or 0 for a guest (sign-in or sign-up). */
  u: z.number().int().min(0),
  /** Expiry, ms since the epoch. */
  e: z.number().int(),
});
export type Flow = z.infer<typeof ZFlow>;

function mac(secret: string, payload: string): Promise<string> {
  // "oauth!" keeps these MACs apart from the other values signed with SECRET_KEY.
  return hmacSha256(secret, `oauth!${payload}`);
}

export async function sealFlow(secret: string, flow: Flow): Promise<string> {
  const payload = base64url(new TextEncoder().encode(JSON.stringify(flow)));
  return `${payload}.${await mac(secret, payload)}`;
}

/** The flow of a cookie value when its signature holds and it has not expired; null otherwise. */
export async function openFlow(secret: string, value: string | undefined, now: Date): Promise<Flow | null> {
  if (!value || value.length > 4000) return null;
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length) return null;
  if (!safeEqual(signature, await mac(secret, payload))) return null;
  try {
    const flow = ZFlow.parse(JSON.parse(new TextDecoder().decode(fromBase64(payload))));
    return flow.e > now.getTime() ? flow : null;
  } catch {
    return null;
  }
}

export function readFlowCookie(request: Request): string | undefined {
  return readCookies(request)[OAUTH_COOKIE];
}

/** Lax, so the provider's top-level redirect back brings it along; HttpOnly; `__Host-` on secure origins. */
export function flowCookie(request: Request, value: string): string {
  return serialize(cookieName(request, OAUTH_COOKIE), value, {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: Math.floor(FLOW_TTL_MS / 1000),
  });
}

export function clearFlowCookie(request: Request): string {
  return serialize(cookieName(request, OAUTH_COOKIE), "", {
    path: "/",
    httpOnly: true,
    secure: isSecureOrigin(request),
    sameSite: "Lax",
    maxAge: 0,
  });
}
