import { and, eq, gte, lte } from "drizzle-orm";
import { calendarMembers, gameReleases, games, releaseReminders, releaseSubscriptions } from "#drizzle/schema";
import { releaseDateLabel, releaseDay, dayOf } from "#workers/core/calendar/calendar.dates";
import { memberTimeZone } from "#workers/core/calendar/calendar.members";
import { gameUrl } from "#workers/core/calendar/calendar.urls";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { notify } from "#workers/core/notifications/notifications";
import { jobRequestContext } from "./job-context";
import type { Job, JobContext } from "./scheduled";

/**
 * Release-day reminders: on the day a followed release comes out — the day in the member's time zone (Moscow time
 * when they chose none) — the member gets a notification of type 9 (gamepad) and, with no tab open, a web push.
 * Once: the sent-marker row (member, release, day) is inserted first and only the run that inserted it notifies,
 * so a rerun, or two runs at once, send nothing twice; a release moved to another day reminds again on that day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function sendReleaseReminders(job: JobContext): Promise<number> {
  const { db, now } = job;
  // Every day release within a day and a half of now on either side: time zones run from UTC−12 to UTC+14.
  const due = await db
    .select({
      userId: releaseSubscriptions.userId,
      release: gameReleases,
      game: { id: games.id, title: games.title },
      timeZone: calendarMembers.timeZone,
    })
    .from(releaseSubscriptions)
    .innerJoin(gameReleases, eq(gameReleases.id, releaseSubscriptions.releaseId))
    .innerJoin(games, eq(games.id, gameReleases.gameId))
    .leftJoin(calendarMembers, eq(calendarMembers.userId, releaseSubscriptions.userId))
    .where(
      and(
        eq(gameReleases.precision, "day"),
        gte(gameReleases.releasedAt, new Date(now.getTime() - 1.5 * DAY_MS)),
        lte(gameReleases.releasedAt, new Date(now.getTime() + 1.5 * DAY_MS)),
      ),
    );
  const ctx = jobRequestContext(job);
  let sent = 0;
  for (const row of due) {
    const zone = memberTimeZone(row);
    const day = releaseDay(row.release, zone);
    if (day !== dayOf(now, zone)) continue;
    const marked = await db
      .insert(releaseReminders)
      .values({ userId: row.userId, releaseId: row.release.id, day, sentAt: now })
      .onConflictDoNothing()
      .returning({ day: releaseReminders.day });
    if (!marked.length) continue;
    const when = row.release.hasTime ? releaseDateLabel(row.release, zone) : "сегодня";
    await notify(ctx, {
      recipientId: row.userId,
      actor: null,
      type: STREAM_TYPE.game,
      texts: {
        pre_title: "Сегодня выходит",
        title: row.game.title,
        title_url: gameUrl(row.game.id),
        message: row.release.note ? `${row.release.note}: ${when}` : `Выход: ${when}`,
        message_url: gameUrl(row.game.id),
      },
      sourceKey: `release:${row.release.id}`,
      at: now,
    });
    sent += 1;
  }
  return sent;
}

export const releaseRemindersJob: Job = {
  name: "release-reminders",
  run: async (job) => {
    await sendReleaseReminders(job);
  },
};
