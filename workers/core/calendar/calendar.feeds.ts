import { eq } from "drizzle-orm";
import ical, { ICalCalendarMethod } from "ical-generator";
import { platforms } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";
import { addMonths, monthBounds, monthOf } from "./calendar.dates";
import { feedOwner } from "./calendar.members";
import { feedReleases, followedBy, listPlatforms, onPlatform } from "./calendar.read";
import type { GameRelease } from "./calendar.serializers";
import { gameUrl } from "./calendar.urls";

/**
 * iCalendar feeds (RFC 5545, written by ical-generator: plain JS, no Node APIs, runs in workerd) that Google,
 * Apple and Outlook calendars subscribe to: a member's private feed of the releases they follow, and a public
 * feed per platform. Only releases dated to the day are events — a date without time is an all-day event, a
 * timed one lasts an hour from its moment (UTC); a month, quarter or year is no day to put in a calendar.
 */

const FEED_NOT_FOUND = "Такой ленты календаря нет.";
/** A public feed holds the releases from the start of the previous month on. */
const PUBLIC_FEED_BACK_MONTHS = 1;

export interface FeedFile {
  body: string;
  filename: string;
}

function calendarOf(
  ctx: RequestContext,
  name: string,
  releases: GameRelease[],
  platformTitles: Map<number, string>,
): string {
  const origin = new URL(ctx.request.url).origin;
  const host = new URL(ctx.request.url).hostname;
  const calendar = ical({
    name,
    prodId: { company: "kostyor", product: "release-calendar", language: "RU" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60 * 6,
  });
  for (const release of releases) {
    if (!release.day) continue;
    const platformsText = release.platforms
      .map((p) => platformTitles.get(p.id))
      .filter(Boolean)
      .join(", ");
    const summary = release.note ? `${release.title} (${release.note})` : release.title;
    const url = `${origin}${gameUrl(release.game)}`;
    const common = {
      id: `release-${release.id}@${host}`,
      stamp: ctx.now(),
      summary,
      description: [platformsText, url].filter(Boolean).join("\n"),
      url,
    };
    if (release.has_time) {
      const start = new Date(release.datetime_released);
      calendar.createEvent({ ...common, start, end: new Date(start.getTime() + 60 * 60 * 1000) });
    } else {
      const [y, m, d] = release.day.split("-").map(Number);
      // Noon UTC: the same calendar day in whatever zone the library formats an all-day date.
      calendar.createEvent({ ...common, start: new Date(Date.UTC(y, m - 1, d, 12)), allDay: true });
    }
  }
  return calendar.toString();
}

async function platformTitles(ctx: RequestContext): Promise<Map<number, string>> {
  return new Map((await listPlatforms(ctx)).map((p) => [p.id, p.title]));
}

/**
 * The feed a file name names: "platform-<slug>.ics" (public) or "member-<id>-<token>.ics" (private; a wrong or
 * reset token is a 404, like a missing platform).
 */
export async function calendarFeed(ctx: RequestContext, file: string): Promise<FeedFile> {
  const platformMatch = /^platform-([a-z0-9-]{1,30})\.ics$/.exec(file);
  if (platformMatch) {
    const platform = (await ctx.db.select().from(platforms).where(eq(platforms.slug, platformMatch[1])).limit(1))[0];
    if (!platform) throw new AppError("not_found", FEED_NOT_FOUND);
    const since = new Date(monthBounds(addMonths(monthOf(ctx.now()), -PUBLIC_FEED_BACK_MONTHS))[0]);
    const [releases, titles] = await Promise.all([
      feedReleases(ctx, onPlatform(platform.id), since),
      platformTitles(ctx),
    ]);
    return {
      body: calendarOf(ctx, `Релизы: ${platform.title}`, releases, titles),
      filename: `platform-${platform.slug}.ics`,
    };
  }
  const memberMatch = /^member-(\d{1,12})-([\w-]{32})\.ics$/.exec(file);
  if (memberMatch) {
    const userId = await feedOwner(ctx, Number(memberMatch[1]), memberMatch[2]);
    if (!userId) throw new AppError("not_found", FEED_NOT_FOUND);
    const [releases, titles] = await Promise.all([
      feedReleases(ctx, followedBy(userId), new Date(0)),
      platformTitles(ctx),
    ]);
    return { body: calendarOf(ctx, "Мои релизы", releases, titles), filename: "my-releases.ics" };
  }
  throw new AppError("not_found", FEED_NOT_FOUND);
}
