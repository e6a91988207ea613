import { and, eq, gte, lte, sql } from "drizzle-orm";
import { calendarMembers, gameReleases, games, releaseSubscriptions } from "#drizzle/schema";
import { dayOf, releaseDateLabel, releaseDay } from "#workers/core/calendar/calendar.dates";
import { memberTimeZone } from "#workers/core/calendar/calendar.members";
import { gameUrl } from "#workers/core/calendar/calendar.urls";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { fanOutNotification } from "./queue.producer";
import type { Job, JobContext } from "./scheduled";

/**
 * Release-day reminders: on the day a followed release comes out — the day in the member's time zone (Moscow time
 * when they chose none) — the member gets a notification of type 9 (gamepad) and, with no tab open, a web push.
 * Once: the sent-marker rows (member, release, day) are inserted first, a thousand a statement, and only the members
 * whose marker this run inserted are told, so a rerun, or two runs at once, send nothing twice; a release moved to
 * another day reminds again on that day. The notifications go through the queue (docs/decisions/0037): this run
 * writes the markers and queues one message per hundred members (sendBatch, 100 messages a call), however many
 * follow the release.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sent-markers written by one statement. */
const MARKERS_PER_STATEMENT = 1000;

interface ReminderGroup {
  releaseId: number;
  day: string;
  game: { id: number; title: string };
  message: string;
  members: number[];
}

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
  // The members whose release day it is, grouped by what their reminder says (a timed release reads by zone).
  const groups = new Map<string, ReminderGroup>();
  for (const row of due) {
    const zone = memberTimeZone(row);
    const day = releaseDay(row.release, zone);
    if (day !== dayOf(now, zone)) continue;
    const when = row.release.hasTime ? releaseDateLabel(row.release, zone) : "сегодня";
    const message = row.release.note ? `${row.release.note}: ${when}` : `Выход: ${when}`;
    const key = `${row.release.id}|${day}|${message}`;
    const group = groups.get(key) ?? { releaseId: row.release.id, day, game: row.game, message, members: [] };
    group.members.push(row.userId);
    groups.set(key, group);
  }
  let sent = 0;
  for (const group of groups.values()) {
    // The markers first, a thousand members a statement (their ids travel as one JSON array).
    const members: number[] = [];
    for (let i = 0; i < group.members.length; i += MARKERS_PER_STATEMENT) {
      const chunk = group.members.slice(i, i + MARKERS_PER_STATEMENT);
      const marked = await db.all<{ user_id: number }>(sql`
        INSERT INTO release_reminders (user_id, release_id, day, sent_at)
        SELECT value, ${group.releaseId}, ${group.day}, ${now.getTime()} FROM json_each(${JSON.stringify(chunk)})
        WHERE true ON CONFLICT DO NOTHING RETURNING user_id`);
      members.push(...marked.map((r) => r.user_id));
    }
    if (!members.length) continue;
    try {
      await fanOutNotification(job.env, {
        key: `release:${group.releaseId}:${group.day}`,
        recipients: members,
        actorId: null,
        type: STREAM_TYPE.game,
        texts: {
          pre_title: "Сегодня выходит",
          title: group.game.title,
          title_url: gameUrl(group.game.id),
          message: group.message,
          message_url: gameUrl(group.game.id),
        },
        sourceKey: `release:${group.releaseId}`,
        at: now.getTime(),
      });
    } catch (error) {
      // Not queued: this run's markers go, so the next run tries these members again.
      for (let i = 0; i < members.length; i += MARKERS_PER_STATEMENT) {
        await db.run(sql`
          DELETE FROM release_reminders WHERE release_id = ${group.releaseId} AND day = ${group.day}
            AND user_id IN (SELECT value FROM json_each(${JSON.stringify(members.slice(i, i + MARKERS_PER_STATEMENT))}))`);
      }
      throw error;
    }
    sent += members.length;
  }
  return sent;
}

export const releaseRemindersJob: Job = {
  name: "release-reminders",
  run: async (job) => {
    await sendReleaseReminders(job);
  },
};
