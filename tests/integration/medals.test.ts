import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  type ApiClient,
  adminClient,
  clientFor,
  type ErrorBody,
  guestClient,
  json,
  memberClient,
  RUSSIAN,
} from "#tests/factories/client";
import { db, eventually, mediaKeys, scalar } from "#tests/factories/db";
import { CORRUPT_PNG, fileForm, isWebp, PNG_6X4 } from "#tests/factories/images";
import { createPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import type { StreamItem } from "#workers/core/notifications/notifications.serializers";
import type { MedalItem, UserMedalItem } from "#workers/core/medals/medals.serializers";
import { siteDay } from "#workers/jobs/medals";
import { runScheduledJobs } from "#workers/jobs/scheduled";

type MedalPage = { results: UserMedalItem[]; next: string | null; previous: string | null };

async function createMedal(admin: ApiClient, body: Record<string, unknown> = {}): Promise<MedalItem> {
  const res = await admin.post("/medal/", {
    name: `Медаль ${crypto.randomUUID().slice(0, 6)}`,
    description: "За дело.",
    ...body,
  });
  expect(res.status).toBe(201);
  return json<MedalItem>(res);
}

async function medalsOf(userId: number): Promise<MedalPage> {
  const res = await (await guestClient()).get(`/user/${userId}/medals/`);
  expect(res.status).toBe(200);
  return json<MedalPage>(res);
}

async function inbox(client: ApiClient): Promise<StreamItem[]> {
  return (await json<{ results: StreamItem[] }>(await client.get("/notification/"))).results;
}

describe("roles", () => {
  it("guests get 401 and members 403 on every admin call; the lists are public", async () => {
    const { client: admin } = await adminClient();
    const medal = await createMedal(admin);
    const guest = await guestClient();
    const { client: member, user } = await memberClient();
    const calls = (c: ApiClient) => [
      () => c.post("/medal/", { name: "Моя медаль" }),
      () => c.patch(`/medal/${medal.id}/`, { name: "Другая" }),
      () =>
        c.request("POST", `/medal/${medal.id}/picture/`, { body: fileForm(PNG_6X4, "m.png", "image/png", "picture") }),
      () => c.post(`/medal/${medal.id}/award/`, { user_id: user.id }),
      () => c.delete(`/medal/${medal.id}/award/${user.id}/`),
    ];
    for (const call of calls(guest)) expect((await call()).status).toBe(401);
    for (const call of calls(member)) {
      const res = await call();
      expect(res.status).toBe(403);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM user_medals WHERE user_id = ?", user.id)).toBe(0);
    expect((await guest.get("/medal/")).status).toBe(200);
    expect((await guest.get(`/user/${user.id}/medals/`)).status).toBe(200);
    expect((await guest.get("/user/999999999/medals/")).status).toBe(404);
  });
});

describe("admins create and award medals", () => {
  it("a medal gets its picture through the image pipeline (WebP variants in R2); a broken file is a 400", async () => {
    const { client: admin } = await adminClient();
    const medal = await createMedal(admin, { name: "Хранитель огня" });
    expect(medal).toMatchObject({ name: "Хранитель огня", image: null, is_automatic: false, rule: null });
    const res = await admin.request("POST", `/medal/${medal.id}/picture/`, {
      body: fileForm(PNG_6X4, "medal.png", "image/png", "picture"),
    });
    expect(res.status).toBe(200);
    const withPicture = await json<MedalItem>(res);
    expect(withPicture.image?.small).toMatch(/^\/media\/medals\/[A-Za-z0-9_-]+-96\.webp$/);
    const key = withPicture.image?.big.slice("/media/".length) ?? "";
    const object = await env.MEDIA.get(key);
    expect(isWebp(new Uint8Array(await object!.arrayBuffer()))).toBe(true);
    const broken = await admin.request("POST", `/medal/${medal.id}/picture/`, {
      body: fileForm(CORRUPT_PNG, "medal.png", "image/png", "picture"),
    });
    expect(broken.status).toBe(400);
    expect((await json<ErrorBody>(broken)).errors?.picture?.[0]).toMatch(RUSSIAN);
    expect(await mediaKeys(key.replace(/-192\.webp$/, ""))).toHaveLength(2);
  });

  it("bad medals are refused field by field; an automatic one needs a free rule", async () => {
    const { client: admin } = await adminClient();
    for (const [body, field] of [
      [{ name: "" }, "name"],
      [{ name: "x".repeat(61) }, "name"],
      [{ name: "Авто", is_automatic: true }, "rule"],
      [{ name: "Авто", is_automatic: true, rule: "everyone" }, "rule"],
    ] as const) {
      const res = await admin.post("/medal/", body);
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.[field]?.[0]).toMatch(RUSSIAN);
    }
    // The built-in medals hold every rule already.
    const taken = await admin.post("/medal/", { name: "Ещё один год", is_automatic: true, rule: "years_1" });
    expect(taken.status).toBe(409);
  });

  it("an award with a note notifies the member (type 6, from the site), lists with its date, and happens once", async () => {
    const { client: admin, user: adminUser } = await adminClient();
    const { client: member, user } = await memberClient();
    const medal = await createMedal(admin, { name: "Душа костра" });
    const res = await admin.post(`/medal/${medal.id}/award/`, {
      username: user.username,
      note: "За тёплые слова новичкам",
    });
    expect(res.status).toBe(201);
    const award = await json<UserMedalItem>(res);
    expect(award).toMatchObject({ medal: { id: medal.id, name: "Душа костра" }, note: "За тёплые слова новичкам" });

    const items = await inbox(member);
    const notice = items.find((i) => i.title === "Душа костра");
    expect(notice).toMatchObject({
      type: STREAM_TYPE.medal,
      user: null,
      pre_title: "Вам вручена медаль",
      message: "За тёплые слова новичкам",
      title_url: `/users/${user.id}/medals`,
    });
    expect(STREAM_TYPE.medal).toBe(6);

    const list = await medalsOf(user.id);
    expect(list.results).toHaveLength(1);
    expect(list.results[0]).toMatchObject({ note: "За тёплые слова новичкам", medal: { name: "Душа костра" } });
    expect(Date.parse(list.results[0].datetime)).toBeGreaterThan(Date.now() - 60_000);

    const again = await admin.post(`/medal/${medal.id}/award/`, { user_id: user.id, note: "Ещё раз" });
    expect(again.status).toBe(409);
    expect((await json<ErrorBody>(again)).detail).toMatch(RUSSIAN);
    expect((await medalsOf(user.id)).results).toHaveLength(1);
    expect((await inbox(member)).filter((i) => i.title === "Душа костра")).toHaveLength(1);
    expect(
      await scalar("SELECT count(*) FROM audit_log WHERE action = 'medal.award' AND actor_id = ?", adminUser.id),
    ).toBe(2);

    // An admin awarding themselves is told too (the notification is the site's, not the admin's).
    const self = await admin.post(`/medal/${medal.id}/award/`, { user_id: adminUser.id });
    expect(self.status).toBe(201);
    expect((await inbox(admin)).some((i) => i.title === "Душа костра")).toBe(true);

    expect((await admin.delete(`/medal/${medal.id}/award/${user.id}/`)).status).toBe(204);
    expect((await medalsOf(user.id)).results).toHaveLength(0);
    expect((await admin.delete(`/medal/${medal.id}/award/${user.id}/`)).status).toBe(404);
  });

  it("awarding an unknown member is a Russian field error", async () => {
    const { client: admin } = await adminClient();
    const medal = await createMedal(admin);
    const res = await admin.post(`/medal/${medal.id}/award/`, { username: "нет_такого_участника" });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.username?.[0]).toMatch(RUSSIAN);
    expect((await admin.post("/medal/999999/award/", { user_id: 1 })).status).toBe(404);
  });
});

describe("automatic medals (the daily job)", () => {
  const ruleMedal = async (rule: string) =>
    (await db().query.medals.findFirst({ where: (m, { eq }) => eq(m.rule, rule) }))?.id ?? 0;
  const holds = (userId: number, medalId: number) =>
    scalar("SELECT count(*) FROM user_medals WHERE user_id = ? AND medal_id = ?", userId, medalId);
  /**
   * The job's ticks from `at` on, five minutes apart, until it has finished the day: a tick awards a medal to at most
   * AUTO_AWARD_BATCH members and leaves the rest to the next one (other test files sharing the database leave
   * hundreds of members whom the years-on-the-site medals find).
   */
  async function finishDay(at: Date): Promise<void> {
    for (let tick = 0; tick < 10; tick++) {
      expect(await runScheduledJobs(env, new Date(at.getTime() + tick * 5 * 60_000))).toEqual({ failed: [] });
      const done = await scalar<string | null>("SELECT value FROM site_settings WHERE key = 'medals_auto_day'");
      if (done === JSON.stringify(siteDay(at))) return;
    }
    throw new Error(`the medals job did not finish ${siteDay(at)} in 10 ticks`);
  }

  it("years on the site, first post and supporter are awarded once each, with a notification; reruns add nothing", {
    timeout: 30_000,
  }, async () => {
    const veteran = await createUser({ createdAt: new Date("2036-01-10T00:00:00Z") });
    const author = await createUser({ createdAt: new Date("2040-03-01T00:00:00Z") });
    await createPost(author);
    const supporter = await createUser({ supporterUntil: new Date("2040-01-01T00:00:00Z") });
    const banned = await createUser({ createdAt: new Date("2030-01-01T00:00:00Z"), isBanned: true });

    await finishDay(new Date("2041-02-01T00:05:00Z"));
    expect(await holds(veteran.id, await ruleMedal("years_5"))).toBe(1);
    expect(await holds(veteran.id, await ruleMedal("years_3"))).toBe(1);
    expect(await holds(author.id, await ruleMedal("years_1"))).toBe(0);
    expect(await holds(author.id, await ruleMedal("first_post"))).toBe(1);
    expect(await holds(author.id, await ruleMedal("posts_100"))).toBe(0);
    expect(await holds(supporter.id, await ruleMedal("supporter"))).toBe(1);
    expect(await holds(banned.id, await ruleMedal("years_5"))).toBe(0);
    const mine = [veteran, author, supporter, banned].map((u) => u.id);
    expect(
      await scalar(
        "SELECT count(*) FROM user_medals WHERE medal_id = ? AND user_id IN (SELECT value FROM json_each(?))",
        await ruleMedal("secret_santa"),
        JSON.stringify(mine),
      ),
    ).toBe(0);

    const author_ = await clientFor(author);
    // The winners' notifications come through the jobs queue (docs/decisions/0037).
    const medalNotices = async () => (await inbox(author_)).filter((i) => i.type === STREAM_TYPE.medal);
    await eventually(async () => (await medalNotices()).length > 0, 10_000);
    const notices = await medalNotices();
    expect(notices.map((n) => n.title)).toEqual(["Первая статья"]);

    // Later the same day and on the next days: nothing twice.
    await runScheduledJobs(env, new Date("2041-02-01T12:00:00Z"));
    await runScheduledJobs(env, new Date("2041-02-02T00:05:00Z"));
    expect(await holds(author.id, await ruleMedal("first_post"))).toBe(1);
    expect((await inbox(author_)).filter((i) => i.type === STREAM_TYPE.medal)).toHaveLength(1);

    // A year later the author has been here a year.
    await finishDay(new Date("2041-03-02T00:05:00Z"));
    expect(await holds(author.id, await ruleMedal("years_1"))).toBe(1);
  });

  it("a thousand paws from others earns «Тысяча лапок»", async () => {
    const author = await createUser();
    const post = await createPost(author);
    const fans = await createUser();
    // Paws rows directly: a thousand members are not needed to test the count.
    const values = Array.from({ length: 1000 }, (_, i) => `(${fans.id}, 'comment', ${1_000_000 + i}, ${author.id}, 0)`);
    for (let i = 0; i < values.length; i += 250) {
      await env.DB.prepare(
        `INSERT INTO likes (user_id, item_type, item_id, owner_id, is_negative) VALUES ${values.slice(i, i + 250).join(",")}`,
      ).run();
    }
    expect(post.userId).toBe(author.id);
    const paws = await ruleMedal("paws_1000");
    await finishDay(new Date("2042-05-05T00:05:00Z"));
    expect(await holds(author.id, paws)).toBe(1);
    expect(await holds(fans.id, paws)).toBe(0);
  });
});
