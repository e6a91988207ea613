import { z } from "zod";

/** An optional string variable; an empty value counts as absent. */
function optional(pattern: RegExp, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().regex(pattern, message).optional(),
  );
}

const clientId = () => optional(/^\S{1,200}$/, "the client id the provider gave the app");
const clientSecret = () => optional(/^\S{1,300}$/, "the client secret the provider gave the app (wrangler secret put)");
const url = () => optional(/^https?:\/\/\S+$/, "an http(s) URL");

/**
 * Social sign-in (docs/decisions/0029-social-sign-in.md; README «Вход через соцсети»). A provider is on only when
 * its client id and secret are set (Steam: its Web API key). The `*_ISSUER` / `*_URL` overrides point a provider
 * at another server (tests and local development use a local OAuth server): an issuer override is read with
 * OpenID Connect discovery; without them the providers' real endpoints are used.
 */
export const ZSocialVars = {
  VK_CLIENT_ID: clientId(),
  VK_CLIENT_SECRET: clientSecret(),
  VK_OAUTH_ISSUER: url(),
  YANDEX_CLIENT_ID: clientId(),
  YANDEX_CLIENT_SECRET: clientSecret(),
  YANDEX_OAUTH_ISSUER: url(),
  TWITCH_CLIENT_ID: clientId(),
  TWITCH_CLIENT_SECRET: clientSecret(),
  TWITCH_OAUTH_ISSUER: url(),
  /** Helix API base (EventSub subscriptions): https://api.twitch.tv/helix by default. */
  TWITCH_API_URL: url(),
  /** The secret Twitch signs EventSub webhooks with (10–100 ASCII characters, chosen by us). */
  TWITCH_EVENTSUB_SECRET: optional(/^[\x21-\x7e]{10,100}$/, "10–100 printable ASCII characters"),
  DISCORD_CLIENT_ID: clientId(),
  DISCORD_CLIENT_SECRET: clientSecret(),
  DISCORD_OAUTH_ISSUER: url(),
  GOOGLE_CLIENT_ID: clientId(),
  GOOGLE_CLIENT_SECRET: clientSecret(),
  GOOGLE_OAUTH_ISSUER: url(),
  /** Steam: the Web API key (names and avatars of new members); OpenID 2.0 itself needs no credentials. */
  STEAM_API_KEY: optional(/^[0-9A-Za-z]{8,64}$/, "the Steam Web API key (https://steamcommunity.com/dev/apikey)"),
  /** Steam's OpenID 2.0 endpoint (https://steamcommunity.com/openid/login by default). */
  STEAM_OPENID_URL: url(),
  /** Steam Web API base (https://api.steampowered.com by default). */
  STEAM_API_URL: url(),
};
