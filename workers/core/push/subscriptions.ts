import { and, desc, eq, notInArray } from "drizzle-orm";
import { pushSubscriptions, type UserRow } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { readVapid } from "#workers/platform/push";
import { MAX_SUBSCRIPTIONS_PER_MEMBER, ZPushEndpoint, ZPushSubscription } from "./push.schemas";

export interface PushSubscriptionState {
  endpoint: string;
  is_subscribed: boolean;
}

function requireMember(ctx: RequestContext): UserRow {
  if (!ctx.actor) throw new AppError("unauthenticated", "Войдите на сайт, чтобы получать push-уведомления.");
  return ctx.actor;
}

/** GET /v1/push/key/: the VAPID public key browsers subscribe with; 404 while push is not configured. */
export function getPushKey(ctx: Pick<RequestContext, "vars">): { public_key: string } {
  const vapid = readVapid(ctx.vars);
  if (!vapid) throw new AppError("not_found", "Push-уведомления на сайте не настроены.");
  return { public_key: vapid.publicKey };
}

/**
 * POST /v1/push/subscription/: stores this browser's subscription for the signed-in member. The endpoint is
 * unique: a browser that was subscribed by another member (a shared computer) now belongs to this one. A member
 * keeps the newest MAX_SUBSCRIPTIONS_PER_MEMBER devices.
 */
export async function savePushSubscription(ctx: RequestContext, input: unknown): Promise<PushSubscriptionState> {
  const actor = requireMember(ctx);
  const { endpoint, keys } = parseInput(ZPushSubscription, input);
  const userAgent = ctx.request.headers.get("User-Agent")?.slice(0, 300) || null;
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db
      .insert(pushSubscriptions)
      .values({ userId: actor.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: actor.id, p256dh: keys.p256dh, auth: keys.auth, userAgent, createdAt: now, failureCount: 0 },
      }),
    ctx.db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, actor.id),
          notInArray(
            pushSubscriptions.id,
            ctx.db
              .select({ id: pushSubscriptions.id })
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.userId, actor.id))
              .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
              .limit(MAX_SUBSCRIPTIONS_PER_MEMBER),
          ),
        ),
      ),
  ]);
  return { endpoint, is_subscribed: true };
}

/**
 * DELETE /v1/push/subscription/: forgets the member's own subscription with this endpoint. Idempotent: an
 * endpoint that is unknown (or someone else's) is left alone and the answer is the same.
 */
export async function deletePushSubscription(ctx: RequestContext, input: unknown): Promise<PushSubscriptionState> {
  const actor = requireMember(ctx);
  const { endpoint } = parseInput(ZPushEndpoint, input);
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id)));
  return { endpoint, is_subscribed: false };
}
