import * as oauth from "oauth4webapi";

/**
 * The OAuth 2.0 / OpenID Connect client of social sign-in, on oauth4webapi (panva; WebCrypto and fetch, runs in
 * workerd): authorization URL with PKCE (S256), state and, for OIDC, nonce; the callback validated (state, `iss`,
 * errors) and the code exchanged; id_token claims checked (iss, aud, nonce, times). See
 * docs/decisions/0029-social-sign-in.md.
 */

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** How the client authenticates at the token endpoint. */
  auth: "post" | "basic" | "none";
  /** OpenID Connect (id_token with nonce); otherwise plain OAuth 2.0 and any id_token is ignored. */
  oidc: boolean;
  scope: string;
  /** The provider's real endpoints. */
  endpoints: {
    issuer: string;
    authorization_endpoint: string;
    token_endpoint: string;
    userinfo_endpoint?: string;
    jwks_uri?: string;
  };
  /** Another issuer (tests, local development), read with OpenID Connect discovery. */
  issuerOverride?: string;
  /** Extra authorization request parameters (e.g. `prompt`). */
  authParams?: Record<string, string>;
}

/**
 * Why a round trip failed: the member cancelled at the provider; the provider's answer is not one the site
 * understands (its configuration needs an admin: `unknown`); or anything else.
 */
export class OAuthFailure extends Error {
  constructor(
    readonly kind: "canceled" | "unknown" | "internal",
    message: string,
  ) {
    super(message);
    this.name = "OAuthFailure";
  }
}

/** Plain http only for a loopback override (a local test server); the real endpoints are https. */
function insecureAllowed(config: OAuthClientConfig): boolean {
  if (!config.issuerOverride) return false;
  const { protocol, hostname } = new URL(config.issuerOverride);
  return protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(hostname);
}

function requestOptions(config: OAuthClientConfig) {
  return insecureAllowed(config) ? { [oauth.allowInsecureRequests]: true } : {};
}

const discovered = new Map<string, Promise<oauth.AuthorizationServer>>();

export async function authorizationServer(config: OAuthClientConfig): Promise<oauth.AuthorizationServer> {
  const override = config.issuerOverride;
  if (!override) return config.endpoints;
  let server = discovered.get(override);
  if (!server) {
    const issuer = new URL(override);
    server = oauth
      .discoveryRequest(issuer, { algorithm: "oidc", ...requestOptions(config) })
      .then((response) => oauth.processDiscoveryResponse(issuer, response));
    discovered.set(override, server);
    server.catch(() => discovered.delete(override));
  }
  return server;
}

function client(config: OAuthClientConfig): oauth.Client {
  return { client_id: config.clientId };
}

function clientAuth(config: OAuthClientConfig): oauth.ClientAuth {
  if (config.auth === "basic") return oauth.ClientSecretBasic(config.clientSecret);
  if (config.auth === "post") return oauth.ClientSecretPost(config.clientSecret);
  return oauth.None();
}

/** Fresh secrets of one round trip. */
export function newRoundTrip(oidc: boolean): { state: string; verifier: string; nonce: string } {
  return {
    state: oauth.generateRandomState(),
    verifier: oauth.generateRandomCodeVerifier(),
    nonce: oidc ? oauth.generateRandomNonce() : "",
  };
}

export async function authorizationUrl(
  config: OAuthClientConfig,
  trip: { state: string; verifier: string; nonce: string; redirectUri: string },
): Promise<string> {
  const server = await authorizationServer(config);
  if (!server.authorization_endpoint) throw new OAuthFailure("internal", "no authorization endpoint");
  const url = new URL(server.authorization_endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", trip.redirectUri);
  url.searchParams.set("scope", config.scope);
  url.searchParams.set("state", trip.state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(trip.verifier));
  url.searchParams.set("code_challenge_method", "S256");
  if (config.oidc && trip.nonce) url.searchParams.set("nonce", trip.nonce);
  for (const [key, value] of Object.entries(config.authParams ?? {})) url.searchParams.set(key, value);
  return url.href;
}

/** OAuth error codes meaning the member (or the provider on their behalf) declined. */
const CANCEL_ERRORS = new Set(["access_denied", "consent_required", "login_required", "interaction_required"]);

export interface TokenResult {
  accessToken: string;
  /** Validated id_token claims (OIDC only). */
  claims?: oauth.IDToken;
  /** The callback's parameters (some providers add their own, e.g. VK ID's device_id). */
  callback: URLSearchParams;
}

/**
 * Validates the callback (state against the flow's, the provider's error) and exchanges the code with the PKCE
 * verifier. A provider error `access_denied` is a cancel; everything else that goes wrong is `internal`.
 */
export async function exchangeCode(
  config: OAuthClientConfig,
  callbackUrl: URL,
  trip: { state: string; verifier: string; nonce: string; redirectUri: string },
  extraParams?: (callback: URLSearchParams) => Record<string, string>,
): Promise<TokenResult> {
  const error = callbackUrl.searchParams.get("error");
  if (error) throw new OAuthFailure(CANCEL_ERRORS.has(error) ? "canceled" : "internal", `provider error: ${error}`);
  const server = await authorizationServer(config);
  let callback: URLSearchParams;
  try {
    callback = oauth.validateAuthResponse(server, client(config), callbackUrl.searchParams, trip.state);
  } catch (cause) {
    throw new OAuthFailure("internal", `callback refused: ${String(cause)}`);
  }
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client(config),
      clientAuth(config),
      callback,
      trip.redirectUri,
      trip.verifier,
      { ...requestOptions(config), additionalParameters: extraParams?.(callback) },
    );
    if (config.oidc) {
      const result = await oauth.processAuthorizationCodeResponse(server, client(config), response, {
        expectedNonce: trip.nonce,
        requireIdToken: true,
      });
      return { accessToken: result.access_token, claims: oauth.getValidatedIdTokenClaims(result), callback };
    }
    // Plain OAuth 2.0: only the access token counts. Providers add fields of their own (Twitch's scope is an
    // array, VK ID adds an id_token of its own kind), so the response is narrowed to the standard fields first.
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const narrowed = body
      ? Object.fromEntries(
          Object.entries(body).filter(([key]) =>
            ["access_token", "token_type", "expires_in", "error", "error_description"].includes(key),
          ),
        )
      : {};
    if (typeof narrowed.token_type === "string") narrowed.token_type = narrowed.token_type.toLowerCase();
    const result = await oauth.processAuthorizationCodeResponse(
      server,
      client(config),
      new Response(JSON.stringify(narrowed), {
        status: response.status,
        headers: { "Content-Type": "application/json" },
      }),
    );
    return { accessToken: result.access_token, callback };
  } catch (cause) {
    if (cause instanceof OAuthFailure) throw cause;
    throw new OAuthFailure("internal", `token exchange failed: ${String(cause)}`);
  }
}

/** The OIDC userinfo of the token, its `sub` checked against the id_token's. */
export async function oidcUserInfo(config: OAuthClientConfig, accessToken: string, subject: string) {
  const server = await authorizationServer(config);
  const response = await oauth.userInfoRequest(server, client(config), accessToken, requestOptions(config));
  return oauth.processUserInfoResponse(server, client(config), subject, response);
}

/** A JSON resource of the provider's API with the access token (profile endpoints of plain OAuth providers). */
export async function resourceJson(
  config: OAuthClientConfig,
  accessToken: string,
  request: {
    url: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: URLSearchParams;
    scheme?: string;
  },
): Promise<unknown> {
  const server = await authorizationServer(config);
  // With an issuer override the profile comes from that server's userinfo endpoint.
  const url = new URL(config.issuerOverride ? String(server.userinfo_endpoint) : request.url);
  const headers = new Headers(request.headers);
  headers.set("Accept", "application/json");
  headers.set("Authorization", `${request.scheme ?? "Bearer"} ${accessToken}`);
  const response = await fetch(url, {
    method: request.method ?? "GET",
    headers,
    body: request.body,
    redirect: "manual",
  });
  if (!response.ok) throw new OAuthFailure("internal", `profile request failed: ${response.status}`);
  return response.json();
}

/** An app access token (client credentials grant; Twitch's Helix API for EventSub). */
export async function appAccessToken(config: OAuthClientConfig): Promise<string> {
  const server = await authorizationServer(config);
  const response = await oauth.clientCredentialsGrantRequest(
    server,
    client(config),
    clientAuth(config),
    {},
    requestOptions(config),
  );
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const token = body?.access_token;
  if (!response.ok || typeof token !== "string") throw new OAuthFailure("internal", `app token: ${response.status}`);
  return token;
}
