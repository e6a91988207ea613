import { OAuthFailure } from "./oauth";

/**
 * Steam sign-in: OpenID 2.0 (Steam has no OAuth for sites). The positive assertion in the redirect is never
 * trusted as it is: every signed field is sent back to Steam in a direct `check_authentication` POST, and only
 * `is_valid:true` from Steam makes the claimed id count. The return_to must be ours (with the round trip's
 * state), the endpoint Steam's, the claimed id a Steam id URL. docs/decisions/0029-social-sign-in.md.
 */

export const STEAM_OPENID_URL = "https://steamcommunity.com/openid/login";
const NS = "http://specs.openid.net/auth/2.0";
const IDENTIFIER_SELECT = "http://specs.openid.net/auth/2.0/identifier_select";
const CLAIMED_ID = /^https?:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;

export function steamLoginUrl(endpoint: string, returnTo: string): string {
  const url = new URL(endpoint);
  url.searchParams.set("openid.ns", NS);
  url.searchParams.set("openid.mode", "checkid_setup");
  url.searchParams.set("openid.return_to", returnTo);
  url.searchParams.set("openid.realm", new URL(returnTo).origin);
  url.searchParams.set("openid.identity", IDENTIFIER_SELECT);
  url.searchParams.set("openid.claimed_id", IDENTIFIER_SELECT);
  return url.href;
}

/** Verifies Steam's answer at `callbackUrl` (our return_to plus the openid.* fields); returns the SteamID64. */
export async function verifySteamCallback(
  endpoint: string,
  callbackUrl: URL,
  expectedReturnTo: string,
): Promise<string> {
  const params = callbackUrl.searchParams;
  const mode = params.get("openid.mode");
  if (mode === "cancel") throw new OAuthFailure("canceled", "steam: cancelled");
  if (mode !== "id_res") throw new OAuthFailure("internal", `steam: mode ${mode}`);
  if (params.get("openid.ns") !== NS) throw new OAuthFailure("internal", "steam: namespace");
  if (params.get("openid.op_endpoint") !== endpoint) throw new OAuthFailure("internal", "steam: endpoint");
  if (params.get("openid.return_to") !== expectedReturnTo) throw new OAuthFailure("internal", "steam: return_to");
  const claimed = params.get("openid.claimed_id") ?? "";
  const match = CLAIMED_ID.exec(claimed);
  if (!match || params.get("openid.identity") !== claimed) throw new OAuthFailure("internal", "steam: claimed id");
  // The signature must cover what we rely on.
  const signed = new Set((params.get("openid.signed") ?? "").split(","));
  for (const field of ["op_endpoint", "claimed_id", "identity", "return_to", "response_nonce", "assoc_handle"]) {
    if (!signed.has(field)) throw new OAuthFailure("internal", `steam: ${field} not signed`);
  }

  const body = new URLSearchParams();
  for (const [key, value] of params) if (key.startsWith("openid.")) body.set(key, value);
  body.set("openid.mode", "check_authentication");
  let answer: string;
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/plain" },
      body,
      redirect: "manual",
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    answer = (await response.text()).slice(0, 2000);
  } catch (cause) {
    throw new OAuthFailure("internal", `steam: check_authentication failed: ${String(cause)}`);
  }
  // Key-value form: one `key:value` per line.
  const valid = answer.split("\n").some((line) => line.trim() === "is_valid:true");
  if (!valid) throw new OAuthFailure("internal", "steam: assertion not valid");
  return match[1];
}

/** Name and avatar from the Steam Web API (GetPlayerSummaries); null when Steam does not answer. */
export async function steamPlayer(
  apiBase: string,
  apiKey: string,
  steamId: string,
): Promise<{ name: string; avatarUrl: string | null } | null> {
  const url = new URL(`${apiBase.replace(/\/$/, "")}/ISteamUser/GetPlayerSummaries/v2/`);
  url.searchParams.set("key", apiKey);
  url.searchParams.set("steamids", steamId);
  try {
    const response = await fetch(url, { redirect: "manual" });
    if (!response.ok) return null;
    const body = (await response.json()) as {
      response?: { players?: { steamid?: string; personaname?: string; avatarfull?: string }[] };
    };
    const player = body.response?.players?.find((p) => p.steamid === steamId);
    if (!player) return null;
    return {
      name: String(player.personaname ?? "").slice(0, 100),
      avatarUrl: typeof player.avatarfull === "string" ? player.avatarfull : null,
    };
  } catch {
    return null;
  }
}
