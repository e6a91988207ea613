import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { activities, notifications, shoutViews } from "#drizzle/schema";
import { PRUNE_BATCH, pruneExpiredRows, RETENTION } from "#workers/jobs/retention";
import { runScheduledJobs } from "#workers/jobs/scheduled";
import { db, scalar } from "#tests/factories/db";
import { createShoutRow } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";

const DAY_MS = 86_400_000;

/**
 * The job's clock, on the hour: far enough ahead that every row made "now" by this file is past every retention
 * term, and so is every row already in these tables (other files sharing the database make some on clocks years
 * ahead; a young row before this file's would stop the job at it, as it only prunes below the first young row).
 */
async function later(): Promise<Date> {
  const latest = await scalar<number | null>(
    `SELECT max(t) FROM (
       SELECT max(created_at, updated_at) AS t FROM notifications
       UNION ALL SELECT created_at FROM activities
       UNION ALL SELECT (day + 1) * ${DAY_MS} FROM shout_views)`,
  );
  return new Date(Math.ceil((Math.max(Date.now(), latest ?? 0) + 400 * DAY_MS) / 3_600_000) * 3_600_000);
}

async function exists(table: string, id: number): Promise<boolean> {
  return (await scalar(`SELECT count(*) FROM ${table} WHERE id = ?`, id)) === 1;
}

describe("retention job", () => {
  it("prunes old notifications, activities and shout views in batches, and keeps the young and the regrouped", async () => {
    const LATER = await later();
    const ago = (days: number) => new Date(LATER.getTime() - days * DAY_MS);
    const member = await createUser();
    const shout = await createShoutRow(member);
    const note = (createdAt: Date, updatedAt: Date) =>
      db()
        .insert(notifications)
        .values({ userId: member.id, type: 1, title: "t", createdAt, updatedAt })
        .returning({ id: notifications.id })
        .then(([row]) => row.id);
    const old = await note(ago(RETENTION.notificationsDays + 1), ago(RETENTION.notificationsDays + 1));
    const regrouped = await note(ago(RETENTION.notificationsDays + 5), ago(1));
    const young = await note(ago(RETENTION.notificationsDays - 1), ago(RETENTION.notificationsDays - 1));

    // More old activities than one batch deletes, then a young one.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO activities (type, title, created_at) SELECT 1, 'a' || i, ? FROM n`,
    )
      .bind(PRUNE_BATCH + 7, ago(RETENTION.activitiesDays + 2).getTime())
      .run();
    const [youngActivity] = await db()
      .insert(activities)
      .values({ type: 1, title: "свежее", createdAt: ago(RETENTION.activitiesDays - 1) })
      .returning({ id: activities.id });

    const today = Math.floor(LATER.getTime() / DAY_MS);
    await db()
      .insert(shoutViews)
      .values([
        { shoutId: shout.id, viewer: "u:1", day: today - RETENTION.shoutViewDays - 3 },
        { shoutId: shout.id, viewer: "u:1", day: today - 1 },
        { shoutId: shout.id, viewer: "u:1", day: today },
      ]);

    // Retention is hourly: a tick in the middle of an hour does nothing.
    await runScheduledJobs(env, new Date(LATER.getTime() + 30 * 60_000), () => {}, "retention");
    expect(await exists("notifications", old)).toBe(true);

    await runScheduledJobs(env, LATER, () => {}, "retention");
    expect(await exists("notifications", old)).toBe(false);
    expect(await exists("notifications", regrouped)).toBe(true);
    expect(await exists("notifications", young)).toBe(true);
    expect(await scalar("SELECT count(*) FROM activities WHERE id < ?", youngActivity.id)).toBe(0);
    expect(await exists("activities", youngActivity.id)).toBe(true);
    expect(
      await scalar<number>("SELECT group_concat(day) FROM shout_views WHERE shout_id = ? ORDER BY day", shout.id),
    ).toBe(`${today - 1},${today}`);

    // A second run finds nothing more to do.
    expect(await pruneExpiredRows(db(), LATER)).toEqual({ notifications: 0, activities: 0, shoutViews: 0 });
  });
});
