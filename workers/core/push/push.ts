import { and, eq, gte, sql } from "drizzle-orm";
import { pushSubscriptions } from "#drizzle/schema";
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

async function deliverToAwayMember(
  ctx: PushContext,
  userId: number,
  payload: PushPayload,
  options: PushOptions,
): Promise<void> {
  const vapid = readVapid(ctx.vars);
  if (!vapid) return;
  const subscriptions = await ctx.db.query.pushSubscriptions.findMany({ where: eq(pushSubscriptions.userId, userId) });
  if (!subscriptions.length) return;
  let online: boolean;
  try {
    online = await isUserOnline(ctx.env, ctx.vars.REALTIME_SHARDS, userId);
  } catch (error) {
    // Presence unknown: skip rather than notify twice (the notification waits on the site anyway).
    console.error("web push skipped: presence check failed", error);
    return;
  }
  if (online) return;
  const message: PushPayload = {
    notification_id: payload.notification_id,
    title: clip(payload.title, TITLE_MAX),
    body: clip(payload.body, BODY_MAX),
    url: sitePath(payload.url),
  };
  await Promise.all(subscriptions.map((row) => deliverOne(ctx, row, message, vapid, options)));
}

async function deliverOne(
  ctx: PushContext,
  row: { id: number; endpoint: string; p256dh: string; auth: string },
  message: PushPayload,
  vapid: VapidConfig,
  options: PushOptions,
): Promise<void> {
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
}
