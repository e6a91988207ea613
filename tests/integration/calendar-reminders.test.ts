import { env } from "cloudflare:test";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { guestClient, json, memberClient } from "#tests/factories/client";
import { eventually, scalar } from "#tests/factories/db";
import { runScheduledJobs } from "#workers/jobs/scheduled";

/** The reminder job (once per member, release and day, by the member's time zone), date-change notices, the feeds. */

type Game = { id: number; releases: { id: number; date_released: string }[] };

async function platformId(slug: string): Promise<number> {
  return scalar<number>("SELECT id FROM platforms WHERE slug = ?", slug);
}

async function newGame(title: string, date: string, slugs = ["pc"]): Promise<Game> {
  const { client } = await memberClient({ isDbEditor: true });
  const platforms = await Promise.all(slugs.map(platformId));
  const res = await client.post("/game/", { title, platforms, datetime_released: date });
  expect(res.status).toBe(201);
  return json<Game>(res);
}

async function gameNotifications(userId: number) {
  const rows = await env.DB.prepare(
    "SELECT type, pre_title, title, title_url, message, actor_id FROM notifications WHERE user_id = ? AND type = 9 ORDER BY id",
  )
    .bind(userId)
    .all<{
      type: number;
      pre_title: string;
      title: string;
      title_url: string;
      message: string;
      actor_id: number | null;
    }>();
  return rows.results;
}

/** Reminders and date-change notices arrive through the jobs queue (docs/decisions/0037): wait for the n-th. */
async function received(userId: number, n: number) {
  await eventually(async () => (await gameNotifications(userId)).length >= n, 10_000);
}

describe("release reminders", { timeout: 30_000 }, () => {
  it("come once on the release day (Moscow time by default): not the day before, not twice on a rerun", async () => {
    const game = await newGame("Напоминалка", "2040-05-10");
    const { client, user } = await memberClient();
    expect(
      await json(await client.post("/release/subscribe/", { game: game.id, date_released: "2040-05-10" })),
    ).toEqual({
      is_subscribed: true,
    });
    // 23:30 Moscow on the 9th: not yet.
    await runScheduledJobs(env, new Date("2040-05-09T20:30:00Z"));
    expect(await gameNotifications(user.id)).toEqual([]);
    // 00:05 Moscow on the 10th (21:05 UTC on the 9th): the reminder, from the site itself.
    await runScheduledJobs(env, new Date("2040-05-09T21:05:00Z"));
    await received(user.id, 1);
    const sent = await gameNotifications(user.id);
    expect(sent).toEqual([
      {
        type: 9,
        pre_title: "Сегодня выходит",
        title: "Напоминалка",
        title_url: `/calendar/games/${game.id}`,
        message: "Выход: сегодня",
        actor_id: null,
      },
    ]);
    // Reruns the same day, and the same moment again: nothing more.
    await runScheduledJobs(env, new Date("2040-05-09T21:05:00Z"));
    await runScheduledJobs(env, new Date("2040-05-10T12:00:00Z"));
    await runScheduledJobs(env, new Date("2040-05-10T20:55:00Z"));
    expect(await gameNotifications(user.id)).toHaveLength(1);
    expect(await scalar("SELECT count(*) FROM release_reminders WHERE user_id = ?", user.id)).toBe(1);
  });

  it("a timed release comes on the member's own day: Vladivostok hears of a 20:00 Moscow release the next day", async () => {
    // 20:00 Moscow on 1 June = 03:00 on 2 June in Vladivostok (UTC+10).
    const game = await newGame("Ночной релиз", "2040-06-01T20:00");
    const { client: moscow, user: moscowUser } = await memberClient();
    const { client: far, user: farUser } = await memberClient();
    for (const c of [moscow, far]) await c.post("/release/subscribe/", { release: game.releases[0].id });
    const zone = await far.patch("/release/settings/", { time_zone: "Asia/Vladivostok" });
    expect(await json(zone)).toMatchObject({ time_zone: "Asia/Vladivostok" });
    expect((await far.patch("/release/settings/", { time_zone: "Марс/Олимп" })).status).toBe(400);

    // 12:00 Moscow on 1 June (19:00 in Vladivostok): Moscow's day, not yet Vladivostok's.
    await runScheduledJobs(env, new Date("2040-06-01T09:00:00Z"));
    await received(moscowUser.id, 1);
    expect((await gameNotifications(moscowUser.id)).map((n) => n.message)).toEqual(["Выход: 1 июня 2040, 20:00 МСК"]);
    expect(await gameNotifications(farUser.id)).toEqual([]);
    // 08:00 on 2 June in Vladivostok.
    await runScheduledJobs(env, new Date("2040-06-01T22:00:00Z"));
    await received(farUser.id, 1);
    expect((await gameNotifications(farUser.id)).map((n) => n.message)).toEqual(["Выход: 2 июня 2040, 03:00"]);
    expect(await gameNotifications(moscowUser.id)).toHaveLength(1);
  });

  it("a member who stopped following, or a month-only date, gets no reminder", async () => {
    const day = await newGame("Передумал", "2040-07-03");
    const month = await newGame("Когда-нибудь в июле", "2040-07");
    const { client, user } = await memberClient();
    await client.post("/release/subscribe/", { release: day.releases[0].id });
    expect(await json(await client.post("/release/subscribe/", { release: day.releases[0].id }))).toEqual({
      is_subscribed: false,
    });
    await client.post("/release/subscribe/", { release: month.releases[0].id, is_subscribed: true });
    for (const at of ["2040-07-01T09:00:00Z", "2040-07-03T09:00:00Z"]) await runScheduledJobs(env, new Date(at));
    expect(await gameNotifications(user.id)).toEqual([]);
  });

  it("when a followed date changes, followers hear the old and the new date; the reminder follows the new day", async () => {
    const { client: editor, user: editorUser } = await memberClient({ isDbEditor: true });
    const pc = await platformId("pc");
    const game = await json<Game>(
      await editor.post("/game/", { title: "Переносная игра", platforms: [pc], datetime_released: "2040-09-15" }),
    );
    const { client, user } = await memberClient();
    const { client: other, user: otherUser } = await memberClient();
    await client.post("/release/subscribe/", { game: game.id, date_released: "2040-09-15" });
    await runScheduledJobs(env, new Date("2040-09-15T09:00:00Z"));
    await received(user.id, 1);
    expect(await gameNotifications(user.id)).toHaveLength(1);

    const moved = await editor.patch(`/game/${game.id}/`, { datetime_released: "2040-Q4" });
    expect(moved.status).toBe(200);
    await received(user.id, 2);
    const notices = await gameNotifications(user.id);
    expect(notices.at(-1)).toMatchObject({
      pre_title: "Дата выхода изменилась:",
      title: "Переносная игра",
      message: "Было: 15 сентября 2040. Стало: IV квартал 2040.",
    });
    expect(await gameNotifications(otherUser.id)).toEqual([]);
    expect(await gameNotifications(editorUser.id)).toEqual([]);
    // A title change alone tells nobody.
    await editor.patch(`/game/${game.id}/`, { title: "Переносная игра: издание" });
    expect(await gameNotifications(user.id)).toHaveLength(2);

    await editor.patch(`/game/${game.id}/`, { datetime_released: "2040-11-20" });
    await received(user.id, 3);
    expect((await gameNotifications(user.id)).at(-1)?.message).toBe("Было: IV квартал 2040. Стало: 20 ноября 2040.");
    await runScheduledJobs(env, new Date("2040-11-20T09:00:00Z"));
    await runScheduledJobs(env, new Date("2040-11-20T10:00:00Z"));
    await received(user.id, 4);
    expect((await gameNotifications(user.id)).map((n) => n.pre_title)).toEqual([
      "Сегодня выходит",
      "Дата выхода изменилась:",
      "Дата выхода изменилась:",
      "Сегодня выходит",
    ]);
    await other.post("/release/subscribe/", { release: game.releases[0].id });
  });
});

describe("iCalendar feeds", () => {
  it("the private feed holds the followed day releases; an independent parser reads each field; a reset kills the old URL", async () => {
    const all = await newGame("Лента: всё", "2041-02-14", ["pc", "ps5"]);
    const timed = await newGame("Лента: время", "2041-03-01T19:30");
    const vague = await newGame("Лента: квартал", "2041-Q3");
    const unfollowed = await newGame("Лента: чужое", "2041-02-15");
    const { client, user } = await memberClient();
    for (const g of [all, timed, vague]) await client.post("/release/subscribe/", { release: g.releases[0].id });
    const settings = await json<{ feed_url: string }>(await client.get("/release/settings/"));
    expect(settings.feed_url).toMatch(new RegExp(`^/calendar/feeds/member-${user.id}-[\\w-]{32}\\.ics$`));

    const guest = await guestClient();
    const res = await guest.request("GET", `${guest.origin}${settings.feed_url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await res.text();
    expect(text).not.toContain(unfollowed.releases[0].date_released);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Мои релизы");
    const events = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.summary)).toEqual(["Лента: всё", "Лента: время"]);
    const [day, at] = events;
    expect(day.uid).toBe(`release-${all.releases[0].id}@localhost`);
    expect(day.startDate.isDate).toBe(true);
    expect(day.startDate.toString()).toBe("2041-02-14");
    expect(day.description).toBe(`PC, PlayStation 5\nhttp://localhost/calendar/games/${all.id}`);
    expect(String(day.component.getFirstPropertyValue("url"))).toBe(`http://localhost/calendar/games/${all.id}`);
    expect(at.startDate.isDate).toBe(false);
    expect(at.startDate.toJSDate().toISOString()).toBe("2041-03-01T16:30:00.000Z");
    expect(at.endDate.toJSDate().toISOString()).toBe("2041-03-01T17:30:00.000Z");
    expect(at.uid).toBe(`release-${timed.releases[0].id}@localhost`);

    const reset = await json<{ feed_url: string }>(await client.patch("/release/settings/", { reset_feed: true }));
    expect(reset.feed_url).not.toBe(settings.feed_url);
    expect((await guest.request("GET", `${guest.origin}${settings.feed_url}`)).status).toBe(404);
    expect((await guest.request("GET", `${guest.origin}${reset.feed_url}`)).status).toBe(200);
    const forged = settings.feed_url.replace(/-[\w-]{32}\.ics$/, `-${"A".repeat(32)}.ics`);
    expect((await guest.request("GET", `${guest.origin}${forged}`)).status).toBe(404);
  });

  it("a platform's public feed lists that platform's dated releases from last month on", async () => {
    const now = new Date();
    const soon = new Date(now.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    const old = new Date(now.getTime() - 120 * 86_400_000).toISOString().slice(0, 10);
    await newGame("Публичная лента: скоро", soon, ["switch-2"]);
    await newGame("Публичная лента: давно", old, ["switch-2"]);
    await newGame("Публичная лента: другая платформа", soon, ["ps4"]);
    const guest = await guestClient();
    const res = await guest.request("GET", `${guest.origin}/calendar/feeds/platform-switch-2.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/^public/);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Релизы: Nintendo Switch 2");
    const summaries = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c).summary);
    expect(summaries).toContain("Публичная лента: скоро");
    expect(summaries).not.toContain("Публичная лента: давно");
    expect(summaries).not.toContain("Публичная лента: другая платформа");
    // A platform no test creates (calendar-pages adds Dreamcast).
    expect((await guest.request("GET", `${guest.origin}/calendar/feeds/platform-no-such-platform.ics`)).status).toBe(
      404,
    );
  });
});
