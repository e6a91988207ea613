import { and, eq, gte, sql } from "drizzle-orm";
import { pushSubscriptions } from "#drizzle/schema";
import { queuePush } from "#workers/jobs/queue.producer";
import type { RequestContext } from "#workers/platform/context";
import {
  encryptPushPayload,
  type PushOutcome,
  type PushPayload,
  readVapid,
  sendPushRequest,
  type VapidConfig,
} from "#workers/platform/push";
import { isUserOnline } from "#workers/realtime/presence";
import { MAX_PUSH_FAILURES } from "./push.schemas";

export type { PushPayload } from "#workers/platform/push";

/** Limits that keep a payload well inside one 4 KB push record (Cyrillic takes 2 bytes a letter). */
const TITLE_MAX = 150;
const BODY_MAX = 600;
const URL_MAX = 1000;

export interface PushOptions {
  /** The fetch that reaches the push services; tests pass a recorder (there is no network in tests). */
  fetch?: typeof fetch;
  /** Only this one of the member's devices (the queue delivers to each device on its own). */
  subscriptionId?: number;
}

type PushContext = Pick<RequestContext, "env" | "vars" | "db" | "now" | "waitUntil">;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A site-relative URL (the service worker opens it on this origin); anything else becomes the home page. */
function sitePath(url: string): string {
  if (!url.startsWith("/") || url.startsWith("//") || url.length > URL_MAX) return "/";
  return url;
}

/**
 * Sends a web push about a notification to each of the member's devices, but only when the member has no open
 * tab (an open tab shows it through the realtime socket). The work runs in `ctx.waitUntil`; this never throws.
 * A subscription the push service no longer knows (404/410) is deleted; other failures are counted, and a
 * subscription that failed MAX_PUSH_FAILURES times in a row is dropped.
 */
export function pushToAwayMember(
  ctx: PushContext,
  userId: number,
  payload: PushPayload,
  options: PushOptions = {},
): void {
  try {
    ctx.waitUntil(
      deliverToAwayMember(ctx, userId, payload, options).catch((error) => {
        console.error("web push failed", error);
      }),
    );
  } catch (error) {
    console.error("web push failed", error);
  }
}

/**
 * Queues a web push about a notification (docs/decisions/0037-queues-fan-out.md): after the response, and only for
 * a member with a device subscribed while push is configured; the queue consumer delivers it with retries
 * (deliverToAwayMember). Never throws.
 */
export function queuePushToAwayMember(
  ctx: Pick<RequestContext, "env" | "vars" | "db" | "waitUntil">,
  userId: number,
  payload: PushPayload,
): void {
  if (!readVapid(ctx.vars)) return;
  const work = async () => {
    const [device] = await ctx.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .limit(1);
    if (device) await queuePush(ctx.env, { userId, payload });
  };
  try {
    ctx.waitUntil(work().catch((error) => console.error("queueing a web push failed", error)));
  } catch (error) {
    console.error("queueing a web push failed", error);
  }
}

/** The member's devices a push goes to (one of them with `subscriptionId`). */
export function pushDevices(ctx: Pick<RequestContext, "db">, userId: number, subscriptionId?: number) {
  return ctx.db.query.pushSubscriptions.findMany({
    where: subscriptionId
      ? and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, subscriptionId))
      : eq(pushSubscriptions.userId, userId),
  });
}

/**
 * Delivers a push to the member's devices (or the one device of `options.subscriptionId`) unless they have a tab
 * open or push is off; resolves to each device's outcome. Throws when presence cannot be checked.
 */
export async function deliverToAwayMember(
  ctx: PushContext,
  userId: number,
  payload: PushPayload,
  options: PushOptions,
): Promise<PushOutcome[]> {
  const vapid = readVapid(ctx.vars);
  if (!vapid) return [];
  const subscriptions = await pushDevices(ctx, userId, options.subscriptionId);
  if (!subscriptions.length) return [];
  if (await isUserOnline(ctx.env, ctx.vars.REALTIME_SHARDS, userId)) return [];
  const message: PushPayload = {
    notification_id: payload.notification_id,
    title: clip(payload.title, TITLE_MAX),
    body: clip(payload.body, BODY_MAX),
    url: sitePath(payload.url),
  };
  return Promise.all(subscriptions.map((row) => deliverOne(ctx, row, message, vapid, options)));
}

async function deliverOne(
  ctx: PushContext,
  row: { id: number; endpoint: string; p256dh: string; auth: string },
  message: PushPayload,
  vapid: VapidConfig,
  options: PushOptions,
): Promise<PushOutcome> {
  let outcome: PushOutcome;
  try {
    const request = await encryptPushPayload(row, message, vapid);
    outcome = await sendPushRequest(request, options.fetch);
  } catch (error) {
    outcome = { kind: "failed", status: null, detail: error instanceof Error ? error.message : String(error) };
  }
  const id = row.id;
  if (outcome.kind === "delivered") {
    await ctx.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: ctx.now(), failureCount: 0 })
      .where(eq(pushSubscriptions.id, id));
  } else if (outcome.kind === "gone") {
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  } else {
    const answer = outcome.status === null ? "no answer" : `HTTP ${outcome.status}`;
    console.warn(`web push to subscription ${id} failed (${answer}): ${outcome.detail}`);
    await ctx.db.batch([
      ctx.db
        .update(pushSubscriptions)
        .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
        .where(eq(pushSubscriptions.id, id)),
      ctx.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), gte(pushSubscriptions.failureCount, MAX_PUSH_FAILURES))),
    ]);
  }
  return outcome;
}
