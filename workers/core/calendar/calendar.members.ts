import { and, eq, sql } from "drizzle-orm";
import { calendarMembers, releaseSubscriptions, type UserRow } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { requireActor } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { hmacSha256, safeEqual } from "#workers/platform/crypto";
import { SITE_TIME_ZONE } from "./calendar.dates";
import { can } from "./calendar.policy";
import { ZCalendarSettings, ZReleaseRef } from "./calendar.schemas";
import { memberFeedUrl } from "./calendar.urls";
import { resolveRelease } from "./calendar.write";

/** Members and the calendar: following releases, their time zone, their private feed's secret address. */

const SIGN_IN = "Войдите на сайт, чтобы следить за релизами.";

function requireMember(ctx: RequestContext): UserRow {
  const actor = requireActor(ctx, SIGN_IN);
  if (!can(actor, "subscribe")) throw new AppError("forbidden");
  return actor;
}

/** The body of POST /v1/release/subscribe/: the release, and optionally the state wanted (else it toggles). */
function splitSubscribeInput(input: unknown): { ref: unknown; wanted: unknown } {
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ref: input, wanted: undefined };
  const { is_subscribed, ...ref } = input as Record<string, unknown>;
  return { ref, wanted: is_subscribed };
}

/**
 * POST /v1/release/subscribe/ (spec §7, `{game, date_released}` or `{release}`): follows the release, or stops
 * following it; `is_subscribed` (true/false) asks for a state instead of a toggle (a form sent twice stays put).
 */
export async function subscribeRelease(ctx: RequestContext, input: unknown): Promise<{ is_subscribed: boolean }> {
  const actor = requireMember(ctx);
  const { ref: rawRef, wanted: rawWanted } = splitSubscribeInput(input);
  const ref = parseInput(ZReleaseRef, rawRef);
  let wanted: boolean | undefined;
  if (rawWanted !== undefined) {
    if (typeof rawWanted === "boolean") wanted = rawWanted;
    else if (rawWanted === "true" || rawWanted === "1") wanted = true;
    else if (rawWanted === "false" || rawWanted === "0") wanted = false;
    else throw AppError.field("is_subscribed", "Нужно да или нет.");
  }
  const { release } = await resolveRelease(ctx, ref);
  const mine = and(eq(releaseSubscriptions.userId, actor.id), eq(releaseSubscriptions.releaseId, release.id));
  const existing = await ctx.db.select({ one: sql<number>`1` }).from(releaseSubscriptions).where(mine).limit(1);
  const following = existing.length > 0;
  const target = wanted ?? !following;
  if (target && !following) {
    await ctx.db
      .insert(releaseSubscriptions)
      .values({ userId: actor.id, releaseId: release.id, createdAt: ctx.now() })
      .onConflictDoNothing();
  } else if (!target && following) {
    await ctx.db.delete(releaseSubscriptions).where(mine);
  }
  return { is_subscribed: target };
}

// ─── settings and the private feed ─────────────────────────────────────────────────────────────────────────

export interface CalendarSettings {
  /** IANA name; null: Moscow time. */
  time_zone: string | null;
  /** The private iCalendar feed (site-relative; keep it secret). */
  feed_url: string;
}

async function memberRow(ctx: RequestContext, userId: number) {
  return (await ctx.db.select().from(calendarMembers).where(eq(calendarMembers.userId, userId)).limit(1))[0] ?? null;
}

function feedToken(ctx: Pick<RequestContext, "vars">, userId: number, generation: number): Promise<string> {
  return hmacSha256(ctx.vars.SECRET_KEY, `calendar-feed:${userId}:${generation}`).then((mac) => mac.slice(0, 32));
}

/** The member's time zone (Moscow when they chose none). */
export function memberTimeZone(row: { timeZone: string | null } | null | undefined): string {
  return row?.timeZone ?? SITE_TIME_ZONE;
}

export async function getCalendarSettings(ctx: RequestContext): Promise<CalendarSettings> {
  const actor = requireMember(ctx);
  const row = await memberRow(ctx, actor.id);
  return {
    time_zone: row?.timeZone ?? null,
    feed_url: memberFeedUrl(actor.id, await feedToken(ctx, actor.id, row?.feedGeneration ?? 0)),
  };
}

/**
 * PATCH /v1/release/settings/: the member's time zone ("" for Moscow time) and, with `reset_feed`, a new secret
 * address for the private feed (the old one stops working).
 */
export async function updateCalendarSettings(ctx: RequestContext, input: unknown): Promise<CalendarSettings> {
  const actor = requireMember(ctx);
  const fields = parseInput(ZCalendarSettings, input);
  const now = ctx.now();
  const set = {
    ...(fields.time_zone !== undefined ? { timeZone: fields.time_zone } : {}),
    ...(fields.reset_feed ? { feedGeneration: sql`${calendarMembers.feedGeneration} + 1` } : {}),
    updatedAt: now,
  };
  await ctx.db
    .insert(calendarMembers)
    .values({
      userId: actor.id,
      timeZone: fields.time_zone ?? null,
      feedGeneration: fields.reset_feed ? 1 : 0,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: calendarMembers.userId, set });
  return getCalendarSettings(ctx);
}

/**
 * The member a private feed's file name ("member-<id>-<token>.ics") belongs to, when its token is their current
 * one; null otherwise (a reset token, a made-up one).
 */
export async function feedOwner(ctx: RequestContext, userId: number, token: string): Promise<number | null> {
  const row = await memberRow(ctx, userId);
  const expected = await feedToken(ctx, userId, row?.feedGeneration ?? 0);
  if (!safeEqual(expected, token)) return null;
  return userId;
}
