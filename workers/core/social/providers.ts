import { z } from "zod";
import type { Vars } from "#workers/platform/env";
import { type OAuthClientConfig, oidcUserInfo, resourceJson } from "#workers/platform/oauth";
import { PROVIDER_TITLES, type ProviderSlug } from "./providers.constants";

/**
 * The sign-in providers (docs/decisions/0029-social-sign-in.md): their real endpoints, scopes, how the client
 * authenticates and how a profile is read. A provider is on only when its credentials are set (oauth-vars.ts).
 */

/** What a provider tells us about the member. */
export interface ProviderProfile {
  uid: string;
  name: string;
  avatarUrl: string | null;
  email: string | null;
  /** The provider vouches that the member controls `email`. */
  emailVerified: boolean;
}

interface OAuthProvider {
  slug: Exclude<ProviderSlug, "steam">;
  config: (vars: Vars) => OAuthClientConfig | null;
  /** Extra token request parameters taken from the callback. */
  tokenParams?: (callback: URLSearchParams) => Record<string, string>;
  profile: (
    config: OAuthClientConfig,
    token: { accessToken: string; claims?: { sub: string } },
  ) => Promise<ProviderProfile>;
}

const text = z.string().trim().max(200);
const optionalText = text.nullish().transform((v) => v || null);

function credentials(id: string | undefined, secret: string | undefined) {
  return id && secret ? { clientId: id, clientSecret: secret } : null;
}

const vk: OAuthProvider = {
  slug: "vk",
  config: (vars) => {
    const creds = credentials(vars.VK_CLIENT_ID, vars.VK_CLIENT_SECRET);
    if (!creds) return null;
    return {
      ...creds,
      // VK ID (OAuth 2.1): PKCE is the proof; the client id goes in the body.
      auth: "none",
      oidc: false,
      scope: "vkid.personal_info email",
      endpoints: {
        issuer: "https://id.vk.com",
        authorization_endpoint: "https://id.vk.com/authorize",
        token_endpoint: "https://id.vk.com/oauth2/auth",
      },
      issuerOverride: vars.VK_OAUTH_ISSUER,
    };
  },
  tokenParams: (callback): Record<string, string> => {
    const deviceId = callback.get("device_id");
    return deviceId ? { device_id: deviceId } : {};
  },
  profile: async (config, { accessToken }) => {
    const body = await resourceJson(config, accessToken, {
      url: "https://id.vk.com/oauth2/user_info",
      method: "POST",
      body: new URLSearchParams({ client_id: config.clientId, access_token: accessToken }),
    });
    const { user } = z
      .object({
        user: z.object({
          user_id: z.union([z.string(), z.number()]).transform(String),
          first_name: optionalText,
          last_name: optionalText,
          avatar: optionalText,
          email: optionalText,
        }),
      })
      .parse(body);
    return {
      uid: user.user_id,
      name: [user.first_name, user.last_name].filter(Boolean).join(" "),
      avatarUrl: user.avatar,
      email: user.email,
      emailVerified: !!user.email,
    };
  },
};

const yandex: OAuthProvider = {
  slug: "yandex",
  config: (vars) => {
    const creds = credentials(vars.YANDEX_CLIENT_ID, vars.YANDEX_CLIENT_SECRET);
    if (!creds) return null;
    return {
      ...creds,
      auth: "post",
      oidc: false,
      scope: "login:info login:email login:avatar",
      endpoints: {
        issuer: "https://oauth.yandex.ru",
        authorization_endpoint: "https://oauth.yandex.ru/authorize",
        token_endpoint: "https://oauth.yandex.ru/token",
      },
      issuerOverride: vars.YANDEX_OAUTH_ISSUER,
    };
  },
  profile: async (config, { accessToken }) => {
    const body = await resourceJson(config, accessToken, {
      url: "https://login.yandex.ru/info?format=json",
      scheme: "OAuth",
    });
    const info = z
      .object({
        id: z.union([z.string(), z.number()]).transform(String),
        login: optionalText,
        display_name: optionalText,
        default_email: optionalText,
        default_avatar_id: optionalText,
        is_avatar_empty: z.boolean().nullish(),
      })
      .parse(body);
    return {
      uid: info.id,
      name: info.display_name ?? info.login ?? "",
      avatarUrl:
        info.default_avatar_id && !info.is_avatar_empty
          ? `https://avatars.yandex.net/get-yapic/${encodeURIComponent(info.default_avatar_id)}/islands-200`
          : null,
      email: info.default_email,
      emailVerified: !!info.default_email,
    };
  },
};

const twitch: OAuthProvider = {
  slug: "twitch",
  config: twitchConfig,
  profile: async (config, { accessToken }) => {
    const body = await resourceJson(config, accessToken, {
      url: "https://api.twitch.tv/helix/users",
      headers: { "Client-Id": config.clientId },
    });
    const { data } = z
      .object({
        data: z
          .array(
            z.object({
              id: z.string().max(40),
              login: optionalText,
              display_name: optionalText,
              profile_image_url: optionalText,
              email: optionalText,
            }),
          )
          .min(1),
      })
      .parse(body);
    const user = data[0];
    return {
      uid: user.id,
      name: user.display_name ?? user.login ?? "",
      avatarUrl: user.profile_image_url,
      // Helix returns only a verified address.
      email: user.email,
      emailVerified: !!user.email,
    };
  },
};

/** Twitch's client config: sign-in and the EventSub app token share it. */
export function twitchConfig(vars: Vars): OAuthClientConfig | null {
  const creds = credentials(vars.TWITCH_CLIENT_ID, vars.TWITCH_CLIENT_SECRET);
  if (!creds) return null;
  return {
    ...creds,
    auth: "post",
    oidc: false,
    scope: "user:read:email",
    endpoints: {
      issuer: "https://id.twitch.tv/oauth2",
      authorization_endpoint: "https://id.twitch.tv/oauth2/authorize",
      token_endpoint: "https://id.twitch.tv/oauth2/token",
    },
    issuerOverride: vars.TWITCH_OAUTH_ISSUER,
  };
}

const discord: OAuthProvider = {
  slug: "discord",
  config: (vars) => {
    const creds = credentials(vars.DISCORD_CLIENT_ID, vars.DISCORD_CLIENT_SECRET);
    if (!creds) return null;
    return {
      ...creds,
      auth: "post",
      oidc: false,
      scope: "identify email",
      endpoints: {
        issuer: "https://discord.com",
        authorization_endpoint: "https://discord.com/oauth2/authorize",
        token_endpoint: "https://discord.com/api/oauth2/token",
      },
      issuerOverride: vars.DISCORD_OAUTH_ISSUER,
    };
  },
  profile: async (config, { accessToken }) => {
    const body = await resourceJson(config, accessToken, { url: "https://discord.com/api/users/@me" });
    const user = z
      .object({
        id: z.string().max(40),
        username: optionalText,
        global_name: optionalText,
        avatar: optionalText,
        email: optionalText,
        verified: z.boolean().nullish(),
      })
      .parse(body);
    return {
      uid: user.id,
      name: user.global_name ?? user.username ?? "",
      avatarUrl: user.avatar
        ? `https://cdn.discordapp.com/avatars/${encodeURIComponent(user.id)}/${encodeURIComponent(user.avatar)}.png?size=256`
        : null,
      email: user.email,
      emailVerified: !!user.email && user.verified === true,
    };
  },
};

const google: OAuthProvider = {
  slug: "google",
  config: (vars) => {
    const creds = credentials(vars.GOOGLE_CLIENT_ID, vars.GOOGLE_CLIENT_SECRET);
    if (!creds) return null;
    return {
      ...creds,
      auth: "post",
      oidc: true,
      scope: "openid email profile",
      endpoints: {
        issuer: "https://accounts.google.com",
        authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
        token_endpoint: "https://oauth2.googleapis.com/token",
        userinfo_endpoint: "https://openidconnect.googleapis.com/v1/userinfo",
        jwks_uri: "https://www.googleapis.com/oauth2/v3/certs",
      },
      issuerOverride: vars.GOOGLE_OAUTH_ISSUER,
      authParams: { prompt: "select_account" },
    };
  },
  profile: async (config, { accessToken, claims }) => {
    if (!claims?.sub) throw new Error("no id_token subject");
    const info = await oidcUserInfo(config, accessToken, claims.sub);
    const parsed = z
      .object({
        sub: z.string().max(255),
        name: optionalText,
        picture: z.string().max(2000).nullish(),
        email: optionalText,
        email_verified: z.boolean().nullish(),
      })
      .parse(info);
    return {
      uid: parsed.sub,
      name: parsed.name ?? "",
      avatarUrl: parsed.picture ?? null,
      email: parsed.email,
      emailVerified: !!parsed.email && parsed.email_verified === true,
    };
  },
};

export const OAUTH_PROVIDERS: Record<OAuthProvider["slug"], OAuthProvider> = { vk, yandex, twitch, discord, google };

export function oauthProvider(slug: string): OAuthProvider | null {
  return Object.hasOwn(OAUTH_PROVIDERS, slug) ? OAUTH_PROVIDERS[slug as OAuthProvider["slug"]] : null;
}

/** Steam is on with its Web API key. */
export function steamEnabled(vars: Vars): boolean {
  return !!vars.STEAM_API_KEY;
}

/** The providers configured on this site, in the order the buttons show. */
export function enabledProviders(vars: Vars): { slug: ProviderSlug; title: string }[] {
  const on = (Object.keys(PROVIDER_TITLES) as ProviderSlug[]).filter((slug) =>
    slug === "steam" ? steamEnabled(vars) : !!OAUTH_PROVIDERS[slug].config(vars),
  );
  return on.map((slug) => ({ slug, title: PROVIDER_TITLES[slug] }));
}
