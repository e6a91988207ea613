import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { ZodError } from "zod";
import { authAccounts, authStates, invitations, type UserRow, users } from "#drizzle/schema";
import { withSettingDefaults } from "#workers/core/accounts/accounts.constants";
import { ZEmail } from "#workers/core/accounts/accounts.schemas";
import { usernameConflict, usernameKeys } from "#workers/core/accounts/usernames";
import { getConfig } from "#workers/core/config/config";
import { AppError } from "#workers/core/errors";
import { AVATAR_SIZES } from "#workers/core/shared/media";
import { normaliseKey } from "#workers/core/shared/text";
import { setCookieHeaders, signedInCookies } from "#workers/platform/auth-cookies";
import type { RequestContext } from "#workers/platform/context";
import { randomToken, sha256 } from "#workers/platform/crypto";
import { putAll, squareVariants } from "#workers/platform/images";
import { authorizationUrl, exchangeCode, newRoundTrip, OAuthFailure } from "#workers/platform/oauth";
import {
  clearFlowCookie,
  FLOW_TTL_MS,
  type Flow,
  flowCookie,
  openFlow,
  readFlowCookie,
  sealFlow,
} from "#workers/platform/oauth-flow";
import { STEAM_OPENID_URL, steamLoginUrl, steamPlayer, verifySteamCallback } from "#workers/platform/oauth-steam";
import { hit } from "#workers/platform/rate-limit";
import { createSession, deleteSession } from "#workers/platform/session";
import { sendActivation } from "./activation";
import { oauthProvider, type ProviderProfile, steamEnabled } from "./providers";
import { type Ecode, isProviderSlug, type ProviderSlug } from "./providers.constants";
import { subscribeStreamOnline } from "./twitch";

/**
 * Social sign-in round trips (docs/decisions/0029-social-sign-in.md). `/auth/<provider>/login` starts one;
 * `/auth/<provider>/complete` ends it and always answers with a redirect to the page the member came from,
 * with `?ecode=` when the spec has a notice for the outcome:
 * - a linked account signs its member in; a signed-in member links a new one;
 * - an account linked to someone else, or a new account whose e-mail belongs to another member → `associated`;
 * - cancelled at the provider → `canceled`; no account yet: sign up with the provider's name (made unique) and
 *   avatar, unless sign-up is invitation-only without a valid code → `notallowed`; an e-mail the provider does not
 *   vouch for is mailed an activation link → `email`; a profile the site cannot read → `unknown` (ask an admin);
 *   anything else → `internal`.
 */

/** Where a round trip may return: a same-site path outside /auth/. */
export function returnPath(value: string | null | undefined, safe: (v: unknown) => string | null): string {
  const target = safe(value);
  return target && !target.toLowerCase().startsWith("/auth/") ? target : "/";
}

function callbackUrl(ctx: RequestContext, provider: ProviderSlug): string {
  return `${new URL(ctx.request.url).origin}/auth/${provider}/complete`;
}

function steamEndpoint(ctx: RequestContext): string {
  return ctx.vars.STEAM_OPENID_URL ?? STEAM_OPENID_URL;
}

/** The provider's sign-in page, and the signed cookie that remembers the round trip. */
export async function startSocialLogin(
  ctx: RequestContext,
  input: { provider: string; next: string; code?: string | null },
): Promise<{ location: string; cookie: string }> {
  const provider = input.provider;
  const oauthP = oauthProvider(provider);
  const config = oauthP?.config(ctx.vars) ?? null;
  if (!isProviderSlug(provider) || (provider === "steam" ? !steamEnabled(ctx.vars) : !config)) {
    throw new AppError("not_found", "Вход через этот сервис на сайте не настроен.");
  }
  await hit(ctx.db, [{ key: `social-start:${ctx.ip}`, limit: 30, windowSeconds: 60 }], ctx.now());
  const trip = newRoundTrip(!!config?.oidc);
  const flow: Flow = {
    p: provider,
    s: trip.state,
    v: provider === "steam" ? "" : trip.verifier,
    n: trip.nonce,
    r: input.next,
    i: (input.code ?? "").trim().slice(0, 64),
    u: ctx.actor?.id ?? 0,
    e: ctx.now().getTime() + FLOW_TTL_MS,
  };
  const cookie = flowCookie(ctx.request, await sealFlow(ctx.vars.SECRET_KEY, flow));
  const redirectUri = callbackUrl(ctx, provider);
  if (provider === "steam") {
    return { location: steamLoginUrl(steamEndpoint(ctx), `${redirectUri}?state=${trip.state}`), cookie };
  }
  if (!config) throw new AppError("not_found");
  return { location: await authorizationUrl(config, { ...trip, redirectUri }), cookie };
}

export interface CompletedLogin {
  location: string;
  headers: Headers;
  /** For tests and logs: the outcome. */
  outcome: "signed_in" | "linked" | "signed_up" | Ecode;
}

function withEcode(path: string, ecode: Ecode | null): string {
  if (!ecode) return path;
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set("ecode", ecode);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Ends a round trip at the callback; never throws (every failure is an `ecode`). */
export async function completeSocialLogin(ctx: RequestContext, provider: string): Promise<CompletedLogin> {
  const flow = await openFlow(ctx.vars.SECRET_KEY, readFlowCookie(ctx.request), ctx.now());
  const back = flow?.r ?? "/";
  const done = (outcome: CompletedLogin["outcome"], cookies: string[] = []): CompletedLogin => {
    const headers = setCookieHeaders([clearFlowCookie(ctx.request), ...cookies]);
    const ecode = ["signed_in", "linked", "signed_up"].includes(outcome) ? null : (outcome as Ecode);
    return { location: withEcode(back, ecode), headers, outcome };
  };
  try {
    const callback = new URL(ctx.request.url);
    if (!flow || flow.p !== provider || !isProviderSlug(provider)) return done("internal");
    // The member who started the round trip must be the one finishing it (a sign-in or out in between voids it).
    if ((ctx.actor?.id ?? 0) !== flow.u) return done("internal");
    if (callback.searchParams.get("state") !== flow.s) return done("internal");
    if (!(await consumeState(ctx, flow.s))) return done("internal");

    const profile = await readProfile(ctx, provider, flow, callback);
    return done(...(await settle(ctx, provider, profile, flow)));
  } catch (error) {
    if (error instanceof OAuthFailure) {
      if (error.kind !== "canceled") console.warn("social sign-in", provider, error.message);
      return done(error.kind);
    }
    console.error("social sign-in failed", provider, error);
    return done("internal");
  }
}

/** Marks the round trip's state used; false when it was used before (a replayed callback). */
async function consumeState(ctx: RequestContext, state: string): Promise<boolean> {
  const now = ctx.now();
  const [, inserted] = await ctx.db.batch([
    ctx.db.delete(authStates).where(lt(authStates.expiresAt, now)),
    ctx.db
      .insert(authStates)
      .values({ id: await sha256(state), expiresAt: new Date(now.getTime() + FLOW_TTL_MS) })
      .onConflictDoNothing()
      .returning({ id: authStates.id }),
  ]);
  return inserted.length === 1;
}

async function readProfile(
  ctx: RequestContext,
  provider: ProviderSlug,
  flow: Flow,
  callback: URL,
): Promise<ProviderProfile> {
  const redirectUri = callbackUrl(ctx, provider);
  if (provider === "steam") {
    const steamId = await verifySteamCallback(steamEndpoint(ctx), callback, `${redirectUri}?state=${flow.s}`);
    const player = ctx.vars.STEAM_API_KEY
      ? await steamPlayer(ctx.vars.STEAM_API_URL ?? "https://api.steampowered.com", ctx.vars.STEAM_API_KEY, steamId)
      : null;
    return {
      uid: steamId,
      name: player?.name ?? "",
      avatarUrl: player?.avatarUrl ?? null,
      email: null,
      emailVerified: false,
    };
  }
  const oauthP = oauthProvider(provider);
  const config = oauthP?.config(ctx.vars);
  if (!oauthP || !config) throw new OAuthFailure("internal", "provider switched off");
  const token = await exchangeCode(
    config,
    callback,
    { state: flow.s, verifier: flow.v, nonce: flow.n, redirectUri },
    oauthP.tokenParams,
  );
  try {
    return await oauthP.profile(config, { accessToken: token.accessToken, claims: token.claims });
  } catch (cause) {
    if (cause instanceof OAuthFailure) throw cause;
    // A profile without the fields the site needs: the provider or its app settings (scopes) need an admin.
    if (cause instanceof ZodError) throw new OAuthFailure("unknown", `profile not understood: ${cause.message}`);
    throw new OAuthFailure("internal", `profile: ${String(cause)}`);
  }
}

type Settled = [CompletedLogin["outcome"], string[]?];

async function settle(
  ctx: RequestContext,
  provider: ProviderSlug,
  profile: ProviderProfile,
  flow: Flow,
): Promise<Settled> {
  const now = ctx.now();
  const linked = await ctx.db.query.authAccounts.findFirst({
    where: and(eq(authAccounts.provider, provider), eq(authAccounts.uid, profile.uid)),
  });
  if (linked) {
    if (flow.u) return [linked.userId === flow.u ? "linked" : "associated"];
    const user = await ctx.db.query.users.findFirst({ where: eq(users.id, linked.userId) });
    if (!user) return ["internal"];
    // A banned or blocked member signs in and reads, as with a password; writes are refused (decision 0024).
    await ctx.db.batch([
      ctx.db
        .update(authAccounts)
        .set({ lastUsedAt: now, name: profile.name.slice(0, 100) })
        .where(eq(authAccounts.id, linked.id)),
      ctx.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id)),
    ]);
    return ["signed_in", await sessionCookies(ctx, user)];
  }
  if (flow.u) {
    await ctx.db.insert(authAccounts).values({
      userId: flow.u,
      provider,
      uid: profile.uid,
      name: profile.name.slice(0, 100),
      createdAt: now,
      lastUsedAt: now,
    });
    // Streams in the activity stream were asked for before Twitch was linked: subscribe now.
    if (provider === "twitch" && ctx.actor && withSettingDefaults(ctx.actor.settings).is_twitch_activity_enabled) {
      await subscribeStreamOnline(ctx, flow.u).catch((error) => console.error("twitch eventsub", error));
    }
    return ["linked"];
  }
  return signUpWithProvider(ctx, provider, profile, flow);
}

async function sessionCookies(ctx: RequestContext, user: UserRow): Promise<string[]> {
  if (ctx.sessionId) await deleteSession(ctx.db, ctx.sessionId);
  const session = await createSession(ctx.db, user.id, {
    now: ctx.now(),
    userAgent: ctx.request.headers.get("User-Agent"),
    ip: ctx.ip,
  });
  return signedInCookies(ctx, session, user.id);
}

async function signUpWithProvider(
  ctx: RequestContext,
  provider: ProviderSlug,
  profile: ProviderProfile,
  flow: Flow,
): Promise<Settled> {
  const now = ctx.now();
  const config = await getConfig(ctx);
  let invitation: typeof invitations.$inferSelect | undefined;
  if (config.is_sign_up_invitation_only || flow.i) {
    if (!flow.i) return ["notallowed"];
    invitation = await ctx.db.query.invitations.findFirst({
      where: and(eq(invitations.code, flow.i), isNull(invitations.usedAt), gt(invitations.expiresAt, now)),
    });
    if (!invitation && config.is_sign_up_invitation_only) return ["notallowed"];
  }
  await hit(ctx.db, [{ key: `social-sign-up:${ctx.ip}`, limit: 10, windowSeconds: 60 * 60 }], now);

  // An address the site would not accept in its own sign-up form is dropped (the member can still sign in).
  const email = ZEmail.safeParse(profile.email ?? "").success ? (profile.email as string).trim() : null;
  const emailKey = email ? normaliseKey(email) : null;
  if (emailKey) {
    // Never joined to an existing account by e-mail: its owner signs in and links the provider in settings.
    const owner = await ctx.db.query.users.findFirst({ columns: { id: true }, where: eq(users.emailKey, emailKey) });
    if (owner) return ["associated"];
  }
  const username = await freeUsername(ctx, profile.name);
  const needsActivation = !!email && !profile.emailVerified;
  const insertUser = ctx.db
    .insert(users)
    .values({
      username,
      ...usernameKeys(username),
      email: email ?? "",
      // Without an e-mail the key only has to be unique; it has no "@", so no sign-in or reset form can reach it.
      emailKey: emailKey ?? `~${provider}:${profile.uid}`,
      // No password: sign-in through the provider (a password can be set with the reset link when there is an e-mail).
      passwordHash: "",
      isActivated: !needsActivation,
      invitedBy: invitation?.userId ?? null,
      createdAt: now,
      lastSeenAt: now,
    })
    .returning();
  let user: UserRow;
  try {
    [user] = await insertUser;
  } catch (error) {
    if (String(error).includes("UNIQUE")) return ["associated"];
    throw error;
  }
  const link = ctx.db
    .insert(authAccounts)
    .values({
      userId: user.id,
      provider,
      uid: profile.uid,
      name: profile.name.slice(0, 100),
      createdAt: now,
      lastUsedAt: now,
    })
    .returning({ id: authAccounts.id });
  if (invitation) {
    const claim = ctx.db
      .update(invitations)
      .set({ usedAt: now, usedBy: user.id })
      .where(and(eq(invitations.code, invitation.code), isNull(invitations.usedAt)))
      .returning({ code: invitations.code });
    const [, claimed] = await ctx.db.batch([link, claim]).catch(async (error) => {
      await ctx.db.delete(users).where(eq(users.id, user.id));
      throw error;
    });
    if (!claimed.length && config.is_sign_up_invitation_only) {
      await ctx.db.delete(users).where(eq(users.id, user.id));
      return ["notallowed"];
    }
  } else {
    await link.catch(async (error) => {
      await ctx.db.delete(users).where(eq(users.id, user.id));
      if (String(error).includes("UNIQUE")) throw new OAuthFailure("internal", "linked concurrently");
      throw error;
    });
  }
  if (profile.avatarUrl) user = await importAvatar(ctx, user, profile.avatarUrl);
  const cookies = await sessionCookies(ctx, user);
  if (needsActivation) {
    await sendActivation(ctx, user);
    return ["email", cookies];
  }
  return ["signed_up", cookies];
}

const NAME_FALLBACK = "игрок";

/** The provider's name made a valid, free username (the look-alike check included). */
async function freeUsername(ctx: RequestContext, name: string): Promise<string> {
  let base = name
    .normalize("NFC")
    .trim()
    .replace(/\s+/g, "_")
    .replace(/[^\p{L}\p{N}_.-]/gu, "")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .slice(0, 24);
  if (base.length < 3) base = NAME_FALLBACK;
  for (let attempt = 0; attempt < 12; attempt++) {
    const candidate =
      attempt === 0 ? base : `${base}_${attempt < 6 ? attempt + 1 : Math.floor(1000 + Math.random() * 9000)}`;
    if (!(await usernameConflict(ctx.db, usernameKeys(candidate)))) return candidate;
  }
  return `${base}_${randomToken(4).replace(/[^A-Za-z0-9]/g, "")}`.slice(0, 32);
}

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The provider's picture as the new member's avatar; best effort (a failure leaves the default avatar). */
async function importAvatar(ctx: RequestContext, user: UserRow, avatarUrl: string): Promise<UserRow> {
  try {
    const url = new URL(avatarUrl);
    // Plain http only from a local test server, never in production.
    const local = ["127.0.0.1", "localhost"].includes(url.hostname) && ctx.vars.ENVIRONMENT !== "production";
    if (url.protocol !== "https:" && !local) return user;
    const response = await fetch(url, { redirect: "follow" });
    if (!response.ok) return user;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > AVATAR_MAX_BYTES) return user;
    const sizes = [AVATAR_SIZES.tiny, AVATAR_SIZES.small, AVATAR_SIZES.big];
    const variants = squareVariants(bytes, sizes, { field: "avatar" });
    const key = `avatars/${user.id}/${randomToken(9)}`;
    await putAll(
      ctx.env.MEDIA,
      sizes.map((size, i) => ({ key: `${key}-${size}.webp`, body: variants[i] })),
    );
    const [row] = await ctx.db.update(users).set({ avatarKey: key }).where(eq(users.id, user.id)).returning();
    return row;
  } catch (error) {
    console.warn("social avatar import failed", String(error));
    return user;
  }
}
