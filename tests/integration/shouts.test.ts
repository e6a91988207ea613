import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bookmarks, likes } from "#drizzle/schema";
import { type ApiClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { serviceContext, setFlags } from "#tests/factories/context";
import { countingD1, db, scalar } from "#tests/factories/db";
import { createShoutCommentRow, createShoutRow, setSettings } from "#tests/factories/shouts";
import { settle, socketsClosedAfterEach } from "#tests/factories/sockets";
import { createSessionFor, createUser } from "#tests/factories/users";
import { AppError } from "#workers/core/errors";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { shoutTitle } from "#workers/core/notifications/triggers/shouts";
import {
  createShout,
  deleteShout,
  getShout,
  listPinnedShouts,
  listShouts,
  recordShoutView,
  shoutScore,
  updateShout,
} from "#workers/core/shouts/shouts";
import { SHOUT_TEXT_MAX } from "#workers/core/shouts/shouts.constants";
import type { ShoutDetail, ShoutView } from "#workers/core/shouts/shouts.serializers";
import { tagKey, tagSlugBase } from "#workers/core/tags/tags.schemas";
import { buildRequestContext, type RequestContext } from "#workers/platform/context";
import { SESSION_COOKIE } from "#workers/platform/cookies";

type PageOf<T> = { results: T[]; next: string | null; previous: string | null };

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function clock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), set: (offsetMs: number) => (t = start + offsetMs) };
}

async function rejects(promise: Promise<unknown>, code: AppError["code"]) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).message).toMatch(RUSSIAN);
}

async function post(client: ApiClient, text: string, extra: Record<string, unknown> = {}): Promise<ShoutView> {
  const res = await client.post("/shout/", { text, ...extra });
  expect(res.status).toBe(201);
  return json<ShoutView>(res);
}

const ids = (page: { results: { id: number }[] }) => page.results.map((s) => s.id);

describe("POST /v1/shout/ and the shout view", () => {
  it("creates a text shout with the spec fields; #tags attach case- and ё-insensitively", async () => {
    const { client, user } = await memberClient();
    const run = Date.now().toString(36);
    // An existing tag written differently is the same tag.
    const first = await post(client, `Собрались у костра #Ёлка${run} #ёлка${run} #РПГ${run}`);
    expect(first).toMatchObject({
      headline: `Собрались у костра #Ёлка${run} #ёлка${run} #РПГ${run}`,
      user: { id: user.id, username: user.username },
      datetime_updated: null,
      comments_count: 0,
      is_pinned: false,
      is_muted: false,
      is_frozen: false,
      is_media_hidden: false,
      pwnd: 0,
      ownd: 0,
      is_bookmarked: false,
      images: [],
      views_count: 0,
      can_edit: true,
      can_delete: true,
      can_moderate: false,
    });
    expect(first.tags.map((t) => t.name)).toEqual([`Ёлка${run}`, `РПГ${run}`]);
    const second = await post(client, `И снова #елка${run}`);
    expect(second.tags).toEqual([first.tags[0]]);
    expect(await scalar("SELECT shouts_count FROM tags WHERE name_key = ?", tagKey(`елка${run}`))).toBe(2);
    const tag = await json<{ shouts_count: number }>(await client.get(`/tag/${first.tags[0].slug}/`));
    expect(tag.shouts_count).toBe(2);
  });

  it("answers 401 to guests, 400 in Russian to an empty or too long text", async () => {
    const guest = await guestClient();
    const res = await guest.post("/shout/", { text: "Гость" });
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    const { client } = await memberClient();
    for (const text of ["", "   \n  "]) {
      const empty = await client.post("/shout/", { text });
      expect(empty.status).toBe(400);
      expect((await json<ErrorBody>(empty)).errors?.text?.[0]).toMatch(RUSSIAN);
    }
    const long = await client.post("/shout/", { text: "я".repeat(SHOUT_TEXT_MAX + 1) });
    expect(long.status).toBe(400);
    expect((await json<ErrorBody>(long)).errors?.text?.[0]).toMatch(RUSSIAN);
    expect((await client.post("/shout/", { text: "я".repeat(SHOUT_TEXT_MAX) })).status).toBe(201);
  });

  it("@mentions in a shout notify the member (type 8), once", async () => {
    const { client } = await memberClient();
    const { client: mentionedApi, user: mentioned } = await memberClient();
    const shout = await post(client, `Привет, @${mentioned.username.toUpperCase()}!`);
    const inbox = await json<PageOf<{ type: number; pre_title: string; title_url: string }>>(
      await mentionedApi.get("/notification/"),
    );
    expect(inbox.results[0]).toMatchObject({
      type: STREAM_TYPE.mention,
      pre_title: "упомянул(а) вас в записке",
      title_url: `/bonfire/${shout.id}`,
    });
    // Editing keeps the mention: no second notification; the item's title follows the text.
    await client.patch(`/shout/${shout.id}/`, { text: `Привет ещё раз, @${mentioned.username}` });
    const after = await json<PageOf<{ title: string }>>(await mentionedApi.get("/notification/"));
    expect(after.results).toHaveLength(1);
    expect(after.results[0].title).toBe(shoutTitle(`Привет ещё раз, @${mentioned.username}`));
    expect(after.results[0].title).toContain("Привет ещё раз");
  });

  it("a new shout is an activity item (type 3); deleting it removes the item", async () => {
    const { client } = await memberClient();
    const shout = await post(client, "В ленту активности");
    const activity = await json<PageOf<{ type: number; title_url: string }>>(await client.get("/activity/"));
    const item = activity.results.find((a) => a.title_url === `/bonfire/${shout.id}`);
    expect(item).toMatchObject({ type: STREAM_TYPE.shout });
    await client.delete(`/shout/${shout.id}/`);
    const after = await json<PageOf<{ title_url: string }>>(await client.get("/activity/"));
    expect(after.results.some((a) => a.title_url === `/bonfire/${shout.id}`)).toBe(false);
  });
});

describe("edit and delete rights (spec §5, as posts)", () => {
  it("the author edits within 1 hour of creation (exactly 1 hour is too late), a moderator always", async () => {
    const author = await createUser();
    const other = await createUser();
    const mod = await createUser({ isMod: true });
    const c = clock();
    const as = (user: { id: number } | null) => serviceContext(user, c.now);
    const shout = await createShout(await as(author), { text: "Опечатка", files: [] });
    c.set(59 * MIN);
    const edited = await updateShout(await as(author), shout.id, { text: "Без опечатки" });
    expect(edited.headline).toBe("Без опечатки");
    expect(edited.datetime_updated).not.toBeNull();
    c.set(HOUR);
    await rejects(updateShout(await as(author), shout.id, { text: "Поздно" }), "forbidden");
    expect((await getShout(await as(author), shout.id)).can_edit).toBe(false);
    await rejects(updateShout(await as(other), shout.id, { text: "Чужое" }), "forbidden");
    await rejects(updateShout(await as(null), shout.id, { text: "Гость" }), "unauthenticated");
    c.set(5 * DAY);
    expect((await updateShout(await as(mod), shout.id, { text: "Поправил модератор" })).headline).toBe(
      "Поправил модератор",
    );
    // With the flag off the author edits any time.
    await setFlags({ is_one_hour_edit_enabled: false });
    expect((await updateShout(await as(author), shout.id, { text: "Через пять дней" })).headline).toBe(
      "Через пять дней",
    );
    await setFlags({ is_one_hour_edit_enabled: true });
    // Deleting is the author's any time, a moderator's always, nobody else's.
    await rejects(deleteShout(await as(other), shout.id), "forbidden");
    await rejects(deleteShout(await as(null), shout.id), "unauthenticated");
    expect(await deleteShout(await as(author), shout.id)).toEqual({ id: shout.id, deleted: true });
    await rejects(getShout(await as(author), shout.id), "not_found");
    const another = await createShoutRow(author);
    expect(await deleteShout(await as(mod), another.id)).toEqual({ id: another.id, deleted: true });
  });

  it("over HTTP: 401 for guests and 403 for other members on every mutation; 404 for unknown ids", async () => {
    const { client: authorApi, user: author } = await memberClient();
    const { client: other } = await memberClient();
    const guest = await guestClient();
    const shout = await createShoutRow(author);
    const mutations: [string, string, unknown?][] = [
      ["PATCH", `/shout/${shout.id}/`, { text: "Правка" }],
      ["DELETE", `/shout/${shout.id}/`],
      ["PATCH", `/shout/${shout.id}/pin/`],
      ["PATCH", `/shout/${shout.id}/mute/`],
      ["PATCH", `/shout/${shout.id}/freeze/`],
    ];
    for (const [method, path, body] of mutations) {
      const asGuest = await guest.request(method, path, body === undefined ? {} : { json: body });
      expect(asGuest.status, `${method} ${path} guest`).toBe(401);
      expect((await json<ErrorBody>(asGuest)).detail).toMatch(RUSSIAN);
      const asOther = await other.request(method, path, body === undefined ? {} : { json: body });
      expect(asOther.status, `${method} ${path} other`).toBe(403);
      expect((await json<ErrorBody>(asOther)).detail).toMatch(RUSSIAN);
    }
    // The author may not moderate their own shout either.
    for (const action of ["pin", "mute", "freeze"]) {
      expect((await authorApi.patch(`/shout/${shout.id}/${action}/`)).status).toBe(403);
    }
    for (const path of ["/shout/999999999/", "/shout/abc/", "/shout/0/"]) {
      const res = await guest.get(path);
      expect(res.status).toBe(404);
      expect((await json<ErrorBody>(res)).detail).toBe("Записка не найдена.");
    }
    expect((await authorApi.patch("/shout/999999999/", { text: "Нет" })).status).toBe(404);
  });

  it("deleting removes comments, paws, bookmarks and tag counts with it", async () => {
    const { client, user } = await memberClient();
    const { client: fan, user: fanUser } = await memberClient();
    const run = Date.now().toString(36);
    const shout = await post(client, `Удаляемая #удаление${run}`);
    const comment = await createShoutCommentRow(shout, fanUser);
    await client.post("/like/", { item_type: "shout_comment", item_id: comment.id });
    await fan.post("/like/", { item_type: "shout", item_id: shout.id });
    await fan.post("/bookmark/", { item_type: "shout", item_id: shout.id });
    expect(await scalar("SELECT shouts_count FROM tags WHERE name_key = ?", tagKey(`удаление${run}`))).toBe(1);
    expect((await client.delete(`/shout/${shout.id}/`)).status).toBe(200);
    for (const [query, param] of [
      ["SELECT count(*) FROM shouts WHERE id = ?", shout.id],
      ["SELECT count(*) FROM shout_comments WHERE shout_id = ?", shout.id],
      ["SELECT count(*) FROM likes WHERE item_type = 'shout' AND item_id = ?", shout.id],
      ["SELECT count(*) FROM likes WHERE item_type = 'shout_comment' AND item_id = ?", comment.id],
      ["SELECT count(*) FROM bookmarks WHERE item_type = 'shout' AND item_id = ?", shout.id],
    ] as const) {
      expect(await scalar(query, param), query).toBe(0);
    }
    expect(await scalar("SELECT shouts_count FROM tags WHERE name_key = ?", tagKey(`удаление${run}`))).toBe(0);
    expect(user.id).toBeGreaterThan(0);
  });
});

describe("lists, pin, mute and freeze", () => {
  it("GET /v1/shout/ pages newest first by cursor", async () => {
    const { client } = await memberClient();
    const made: ShoutView[] = [];
    for (let i = 0; i < 22; i++) made.push(await post(client, `Записка ${i}`));
    const first = await json<PageOf<ShoutView>>(await client.get("/shout/"));
    expect(first.results).toHaveLength(20);
    expect(first.results[0].id).toBe(made[21].id);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`http://localhost/api/v1/shout/?cursor=${made[2].id}`);
    const second = await json<PageOf<ShoutView>>(await client.get(first.next as string));
    expect(second.results.slice(0, 2).map((s) => s.id)).toEqual([made[1].id, made[0].id]);
    expect((await client.get("/shout/?cursor=abc")).status).toBe(400);
    expect((await client.get("/shout/?type=top")).status).toBe(400);
  });

  it("popular ranks paws, comments and views with decay by age (documented score)", async () => {
    const now = new Date();
    const fresh = { pwnd: 0, commentsCount: 0, viewsCount: 0, createdAt: now };
    expect(shoutScore({ ...fresh, pwnd: 3 }, now)).toBeGreaterThan(shoutScore(fresh, now));
    expect(shoutScore({ ...fresh, commentsCount: 1 }, now)).toBeGreaterThan(shoutScore({ ...fresh, pwnd: 1 }, now));
    expect(shoutScore({ ...fresh, pwnd: 3, createdAt: new Date(now.getTime() - DAY) }, now)).toBeLessThan(
      shoutScore({ ...fresh, pwnd: 3 }, now),
    );
    const author = await createUser();
    const fan = await createUser();
    const c = clock(now.getTime() + 2 * DAY);
    const hot = await createShoutRow(author, {
      pwnd: 50,
      commentsCount: 10,
      createdAt: new Date(now.getTime() + 2 * DAY - HOUR),
    });
    const old = await createShoutRow(author, { pwnd: 60, createdAt: new Date(now.getTime() - 10 * DAY) });
    const page = await listShouts(await serviceContext(fan, c.now), { type: "popular" });
    const order = ids(page);
    expect(order).toContain(hot.id);
    expect(order).not.toContain(old.id);
    expect(order[0]).toBe(hot.id);
    const res = await (await guestClient()).get("/shout/?type=popular");
    expect(res.status).toBe(200);
    const body = await json<PageOf<ShoutView>>(res);
    expect(body.previous).toBeNull();
  });

  it("pin: moderators toggle; the pinned list shows it", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { user: author } = await memberClient();
    const shout = await createShoutRow(author);
    const pinned = await mod.patch(`/shout/${shout.id}/pin/`);
    expect(await json(pinned)).toEqual({ is_pinned: true });
    const list = await json<PageOf<ShoutView>>(await (await guestClient()).get("/shout/pinned/"));
    expect(ids(list)).toContain(shout.id);
    expect(list.results.find((s) => s.id === shout.id)?.is_pinned).toBe(true);
    expect(await json(await mod.patch(`/shout/${shout.id}/pin/`))).toEqual({ is_pinned: false });
    expect(ids(await json<PageOf<ShoutView>>(await mod.get("/shout/pinned/")))).not.toContain(shout.id);
  });

  it("mute: leaves the lists, the pinned strip and tag pages, stays reachable by link and on the profile", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { client: authorApi, user: author } = await memberClient();
    const run = Date.now().toString(36);
    const shout = await post(authorApi, `Спорная #спор${run}`);
    await mod.patch(`/shout/${shout.id}/pin/`);
    const tagSlug = tagSlugBase(`спор${run}`);
    expect(await json(await mod.patch(`/shout/${shout.id}/mute/`))).toEqual({ is_muted: true });
    const guest = await guestClient();
    expect(ids(await json<PageOf<ShoutView>>(await guest.get("/shout/")))).not.toContain(shout.id);
    expect(ids(await json<PageOf<ShoutView>>(await authorApi.get("/shout/")))).not.toContain(shout.id);
    expect(ids(await json<PageOf<ShoutView>>(await guest.get("/shout/?type=popular")))).not.toContain(shout.id);
    expect(ids(await json<PageOf<ShoutView>>(await guest.get("/shout/pinned/")))).not.toContain(shout.id);
    // A tag only muted shouts use is not shown at all.
    expect((await guest.get(`/tag/${tagSlug}/shouts/`)).status).toBe(404);
    expect(await scalar("SELECT shouts_count FROM tags WHERE slug = ?", tagSlug)).toBe(0);
    const page = await guest.get(`/shout/${shout.id}/`);
    expect(page.status).toBe(200);
    expect((await json<ShoutView>(page)).is_muted).toBe(true);
    expect(ids(await json<PageOf<ShoutView>>(await guest.get(`/user/${author.id}/shouts/`)))).toContain(shout.id);
    // Unmuting brings it back.
    expect(await json(await mod.patch(`/shout/${shout.id}/mute/`))).toEqual({ is_muted: false });
    expect(ids(await json<PageOf<ShoutView>>(await guest.get("/shout/")))).toContain(shout.id);
    expect(await scalar("SELECT shouts_count FROM tags WHERE slug = ?", tagSlug)).toBe(1);
  });

  it("freeze: no new comments (403 in Russian) until unfrozen", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { user: author } = await memberClient();
    const { client: member } = await memberClient();
    const shout = await createShoutRow(author);
    expect(await json(await mod.patch(`/shout/${shout.id}/freeze/`))).toEqual({ is_frozen: true });
    const refused = await member.post("/shout-comment/", { shout_id: shout.id, text: "Можно?" });
    expect(refused.status).toBe(403);
    expect((await json<ErrorBody>(refused)).detail).toBe("Записка заморожена: новые комментарии закрыты.");
    expect((await json<ShoutView>(await member.get(`/shout/${shout.id}/`))).is_frozen).toBe(true);
    expect(await json(await mod.patch(`/shout/${shout.id}/freeze/`))).toEqual({ is_frozen: false });
    expect((await member.post("/shout-comment/", { shout_id: shout.id, text: "Теперь можно" })).status).toBe(201);
  });
});

describe("visibility flags", () => {
  it("is_shouts_public off: guests see none of the member's shouts; members see them", async () => {
    const { client: authorApi, user: author } = await memberClient();
    await setSettings(author, { is_shouts_public: false });
    const run = Date.now().toString(36);
    const shout = await post(authorApi, `Только для своих #свои${run} с картинкой`, {
      videos: ["https://youtu.be/dQw4w9WgXcQ"],
    });
    const guest = await guestClient();
    expect(ids(await json<PageOf<ShoutView>>(await guest.get("/shout/")))).not.toContain(shout.id);
    // A tag only hidden shouts use is not shown to guests at all.
    expect((await guest.get(`/tag/${tagSlugBase(`свои${run}`)}/shouts/`)).status).toBe(404);
    expect((await guest.get(`/shout/${shout.id}/`)).status).toBe(404);
    expect((await json<PageOf<ShoutView>>(await guest.get(`/user/${author.id}/shouts/`))).results).toEqual([]);
    expect((await json<PageOf<unknown>>(await guest.get(`/user/${author.id}/pictures/`))).results).toEqual([]);
    // Not in the public activity stream either.
    const activity = await json<PageOf<{ title_url: string }>>(await guest.get("/activity/"));
    expect(activity.results.some((a) => a.title_url === `/bonfire/${shout.id}`)).toBe(false);
    const { client: member } = await memberClient();
    expect(ids(await json<PageOf<ShoutView>>(await member.get("/shout/")))).toContain(shout.id);
    expect((await member.get(`/shout/${shout.id}/`)).status).toBe(200);
    expect(ids(await json<PageOf<ShoutView>>(await member.get(`/user/${author.id}/shouts/`)))).toContain(shout.id);
  });

  it("a shout's page reads the shout, its card's data and its comments in one D1 round trip", async () => {
    const author = await createUser();
    const reader = await createUser();
    const shout = await createShoutRow(author);
    const private_ = await createUser();
    const hidden = await createShoutRow(private_);
    await setSettings(private_, { is_shouts_public: false });
    for (const viewer of [null, reader]) {
      const { d1, trips } = countingD1();
      const headers = new Headers();
      if (viewer) headers.set("Cookie", `${SESSION_COOKIE}=${await createSessionFor(viewer)}`);
      const ctx = await buildRequestContext(
        new Request("http://localhost/", { headers }),
        { ...env, DB: d1 },
        {
          waitUntil() {},
        },
      );
      trips.length = 0;
      const detail = await getShout(ctx, shout.id);
      expect(trips).toHaveLength(1);
      expect(detail).toEqual(await getShout(await serviceContext(viewer), shout.id));
    }
    // What was read for a shout a guest may not see goes with the 404.
    await expect(getShout(await serviceContext(null), hidden.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("views are counted once per viewer per day; the author's own views do not count", async () => {
    const author = await createUser();
    const shout = await createShoutRow(author);
    const c = clock();
    const memberA = await createUser();
    const memberB = await createUser();
    const views = async () => (await getShout(await serviceContext(author, c.now), shout.id)).views_count;
    await recordShoutView(await serviceContext(author, c.now), shout.id);
    expect(await views()).toBe(0);
    await recordShoutView(await serviceContext(memberA, c.now), shout.id);
    await recordShoutView(await serviceContext(memberA, c.now), shout.id);
    expect(await views()).toBe(1);
    await recordShoutView(await serviceContext(memberB, c.now), shout.id);
    expect(await views()).toBe(2);
    c.set(DAY);
    await recordShoutView(await serviceContext(memberA, c.now), shout.id);
    expect(await views()).toBe(3);

    // Over HTTP: GET /v1/shout/{id}/ counts the view it answers; guests are told apart by IP.
    const guest = await guestClient();
    const first = await json<ShoutDetail>(await guest.get(`/shout/${shout.id}/`));
    expect(first.views_count).toBe(4);
    expect((await json<ShoutDetail>(await guest.get(`/shout/${shout.id}/`))).views_count).toBe(4);
    const otherGuest = await guestClient();
    expect((await json<ShoutDetail>(await otherGuest.get(`/shout/${shout.id}/`))).views_count).toBe(5);
  });

  it("is_shouts_views_enabled off: views_count is null (still counted)", async () => {
    const { client: authorApi, user: author } = await memberClient();
    const shout = await post(authorApi, "Сколько просмотров?");
    await setSettings(author, { is_shouts_views_enabled: false });
    const { client: member } = await memberClient();
    const detail = await json<ShoutDetail>(await member.get(`/shout/${shout.id}/`));
    expect(detail.views_count).toBeNull();
    expect(
      (await json<PageOf<ShoutView>>(await member.get(`/user/${author.id}/shouts/`))).results[0].views_count,
    ).toBeNull();
    expect(await scalar("SELECT views_count FROM shouts WHERE id = ?", shout.id)).toBe(1);
  });
});

describe("paws and bookmarks on shouts", () => {
  it("paws toggle; own shout is 403; the owner is notified and sees it among received paws", async () => {
    await setFlags({ is_paw_view_enabled: false, is_paw_down_enabled: true });
    const { client: authorApi } = await memberClient();
    const { client: fan } = await memberClient();
    const shout = await post(authorApi, "Оцените записку");
    const paw = await fan.post("/like/", { item_type: "shout", item_id: shout.id });
    expect(await json(paw)).toEqual({ item_id: shout.id, item_type: "shout", pwnd: 1, ownd: 1 });
    expect((await json<ShoutView>(await fan.get(`/shout/${shout.id}/`))).ownd).toBe(1);
    expect(
      await json(await fan.post("/like/", { item_type: "shout", item_id: shout.id, is_negative: true })),
    ).toMatchObject({
      pwnd: -1,
      ownd: -1,
    });
    const own = await authorApi.post("/like/", { item_type: "shout", item_id: shout.id });
    expect(own.status).toBe(403);
    expect((await json<ErrorBody>(own)).detail).toBe("Нельзя ставить лапку своей записке.");
    expect((await (await guestClient()).post("/like/", { item_type: "shout", item_id: shout.id })).status).toBe(401);
    expect((await fan.post("/like/", { item_type: "shout", item_id: 999999999 })).status).toBe(404);
    expect(await scalar("SELECT pwnd FROM shouts WHERE id = ?", shout.id)).toBe(-1);

    const received = await json<PageOf<{ pre_title: string; title_url: string; item_type: string }>>(
      await authorApi.get("/like/"),
    );
    expect(received.results[0]).toMatchObject({
      pre_title: "Записка",
      title_url: `/bonfire/${shout.id}`,
      item_type: "shout",
    });
    const inbox = await json<PageOf<{ type: number; pre_title: string; title: string }>>(
      await authorApi.get("/notification/"),
    );
    expect(inbox.results[0]).toMatchObject({
      type: STREAM_TYPE.paws,
      pre_title: "1 участник оценил вашу записку",
      title: "Оцените записку",
    });
  });

  it("bookmarks toggle; bookmark-shouts is the owner's only (401 guest, 403 others)", async () => {
    const { user: author } = await memberClient();
    const { client, user } = await memberClient();
    const shout = await createShoutRow(author);
    expect(await json(await client.post("/bookmark/", { item_type: "shout", item_id: shout.id }))).toEqual({
      item_id: shout.id,
      item_type: "shout",
      is_bookmarked: true,
    });
    expect((await json<ShoutView>(await client.get(`/shout/${shout.id}/`))).is_bookmarked).toBe(true);
    const list = await json<PageOf<ShoutView>>(await client.get(`/user/${user.id}/bookmark-shouts/`));
    expect(ids(list)).toEqual([shout.id]);
    expect(list.results[0].is_bookmarked).toBe(true);
    expect((await (await guestClient()).get(`/user/${user.id}/bookmark-shouts/`)).status).toBe(401);
    const { client: other } = await memberClient();
    const forbidden = await other.get(`/user/${user.id}/bookmark-shouts/`);
    expect(forbidden.status).toBe(403);
    expect((await json<ErrorBody>(forbidden)).detail).toMatch(RUSSIAN);
    expect((await client.post("/bookmark/", { item_type: "shout", item_id: 999999999 })).status).toBe(404);
    expect(await json(await client.post("/bookmark/", { item_type: "shout", item_id: shout.id }))).toMatchObject({
      is_bookmarked: false,
    });
    expect((await json<PageOf<ShoutView>>(await client.get(`/user/${user.id}/bookmark-shouts/`))).results).toEqual([]);
  });
});

describe("tag pages and profile lists", () => {
  it("GET /v1/tag/{slug}/shouts/ pages shouts with the tag, newest first; top tags by shouts", async () => {
    const { client } = await memberClient();
    const run = Date.now().toString(36);
    const made: ShoutView[] = [];
    for (let i = 0; i < 21; i++) made.push(await post(client, `Номер ${i} #костёр${run}`));
    const slug = tagSlugBase(`костёр${run}`);
    const guest = await guestClient();
    const first = await json<PageOf<ShoutView>>(await guest.get(`/tag/${slug}/shouts/`));
    expect(first.results).toHaveLength(20);
    expect(first.results[0].id).toBe(made[20].id);
    expect(first.next).toBe(`http://localhost/api/v1/tag/${slug}/shouts/?page=2`);
    expect(ids(await json<PageOf<ShoutView>>(await guest.get(first.next as string)))).toEqual([made[0].id]);
    expect(await json<{ shouts_count: number }>(await guest.get(`/tag/${slug}/`))).toMatchObject({ shouts_count: 21 });
    const top = await json<PageOf<{ slug: string }>>(await guest.get("/tag/top/?item_type=shouts"));
    expect(top.results.map((t) => t.slug)).toContain(slug);
    // Posts of that tag are a separate list.
    expect((await json<PageOf<unknown>>(await guest.get(`/tag/${slug}/posts/`))).results).toEqual([]);
  });

  it("GET /v1/user/{id}/shouts/ pages a member's shouts; unknown members are 404", async () => {
    const { client, user } = await memberClient();
    for (let i = 0; i < 21; i++) await createShoutRow(user);
    const guest = await guestClient();
    const first = await json<PageOf<ShoutView>>(await guest.get(`/user/${user.id}/shouts/`));
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe(`/api/v1/user/${user.id}/shouts/?page=2`);
    expect((await json<PageOf<ShoutView>>(await guest.get(`/user/${user.id}/shouts/?page=2`))).results).toHaveLength(1);
    expect((await guest.get("/user/999999999/shouts/")).status).toBe(404);
    expect((await guest.get("/user/999999999/pictures/")).status).toBe(404);
    expect((await guest.get(`/user/${user.id}/shouts/?page=0`)).status).toBe(400);
    expect(client).toBeDefined();
  });
});

describe("OpenAPI", () => {
  it("documents the shout routes", async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await (await guestClient()).get("/openapi.json"),
    );
    for (const path of [
      "/v1/shout/",
      "/v1/shout/pinned/",
      "/v1/shout/{id}/",
      "/v1/shout/{id}/pin/",
      "/v1/shout/{id}/mute/",
      "/v1/shout/{id}/freeze/",
      "/v1/shout-comment/",
      "/v1/shout-comment/{id}/",
      "/v1/user/{id}/shouts/",
      "/v1/user/{id}/bookmark-shouts/",
      "/v1/user/{id}/pictures/",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths["/v1/shout/"])).toEqual(expect.arrayContaining(["get", "post"]));
  });
});

describe("realtime", () => {
  const socket = socketsClosedAfterEach();
  const from = (tab: string) => ({ headers: { From: tab } });

  it("shout_created, shout_updated and shout_deleted reach everyone, as seen by nobody in particular", async () => {
    const { client, user } = await memberClient();
    const guest = await socket(undefined, { route: "/" });
    const { client: otherApi } = await memberClient();
    const member = await socket(otherApi, { route: "/bonfire" });
    const res = await client.post("/shout/", { text: "Живая записка" }, from("tab-s1"));
    const shout = await json<ShoutView>(res);
    for (const s of [guest, member]) {
      const event = await s.event("shout_created", (o) => o.id === shout.id);
      expect(event.from).toBe("tab-s1");
      expect(event.obj).toMatchObject({
        id: shout.id,
        headline: "Живая записка",
        user: { id: user.id },
        ownd: 0,
        is_bookmarked: false,
        can_edit: false,
        can_delete: false,
        can_moderate: false,
      });
    }
    await client.patch(`/shout/${shout.id}/`, { text: "Исправленная записка" }, from("tab-s2"));
    expect((await guest.event("shout_updated", (o) => o.id === shout.id)).obj).toMatchObject({
      headline: "Исправленная записка",
    });
    await client.delete(`/shout/${shout.id}/`, from("tab-s3"));
    const deleted = await member.event("shout_deleted", (o) => o.id === shout.id);
    expect(deleted.obj).toEqual({ id: shout.id });
  });

  it("pinning reaches everyone; a muted shout's events go to its page only", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { client: authorApi } = await memberClient();
    const shout = await post(authorApi, "Закрепим, потом скроем");
    const home = await socket(undefined, { route: "/" });
    const page = await socket(undefined, { route: `/bonfire/${shout.id}` });
    await mod.patch(`/shout/${shout.id}/pin/`);
    expect((await home.event("shout_pinned", (o) => o.id === shout.id)).obj).toMatchObject({ is_pinned: true });
    await mod.patch(`/shout/${shout.id}/mute/`);
    // The mute itself still reaches the lists (so they drop the shout)…
    expect((await home.event("shout_updated", (o) => o.id === shout.id)).obj).toMatchObject({ is_muted: true });
    // …later changes only its page.
    await mod.patch(`/shout/${shout.id}/freeze/`);
    expect((await page.event("shout_updated", (o) => o.id === shout.id && o.is_frozen === true)).obj).toMatchObject({
      is_frozen: true,
    });
    await authorApi.delete(`/shout/${shout.id}/`);
    await page.event("shout_deleted", (o) => o.id === shout.id);
    await settle();
    expect(home.has("shout_updated", (o) => o.id === shout.id && o.is_frozen === true)).toBe(false);
    expect(home.has("shout_deleted", (o) => o.id === shout.id)).toBe(false);
  });

  it("shout_comment_created reaches a socket on /bonfire/{id} and not one on /", async () => {
    const { user: author } = await memberClient();
    const { client: writer } = await memberClient();
    const shout = await createShoutRow(author);
    const reader = await socket(undefined, { route: `/bonfire/${shout.id}` });
    const home = await socket(undefined, { route: "/" });
    const res = await writer.post("/shout-comment/", { shout_id: shout.id, text: "Живой комментарий" }, from("tab-sc"));
    const comment = await json<{ id: number }>(res);
    const event = await reader.event("shout_comment_created", (o) => o.id === comment.id);
    expect(event.from).toBe("tab-sc");
    expect(event.obj).toMatchObject({
      id: comment.id,
      shout: shout.id,
      depth: 1,
      children: [],
      ownd: 0,
      can_edit: false,
    });
    await settle();
    expect(home.has("shout_comment_created", (o) => o.id === comment.id)).toBe(false);
  });

  it("like events: a shout's to everyone, a shout comment's to its page", async () => {
    await setFlags({ is_paw_view_enabled: true });
    const { user: author } = await memberClient();
    const { client: fan, user: fanUser } = await memberClient();
    const shout = await createShoutRow(author);
    const comment = await createShoutCommentRow(shout, author);
    const home = await socket(undefined, { route: "/" });
    const page = await socket(undefined, { route: `/bonfire/${shout.id}` });
    await fan.post("/like/", { item_type: "shout", item_id: shout.id });
    expect((await home.event("like_created", (o) => o.item_type === "shout" && o.item_id === shout.id)).obj).toEqual({
      item_type: "shout",
      item_id: shout.id,
      pwnd: 1,
      user_id: fanUser.id,
      ownd: 1,
      owner_id: author.id,
    });
    await fan.post("/like/", { item_type: "shout_comment", item_id: comment.id });
    await page.event("like_created", (o) => o.item_type === "shout_comment" && o.item_id === comment.id);
    await settle();
    expect(home.has("like_created", (o) => o.item_type === "shout_comment" && o.item_id === comment.id)).toBe(false);
  });
});

describe("the bonfire's list and its pinned strip", () => {
  it("read their shouts' authors, pictures, tags, paws and bookmarks once, for both, in their own round trip", async () => {
    const author = await createUser();
    const fan = await createUser();
    const pinned = await createShoutRow(author, { isPinned: true, pinnedAt: new Date() });
    const plain = await createShoutRow(author);
    await db().insert(likes).values({ userId: fan.id, itemType: "shout", itemId: pinned.id, ownerId: author.id });
    await db().insert(bookmarks).values({ userId: fan.id, itemType: "shout", itemId: plain.id });
    // The page's lists as its loader asks for them, side by side, on a D1 that logs its round trips.
    const read = async <T>(lists: (ctx: RequestContext) => Promise<T>) => {
      const { d1, trips } = countingD1();
      const headers = new Headers({ Cookie: `${SESSION_COOKIE}=${await createSessionFor(fan)}` });
      const request = new Request("http://localhost/bonfire", { headers });
      return { result: await lists(await buildRequestContext(request, { ...env, DB: d1 }, { waitUntil() {} })), trips };
    };
    const alone = await read((ctx) => listPinnedShouts(ctx));
    const both = await read((ctx) => Promise.all([listShouts(ctx, {}), listPinnedShouts(ctx)]));
    // The lists, their shouts' authors, pictures, tags and the member's paws and bookmarks (with the rules' config)
    // in one round trip after the session's: the same data statements for the two lists as for one, which embed
    // the lists (one statement more: the second list).
    expect(alone.trips).toHaveLength(2);
    expect(both.trips).toHaveLength(2);
    expect(both.trips.at(-1)).toBe((alone.trips.at(-1) ?? 0) + 1);
    const [list, strip] = both.result;
    // Each list still gets its own shouts, with the member's paw and bookmark on each.
    const inStrip = strip.find((s) => s.id === pinned.id);
    const inList = list.results.find((s) => s.id === plain.id);
    expect(inStrip?.ownd).toBe(1);
    expect(inStrip?.user.id).toBe(author.id);
    expect(inList?.is_bookmarked).toBe(true);
    expect(inList?.ownd).toBe(0);
    expect(list.results.every((s) => s.id !== pinned.id || s.ownd === 1)).toBe(true);
  });
});
