import { and, eq, lt } from "drizzle-orm";
import { authAccounts, twitchMessages, twitchSubscriptions, type UserRow, users } from "#drizzle/schema";
import { withSettingDefaults } from "#workers/core/accounts/accounts.constants";
import { recordActivity } from "#workers/core/activity/activity";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import type { RequestContext } from "#workers/platform/context";
import { safeEqual } from "#workers/platform/crypto";
import { appAccessToken } from "#workers/platform/oauth";
import { twitchConfig } from "./providers";

/**
 * Twitch streams in the activity stream (`is_twitch_activity_enabled`, spec §3; docs/decisions/0029). Turning the
 * setting on subscribes to EventSub `stream.online` for the member's linked Twitch account (Helix API, app token);
 * turning it off removes the subscription. Twitch calls /webhooks/twitch/eventsub: each message is verified by its
 * HMAC-SHA256 signature over id + timestamp + body with TWITCH_EVENTSUB_SECRET, refused when older than 10 minutes,
 * and handled once per message id (Twitch retries; a replay is acknowledged and ignored).
 */

export const TWITCH_API_URL = "https://api.twitch.tv/helix";
export const EVENTSUB_MAX_AGE_MS = 10 * 60 * 1000;
export const EVENTSUB_PATH = "/webhooks/twitch/eventsub";

function helix(ctx: RequestContext): string {
  return (ctx.vars.TWITCH_API_URL ?? TWITCH_API_URL).replace(/\/$/, "");
}

/** The live stream's page for an activity item. */
function channelUrl(login: string): string {
  return `https://www.twitch.tv/${encodeURIComponent(login)}`;
}

async function helixRequest(ctx: RequestContext, method: string, path: string, body?: unknown): Promise<Response> {
  const config = twitchConfig(ctx.vars);
  if (!config) throw new Error("twitch is not configured");
  const token = await appAccessToken(config);
  return fetch(`${helix(ctx)}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      "Client-Id": config.clientId,
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: "manual",
  });
}

/** Called when the member's settings change: subscribe or unsubscribe as `is_twitch_activity_enabled` says. */
export async function onTwitchSettingChanged(ctx: RequestContext, user: UserRow, before: boolean, after: boolean) {
  if (before === after) return;
  try {
    if (after) await subscribeStreamOnline(ctx, user.id);
    else await unsubscribeStreamOnline(ctx, user.id);
  } catch (error) {
    // The setting itself is saved; the subscription is retried the next time it is turned on.
    console.error("twitch eventsub", error);
  }
}

export async function subscribeStreamOnline(ctx: RequestContext, userId: number): Promise<boolean> {
  const secret = ctx.vars.TWITCH_EVENTSUB_SECRET;
  if (!secret || !twitchConfig(ctx.vars)) return false;
  const account = await ctx.db.query.authAccounts.findFirst({
    where: and(eq(authAccounts.userId, userId), eq(authAccounts.provider, "twitch")),
  });
  if (!account) return false;
  const response = await helixRequest(ctx, "POST", "/eventsub/subscriptions", {
    type: "stream.online",
    version: "1",
    condition: { broadcaster_user_id: account.uid },
    transport: { method: "webhook", callback: `${new URL(ctx.request.url).origin}${EVENTSUB_PATH}`, secret },
  });
  const body = (await response.json().catch(() => null)) as { data?: { id?: string }[] } | null;
  // 409: Twitch already has this subscription (made before); it keeps working.
  if (!response.ok && response.status !== 409) throw new Error(`helix subscribe: ${response.status}`);
  const subscriptionId = body?.data?.[0]?.id ?? null;
  await ctx.db
    .insert(twitchSubscriptions)
    .values({ userId, broadcasterId: account.uid, subscriptionId, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: twitchSubscriptions.userId, set: { broadcasterId: account.uid, subscriptionId } });
  return true;
}

export async function unsubscribeStreamOnline(ctx: RequestContext, userId: number): Promise<void> {
  const row = await ctx.db.query.twitchSubscriptions.findFirst({ where: eq(twitchSubscriptions.userId, userId) });
  if (!row) return;
  if (row.subscriptionId && twitchConfig(ctx.vars)) {
    const response = await helixRequest(
      ctx,
      "DELETE",
      `/eventsub/subscriptions?id=${encodeURIComponent(row.subscriptionId)}`,
    );
    if (!response.ok && response.status !== 404) throw new Error(`helix unsubscribe: ${response.status}`);
  }
  await ctx.db.delete(twitchSubscriptions).where(eq(twitchSubscriptions.userId, userId));
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Twitch's signature header for a message (tests sign with it too). */
export async function eventsubSignature(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  return `sha256=${await hmacHex(secret, id + timestamp + body)}`;
}

interface EventsubMessage {
  subscription?: { id?: string; type?: string; status?: string };
  challenge?: string;
  event?: {
    broadcaster_user_id?: string;
    broadcaster_user_login?: string;
    broadcaster_user_name?: string;
    type?: string;
  };
}

/** Handles one webhook request; the answer is what Twitch expects (the challenge, 204, or 403 for a bad signature). */
export async function handleEventsub(ctx: RequestContext): Promise<Response> {
  const secret = ctx.vars.TWITCH_EVENTSUB_SECRET;
  if (!secret) return new Response(null, { status: 404 });
  const request = ctx.request;
  const id = request.headers.get("Twitch-Eventsub-Message-Id") ?? "";
  const timestamp = request.headers.get("Twitch-Eventsub-Message-Timestamp") ?? "";
  const signature = request.headers.get("Twitch-Eventsub-Message-Signature") ?? "";
  const type = request.headers.get("Twitch-Eventsub-Message-Type") ?? "";
  const body = await request.text();
  if (!id || id.length > 100 || !timestamp || body.length > 100_000) return new Response(null, { status: 400 });
  if (!safeEqual(signature, await eventsubSignature(secret, id, timestamp, body))) {
    return new Response("bad signature", { status: 403 });
  }
  const now = ctx.now();
  const sent = Date.parse(timestamp);
  if (!Number.isFinite(sent) || Math.abs(now.getTime() - sent) > EVENTSUB_MAX_AGE_MS) {
    return new Response("stale message", { status: 403 });
  }
  // Once per message id: the insert finds the id when Twitch (or anyone replaying a captured message) resends it.
  const [, fresh] = await ctx.db.batch([
    ctx.db
      .delete(twitchMessages)
      .where(lt(twitchMessages.receivedAt, new Date(now.getTime() - 2 * EVENTSUB_MAX_AGE_MS))),
    ctx.db
      .insert(twitchMessages)
      .values({ id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: twitchMessages.id }),
  ]);
  let message: EventsubMessage;
  try {
    message = JSON.parse(body) as EventsubMessage;
  } catch {
    return new Response(null, { status: 400 });
  }
  if (type === "webhook_callback_verification") {
    return new Response(String(message.challenge ?? ""), { status: 200, headers: { "Content-Type": "text/plain" } });
  }
  if (!fresh.length) return new Response(null, { status: 204 });
  if (type === "revocation" && message.subscription?.id) {
    await ctx.db.delete(twitchSubscriptions).where(eq(twitchSubscriptions.subscriptionId, message.subscription.id));
  } else if (type === "notification" && message.subscription?.type === "stream.online") {
    await streamWentLive(ctx, message.event ?? {});
  }
  return new Response(null, { status: 204 });
}

async function streamWentLive(ctx: RequestContext, event: NonNullable<EventsubMessage["event"]>): Promise<void> {
  const broadcaster = String(event.broadcaster_user_id ?? "");
  if (!broadcaster) return;
  const rows = await ctx.db
    .select({ user: users })
    .from(twitchSubscriptions)
    .innerJoin(users, eq(users.id, twitchSubscriptions.userId))
    .where(eq(twitchSubscriptions.broadcasterId, broadcaster))
    .limit(1);
  const user = rows[0]?.user;
  if (!user || user.isBanned || !withSettingDefaults(user.settings).is_twitch_activity_enabled) return;
  const login = String(event.broadcaster_user_login ?? "").slice(0, 60);
  await recordActivity(ctx, {
    actor: user,
    type: STREAM_TYPE.twitch,
    texts: {
      pre_title: "начал(а) трансляцию на Twitch",
      title: String(event.broadcaster_user_name || login || user.username).slice(0, 100),
      title_url: login ? channelUrl(login) : `/users/${user.id}`,
    },
    sourceKey: `twitch:${user.id}`,
  });
}
