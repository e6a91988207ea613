import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  type ApiClient,
  adminClient,
  type ErrorBody,
  guestClient,
  json,
  memberClient,
  RUSSIAN,
} from "#tests/factories/client";
import { serviceContext, setFlags } from "#tests/factories/context";
import { scalar } from "#tests/factories/db";
import { createPublishedPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { createComment } from "#workers/core/comments/comments";
import { updateConfig } from "#workers/core/config/config";
import { AppError } from "#workers/core/errors";
import { blockUser } from "#workers/core/moderation/sanctions";
import { createShout } from "#workers/core/shouts/shouts";
import { runScheduledJobs } from "#workers/jobs/scheduled";

const DAY = 24 * 60 * 60 * 1000;

function fp(hash: string, components: Record<string, unknown> = { screen: "1920x1080", timezone: "Europe/Moscow" }) {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ hash, components }))));
}
/** A hash of its own for each test (the tests of a file share one database). */
const hash = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
const HASH_A = hash();
const HASH_B = hash();

describe("PATCH /v1/user/fp/: device fingerprints", () => {
  it("stores the hash per member (first and last seen, times) and nothing of the components", async () => {
    const { client, user } = await memberClient();
    expect((await client.patch("/user/fp/", { data: fp(HASH_A) })).status).toBe(200);
    expect((await client.patch("/user/fp/", { data: fp(HASH_A.toUpperCase()) })).status).toBe(200);
    const row = await env.DB.prepare("SELECT * FROM user_fingerprints WHERE user_id = ?").bind(user.id).first();
    expect(row).toMatchObject({ hash: HASH_A, seen_count: 2 });
    expect(Object.keys(row ?? {}).sort()).toEqual(["first_seen_at", "hash", "last_seen_at", "seen_count", "user_id"]);
  });

  it("refuses guests (401) and bad data (400, Russian), with nothing stored", async () => {
    expect((await (await guestClient()).patch("/user/fp/", { data: fp(HASH_A) })).status).toBe(401);
    const { client, user } = await memberClient();
    for (const data of [
      "",
      "не base64!",
      btoa("not json"),
      fp("xyz"),
      fp("ab"),
      "A".repeat(16_001),
      btoa(JSON.stringify({ components: {} })),
    ]) {
      const res = await client.patch("/user/fp/", { data });
      expect(res.status, data.slice(0, 30)).toBe(400);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    expect((await client.patch("/user/fp/", { data: fp(HASH_A), extra: 1 })).status).toBe(400);
    expect(await scalar("SELECT count(*) FROM user_fingerprints WHERE user_id = ?", user.id)).toBe(0);
  });

  it("a sanctioned member's device is still recorded (that is what it is for)", async () => {
    const { client, user } = await memberClient();
    await blockUser(await serviceContext(await createUser({ isMod: true })), user.id, { reason: "Флуд", days: 1 });
    expect((await client.patch("/user/fp/", { data: fp(HASH_B) })).status).toBe(200);
  });

  it("moderators see other accounts seen with the same device on the member view; members cannot", async () => {
    const { client: a, user: alice } = await memberClient();
    const { client: b, user: bob } = await memberClient();
    const { client: c } = await memberClient();
    const [shared, own, third] = [hash(), hash(), hash()];
    await a.patch("/user/fp/", { data: fp(shared) });
    await b.patch("/user/fp/", { data: fp(shared) });
    await b.patch("/user/fp/", { data: fp(own) });
    await c.patch("/user/fp/", { data: fp(third) });
    const { client: mod } = await memberClient({ isMod: true });
    const view = await json<{
      fingerprints: { count: number; matches: { user: { id: number }; shared: number }[] };
    }>(await mod.get(`/user/${alice.id}/moderation/`));
    expect(view.fingerprints.count).toBe(1);
    expect(view.fingerprints.matches.map((m) => [m.user.id, m.shared])).toEqual([[bob.id, 1]]);
    expect((await a.get(`/user/${bob.id}/moderation/`)).status).toBe(403);
    expect((await a.get(`/user/${alice.id}/moderation/`)).status).toBe(403);
    expect((await (await guestClient()).get(`/user/${alice.id}/moderation/`)).status).toBe(401);
    expect((await (await adminClient()).client.get(`/user/${alice.id}/moderation/`)).status).toBe(200);
  });

  it("hashes unseen for 180 days are deleted by the scheduled job", async () => {
    const { client, user } = await memberClient();
    await client.patch("/user/fp/", { data: fp(HASH_A) });
    await runScheduledJobs(env, new Date(Date.now() + 179 * DAY));
    expect(await scalar("SELECT count(*) FROM user_fingerprints WHERE user_id = ?", user.id)).toBe(1);
    await runScheduledJobs(env, new Date(Date.now() + 181 * DAY));
    expect(await scalar("SELECT count(*) FROM user_fingerprints WHERE user_id = ?", user.id)).toBe(0);
  });
});

describe("PATCH /v1/user/{id}/fp-required/ × guest, member, target, moderator, admin", () => {
  it("only admins switch it, never for themselves; audited", async () => {
    const { client: targetClient, user: target } = await memberClient();
    const cases: [string, ApiClient, number][] = [
      ["guest", await guestClient(), 401],
      ["member", (await memberClient()).client, 403],
      ["target", targetClient, 403],
      ["moderator", (await memberClient({ isMod: true })).client, 403],
    ];
    for (const [who, client, status] of cases) {
      const res = await client.patch(`/user/${target.id}/fp-required/`, { is_fp_required: true });
      expect(res.status, who).toBe(status);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    const { client: admin, user: adminUser } = await adminClient();
    expect((await admin.patch(`/user/${adminUser.id}/fp-required/`, { is_fp_required: true })).status).toBe(403);
    const ok = await admin.patch(`/user/${target.id}/fp-required/`, { is_fp_required: true });
    expect(await json(ok)).toEqual({ is_fp_required: true });
    expect((await json<{ is_fp_required: boolean }>(await targetClient.get("/user/me/"))).is_fp_required).toBe(true);
    expect(await scalar("SELECT action FROM audit_log WHERE target_user_id = ?", target.id)).toBe("user.fp_require");
  });
});

describe("ignore with a term", () => {
  it("ignores for N days or for good, lists them, ends by itself and stops on request", async () => {
    const { client, user } = await memberClient();
    const a = await createUser();
    const b = await createUser();
    const week = await json<{ is_ignored: boolean; datetime_until: string }>(
      await client.post(`/user/${a.id}/ignore/`, { days: 7 }),
    );
    expect(week.is_ignored).toBe(true);
    expect(Date.parse(week.datetime_until) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(await json(await client.post(`/user/${b.id}/ignore/`, { days: null }))).toEqual({
      is_ignored: true,
      datetime_until: null,
    });
    const list = await json<{ id: number; datetime_until: string | null }[]>(await client.get("/user/ignored/"));
    expect(list.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect((await client.post(`/user/${a.id}/ignore/`, { days: 0 })).status).toBe(400);

    // After the term the ignore is over: not listed (a clock past it).
    await scalar(
      "UPDATE user_ignores SET until = ? WHERE user_id = ? AND ignored_user_id = ?",
      Date.now() - 1,
      user.id,
      a.id,
    );
    const after = await json<{ id: number }[]>(await client.get("/user/ignored/"));
    expect(after.map((m) => m.id)).toEqual([b.id]);

    expect(await json(await client.delete(`/user/${b.id}/ignore/`))).toEqual({ is_ignored: false });
    expect(await json(await client.get("/user/ignored/"))).toEqual([]);
    expect((await (await guestClient()).get("/user/ignored/")).status).toBe(401);
  });

  it("the settings form stops ignoring and the profile form ignores (plain forms)", async () => {
    const { client, user } = await memberClient();
    const other = await createUser();
    const res = await client.form(`/users/${other.id}/ignore`, { intent: "ignore", days: "7", redirectTo: "/" });
    expect(res.status).toBe(302);
    expect(await scalar("SELECT count(*) FROM user_ignores WHERE user_id = ?", user.id)).toBe(1);
    const settings = await client.get(`${client.origin}/users/${user.id}/settings`);
    expect(await settings.text()).toContain(other.username);
    await client.form(`/users/${other.id}/ignore`, { intent: "stop", redirectTo: `/users/${user.id}/settings` });
    expect(await scalar("SELECT count(*) FROM user_ignores WHERE user_id = ?", user.id)).toBe(0);
    // Refused (oneself, no such member, a forged token): the reason on a page of its own, nothing written.
    for (const [id, fields, status, reason] of [
      [user.id, {}, 400, "Нельзя игнорировать самого себя."],
      [999_999_999, {}, 404, "Пользователь не найден."],
      [other.id, { csrf: "forged" }, 403, "CSRF-токен отсутствует или неверен."],
    ] as const) {
      const refused = await client.form(`/users/${id}/ignore`, {
        intent: "ignore",
        days: "7",
        redirectTo: "/",
        ...fields,
      });
      expect([id, refused.status, refused.headers.get("Location")]).toEqual([id, status, null]);
      const html = await refused.text();
      expect(html).toContain("Игнорирование не изменено");
      expect(html).toContain(reason);
    }
    expect(await scalar("SELECT count(*) FROM user_ignores WHERE user_id = ?", user.id)).toBe(0);
  });
});

describe("new-member limits", () => {
  async function failure(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it("a new member waits between messages and is capped per day; older members, moderators and 0 days are free", async () => {
    const admin = await createUser({ isAdmin: true });
    await updateConfig(await serviceContext(admin), {
      new_member_days: 3,
      new_member_daily_limit: 3,
      new_member_interval_seconds: 60,
    });
    const post = await createPublishedPost(await createUser());
    const start = Date.now();
    let t = start;
    const clock = () => new Date(t);
    const fresh = await createUser({ createdAt: new Date(start - DAY) });
    const ctx = async () => serviceContext(fresh, clock);

    await createShout(await ctx(), { text: "Привет всем", files: [] });
    t += 20_000;
    const wait = await failure(createComment(await ctx(), { post_slug: post.slug, text: "Я тут" }));
    expect(wait.status).toBe(429);
    expect(wait.message).toBe("Новые участники пишут не чаще раза в минуту. Подождите ещё 40 секунд.");
    expect(wait.retryAfter).toBe(40);
    t += 41_000;
    await createComment(await ctx(), { post_slug: post.slug, text: "Я тут" });
    t += 61_000;
    await createComment(await ctx(), { post_slug: post.slug, text: "И снова" });
    t += 61_000;
    const capped = await failure(createShout(await ctx(), { text: "Четвёртая", files: [] }));
    expect(capped.status).toBe(429);
    expect(capped.message).toMatch(
      /^В первые 3 дня на сайте можно написать не больше 3 сообщений за сутки\. Следующее — через 24 часа\.$/,
    );
    // A day after the first message the window has room again.
    t = start + DAY + 1000;
    await createShout(await ctx(), { text: "Новый день", files: [] });

    // A member past the first days, and a moderator, are never limited.
    const old = await createUser({ createdAt: new Date(start - 10 * DAY) });
    const mod = await createUser({ isMod: true });
    for (const who of [old, mod]) {
      await createShout(await serviceContext(who), { text: "Раз", files: [] });
      await createShout(await serviceContext(who), { text: "Два", files: [] });
    }
    // 0 days switches the limits off.
    await setFlags({});
    await updateConfig(await serviceContext(admin), { new_member_days: 0 });
    const newcomer = await createUser();
    await createShout(await serviceContext(newcomer), { text: "Раз", files: [] });
    await createShout(await serviceContext(newcomer), { text: "Два", files: [] });
  });

  it("admins set them on the site settings page", async () => {
    const { client: admin } = await adminClient();
    const page = await (await admin.get(`${admin.origin}/admin/site`)).text();
    expect(page).toContain("Новые участники");
    const res = await admin.form("/admin/site", {
      intent: "flags",
      site_name: "Костёр",
      new_member_days: "2",
      new_member_daily_limit: "5",
      new_member_interval_seconds: "90",
    });
    expect(res.status).toBe(200);
    const config = await json<Record<string, number>>(await admin.get("/config/"));
    expect([config.new_member_days, config.new_member_daily_limit, config.new_member_interval_seconds]).toEqual([
      2, 5, 90,
    ]);
    const bad = await admin.form("/admin/site", { intent: "flags", site_name: "Костёр", new_member_days: "-3" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Не меньше 0.");
  });

  it("the API answers 429 with the Russian wait and Retry-After; config refuses bad numbers", async () => {
    const { client: admin } = await adminClient();
    const bad = await admin.patch("/config/", { new_member_days: -1, new_member_interval_seconds: 1.5 });
    expect(bad.status).toBe(400);
    const errors = (await json<ErrorBody>(bad)).errors ?? {};
    expect(errors.new_member_days?.[0]).toMatch(RUSSIAN);
    expect(errors.new_member_interval_seconds?.[0]).toMatch(RUSSIAN);
    expect((await admin.patch("/config/", { new_member_days: 1, new_member_interval_seconds: 30 })).status).toBe(200);
    const post = await createPublishedPost(await createUser());
    const { client } = await memberClient();
    expect((await client.post("/comment/", { post_slug: post.slug, text: "Первый" })).status).toBe(201);
    const res = await client.post("/comment/", { post_slug: post.slug, text: "Второй" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await json<ErrorBody>(res)).detail).toMatch(
      /^Новые участники пишут не чаще раза в 30 секунд\. Подождите ещё \d+ секунд[уы]?\.$/,
    );
  });
});

describe("pages: a sanctioned member's plain forms, the moderation view", () => {
  it("a blocked member's comment form gets the 403 with the reason; the moderator's page imposes and lifts", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { client, user } = await memberClient();
    const post = await createPublishedPost(await createUser());
    // The moderator's page: reason prefilled from ?reason=, the term chosen, the lift.
    const page = await mod.get(`${mod.origin}/admin/users/${user.id}?reason=${encodeURIComponent("Спам ссылками")}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Спам ссылками</textarea>");
    const imposed = await mod.form(`/admin/users/${user.id}`, {
      intent: "sanction",
      reason: "Спам ссылками",
      term: "3",
    });
    expect(imposed.status).toBe(200);
    expect(await scalar("SELECT days FROM sanctions WHERE user_id = ?", user.id)).toBe(3);

    const refused = await client.form(`/posts/${post.slug}`, { intent: "comment", text: "Всё равно напишу" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Вы заблокированы до");
    // The banner is on every page the member opens.
    const home = await (await client.get(`${client.origin}/`)).text();
    expect(home).toContain("sanction-banner");
    expect(home).toContain("Причина: <!-- -->Спам ссылками");

    await mod.form(`/admin/users/${user.id}`, { intent: "activate" });
    expect(await scalar("SELECT count(*) FROM sanctions WHERE user_id = ? AND lifted_at IS NULL", user.id)).toBe(0);
    expect((await client.form(`/posts/${post.slug}`, { intent: "comment", text: "Спасибо", nojs: "1" })).status).toBe(
      302,
    );
  });

  it("profiles link moderators to the member's moderation view and offer members the ignore form", async () => {
    const { user } = await memberClient();
    const { client: mod } = await memberClient({ isMod: true });
    const { client: member } = await memberClient();
    const forMod = await (await mod.get(`${mod.origin}/users/${user.id}`)).text();
    expect(forMod).toContain(`href="/admin/users/${user.id}"`);
    const forMember = await (await member.get(`${member.origin}/users/${user.id}`)).text();
    expect(forMember).not.toContain(`href="/admin/users/${user.id}"`);
    expect(forMember).toContain(`action="/users/${user.id}/ignore"`);
    expect(forMember).toContain("Игнорировать");
  });

  it("the moderation page is for moderators: guests are sent to sign in, members get 403", async () => {
    const { user } = await memberClient();
    const guest = await guestClient();
    expect((await guest.get(`${guest.origin}/admin/users/${user.id}`)).status).toBe(302);
    const { client: member } = await memberClient();
    expect((await member.get(`${member.origin}/admin/users/${user.id}`)).status).toBe(403);
    const { client: mod } = await memberClient({ isMod: true });
    const { user: admin } = await adminClient();
    // A moderator sees an admin's page but no form to sanction them.
    const text = await (await mod.get(`${mod.origin}/admin/users/${admin.id}`)).text();
    expect(text).toContain("Ограничить этого участника вы не можете");
    const refused = await mod.form(`/admin/users/${admin.id}`, { intent: "sanction", reason: "Попытка", term: "ban" });
    expect(refused.status).toBe(403);
  });
});
