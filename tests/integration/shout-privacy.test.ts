import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ApiClient, guestClient, json, memberClient } from "#tests/factories/client";
import { eventually } from "#tests/factories/db";
import { PNG_6X4 } from "#tests/factories/images";
import { shoutForm } from "#tests/factories/shouts";
import { settle, socketsClosedAfterEach } from "#tests/factories/sockets";
import { SETTING_KEYS, type SettingKey, withSettingDefaults } from "#workers/core/accounts/accounts.constants";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { pageKey, purgeAllPages, readPage, storePage } from "#workers/platform/page-cache";

/**
 * Issue 11: a member who turns `is_shouts_public` off hides their shouts from guests everywhere at once — the
 * activity stream, the cached guest pages (any list, page or strip), the API lists, search, the pictures page and
 * the realtime channel — while members still see them where the spec shows them to members.
 */

const ORIGIN = "http://localhost";

const openSocket = socketsClosedAfterEach();

/** A guest's GET of a page, as a browser sends it (the cookie keeps the first-visit CSRF cookie out of it). */
async function guestPage(path: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, {
    headers: { Cookie: "csrftoken=abcdefghijklmnopqrstuv" },
    redirect: "manual",
  });
}

/**
 * Reads a guest page until the page cache answers it (the miss stores it after the response). A render of a
 * bonfire page full of other files' shouts takes seconds on a busy 2-core machine: a few tries need more than 3 s.
 */
async function cachedGuestPage(path: string): Promise<string> {
  let html = "";
  await eventually(async () => {
    const res = await guestPage(path);
    html = await res.text();
    return res.headers.get("X-Page-Cache") === "HIT";
  }, 15_000);
  return html;
}

/** The settings form as a browser without JavaScript posts it: every flag that is on, except those turned off. */
function settingsFields(current: Record<SettingKey, boolean>, changes: Partial<Record<SettingKey, boolean>>) {
  const next = { ...current, ...changes };
  return {
    intent: "settings",
    ...Object.fromEntries(SETTING_KEYS.filter((key) => next[key]).map((key) => [key, "on"])),
  };
}

async function postShout(client: ApiClient, text: string): Promise<ShoutView> {
  const res = await client.request("POST", "/shout/", {
    body: shoutForm({ text, files: [{ bytes: PNG_6X4 }], captions: ["подпись"] }),
  });
  expect(res.status).toBe(201);
  return json<ShoutView>(res);
}

/** Whether the text shows the needle (a boolean keeps a failure's message short: pages are long). */
function has(text: string, needle: string): boolean {
  return text.includes(needle);
}

async function body(client: ApiClient, path: string): Promise<string> {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return res.text();
}

describe("is_shouts_public off hides a member's shouts from guests everywhere at once", () => {
  it("stream items, cached pages, lists, search, pictures and the shout page; members keep seeing them", async () => {
    const run = Date.now().toString(36);
    const marker = `Тайнаязаписка${run}`;
    const commentText = `Тайныйкомментарий${run}`;
    const tag = `секрет${run}`;

    const { client: author, user } = await memberClient();
    const { client: moderator } = await memberClient({ isMod: true });
    const { client: reader } = await memberClient();
    const shout = await postShout(author, `${marker} у костра #${tag}`);
    expect(shout.images).toHaveLength(1);
    const pictureKey = `shouts/${user.id}/`;
    const slug = shout.tags[0].slug;
    expect((await reader.post("/shout-comment/", { shout_id: shout.id, text: commentText })).status).toBe(201);
    expect((await moderator.patch(`/shout/${shout.id}/pin/`)).status).toBe(200);
    // A later shout of someone else: the bonfire's next page (?cursor=) starts with the member's shout.
    const later = await postShout((await memberClient()).client, `Другая записка ${run}`);

    const guest = await guestClient();
    const apiReads = [
      "/activity/",
      "/shout/",
      "/shout/?type=popular",
      "/shout/pinned/",
      `/shout/?cursor=${later.id}`,
      `/tag/${slug}/shouts/`,
      `/user/${user.id}/shouts/`,
      `/user/${user.id}/pictures/`,
      `/search/?type=shout&q=${encodeURIComponent(marker)}`,
    ];
    const pages = [
      "/bonfire",
      "/bonfire?type=popular",
      `/bonfire?cursor=${later.id}`,
      `/bonfire/${shout.id}`,
      `/tags/${slug}?itemType=shouts`,
    ];
    const uncachedPages = [`/users/${user.id}/shouts`, `/users/${user.id}/pictures`];

    // Before: guests see the shout, its picture and the comment (the stream tells of both).
    const activity = await body(guest, "/activity/");
    expect(has(activity, marker)).toBe(true);
    expect(has(activity, commentText)).toBe(true);
    for (const path of apiReads.slice(1)) expect(has(await body(guest, path), pictureKey), path).toBe(true);
    expect(has(await body(guest, `/shout/${shout.id}/`), commentText)).toBe(true);
    for (const path of pages) expect(has(await cachedGuestPage(path), marker), path).toBe(true);
    for (const path of uncachedPages) expect(has(await (await guestPage(path)).text(), pictureKey), path).toBe(true);

    // A guest looking at the shout's page, and one on the bonfire, keep their sockets open.
    const onShoutPage = await openSocket(undefined, { route: `/bonfire/${shout.id}` });
    const onBonfire = await openSocket(undefined, { route: "/bonfire" });
    const memberSocket = await openSocket(reader, { route: `/bonfire/${shout.id}` });

    // The member turns the setting off through the settings form.
    const res = await author.form(
      `/users/${user.id}/settings`,
      settingsFields(withSettingDefaults(user.settings), { is_shouts_public: false }),
    );
    expect(res.status).toBeLessThan(400);
    await res.body?.cancel();

    // At once: no guest read shows the text, the comment or the picture — cached pages included.
    const after = await body(guest, "/activity/");
    expect(has(after, marker)).toBe(false);
    expect(has(after, commentText)).toBe(false);
    for (const path of apiReads) {
      // A tag used only by hidden shouts is itself hidden from guests (404); every other read answers without them.
      const res = await guest.get(path);
      expect(res.status, path).toBe(path.startsWith("/tag/") ? 404 : 200);
      const text = await res.text();
      expect(has(text, marker), path).toBe(false);
      expect(has(text, pictureKey), path).toBe(false);
    }
    expect((await guest.get(`/shout/${shout.id}/`)).status).toBe(404);
    for (const path of [...pages, ...uncachedPages]) {
      const page = await guestPage(path);
      const html = await page.text();
      expect(has(html, marker), path).toBe(false);
      expect(has(html, commentText), path).toBe(false);
      expect(has(html, pictureKey), path).toBe(false);
    }
    // …and the pages cached again afterwards stay without it (the hit path; the shout's and the tag's pages are
    // 404s now, which are not cached).
    for (const path of pages.filter((p) => p.startsWith("/bonfire?") || p === "/bonfire"))
      expect(has(await cachedGuestPage(path), marker), path).toBe(false);

    // Open guest pages are told to drop the member's shouts; members are not.
    expect((await onBonfire.event("shouts_hidden", (o) => o.user_id === user.id)).obj.user_id).toBe(user.id);
    await onShoutPage.event("shouts_hidden", (o) => o.user_id === user.id);

    // New events about the shout reach members only: a comment is not sent to the guest still on its page.
    const secondComment = `Ещёкомментарий${run}`;
    expect((await reader.post("/shout-comment/", { shout_id: shout.id, text: secondComment })).status).toBe(201);
    await memberSocket.event("shout_comment_created", (o) => o.shout === shout.id);
    await settle();
    expect(onShoutPage.has("shout_comment_created", (o) => o.shout === shout.id)).toBe(false);
    expect(memberSocket.has("shouts_hidden")).toBe(false);

    // Members still see the shout where members see it: the bonfire, its page, the tag page, search, the profile.
    for (const client of [author, reader]) {
      for (const path of apiReads.slice(1)) expect(has(await body(client, path), pictureKey), path).toBe(true);
      const detail = await body(client, `/shout/${shout.id}/`);
      expect(has(detail, commentText)).toBe(true);
      expect(has(detail, secondComment)).toBe(true);
    }
    const memberPage = await SELF.fetch(`${ORIGIN}/bonfire`, {
      headers: { Cookie: `sessionid=${reader.cookies.get("sessionid")}` },
    });
    expect(has(await memberPage.text(), marker)).toBe(true);
    // The public activity stream never tells of hidden shouts (docs/decisions/0018): the same for members.
    expect(has(await body(reader, "/activity/"), marker)).toBe(false);

    // Turned back on, the shout is public again (stream items included), at once.
    const back = await author.form(
      `/users/${user.id}/settings`,
      settingsFields(withSettingDefaults(user.settings), { is_shouts_public: true }),
    );
    await back.body?.cancel();
    expect(has(await body(guest, "/activity/"), marker)).toBe(true);
    expect(has(await (await guestPage(`/bonfire?cursor=${later.id}`)).text(), marker)).toBe(true);
  }, 30_000);

  it("a muted or deleted shout leaves every cached guest page at once (the same mechanism)", async () => {
    const run = Date.now().toString(36);
    const { client: author } = await memberClient();
    const { client: moderator } = await memberClient({ isMod: true });
    const muted = await postShout(author, `Скрытаязаписка${run}`);
    const deleted = await postShout(author, `Удалённаязаписка${run}`);
    const later = await postShout((await memberClient()).client, `Последняя ${run}`);
    const path = `/bonfire?cursor=${later.id}`;
    const cached = await cachedGuestPage(path);
    expect(has(cached, `Скрытаязаписка${run}`)).toBe(true);
    expect(has(cached, `Удалённаязаписка${run}`)).toBe(true);

    expect((await moderator.patch(`/shout/${muted.id}/mute/`)).status).toBe(200);
    expect(has(await (await guestPage(path)).text(), `Скрытаязаписка${run}`)).toBe(false);
    await cachedGuestPage(path);
    expect((await author.delete(`/shout/${deleted.id}/`)).status).toBe(200);
    expect(has(await (await guestPage(path)).text(), `Удалённаязаписка${run}`)).toBe(false);
  });
});

describe("the guest page cache's generation", () => {
  it("a page rendered before a purge of every page is not served after it, in any isolate's memory", async () => {
    const key = pageKey(`${ORIGIN}/bonfire?cursor=777`, "darkorange");
    // The miss: the render starts under the current generation…
    expect(await readPage(key)).toBeUndefined();
    // …something is hidden meanwhile…
    await purgeAllPages(ORIGIN);
    // …and the page rendered from the older data is stored afterwards.
    await storePage(key, new Response("<p>старая</p>", { headers: { "Cache-Control": "public, s-maxage=60" } }));
    expect(await readPage(key)).toBeUndefined();

    // A page stored under the current generation is served from memory and from the Cache API.
    const fresh = pageKey(`${ORIGIN}/bonfire?cursor=778`, "darkorange");
    expect(await readPage(fresh)).toBeUndefined();
    await storePage(fresh, new Response("<p>новая</p>", { headers: { "Cache-Control": "public, s-maxage=60" } }));
    expect(await (await readPage(fresh))?.text()).toBe("<p>новая</p>");
    await purgeAllPages(ORIGIN);
    expect(await readPage(fresh)).toBeUndefined();
  });
});
