import { env, SELF } from "cloudflare:test";
import { asc, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, feedEntries, feedGroups, feedSources } from "#drizzle/schema";
import { pollDueSources } from "#workers/core/feed/feed.ingest";
import { purgeAllPages } from "#workers/platform/page-cache";
import { adminClient, guestClient, json, memberClient, RUSSIAN } from "../factories/client";
import { db } from "../factories/db";

/** The feed's pages, API, news search and admin page, over entries ingested from the local feed server. */
const FEEDS = (env as unknown as { TEST_FEEDS_URL: string }).TEST_FEEDS_URL;
const NOW = new Date("2026-11-24T12:00:00Z");

async function ingest(...files: string[]) {
  await db()
    .insert(feedSources)
    .values(
      files.map((file) => ({
        name: `Сайт ${file}`,
        url: `${FEEDS}/${file}`,
        domain: `${file.replace(/\W/g, "")}.example`,
        nextPollAt: NOW,
      })),
    );
  await pollDueSources(db(), NOW);
}

async function page(path: string, cookie?: string): Promise<{ status: number; html: string }> {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, html: await res.text() };
}

describe("feed pages and API", { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await db().delete(feedGroups);
    await db().delete(feedSources);
    // Guest pages are cached; in production the ingest purges them by Cache-Tag (tests/integration/feed-ingest).
    await purgeAllPages("http://localhost");
  });

  it("/feed lists stories newest first with their sources; /feed?type=all every entry; /feed/{id} links out", async () => {
    await ingest("rss.xml", "atom.xml");
    const groups = await db().select().from(feedGroups).orderBy(desc(feedGroups.publishedAt), desc(feedGroups.id));
    const feed = await page("/feed");
    expect(feed.status).toBe(200);
    const positions = groups.map((g) => feed.html.indexOf(g.headline.replaceAll('"', "&quot;")));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(feed.html).toContain("2 источника");
    // Titles are text: the feed's markup never reaches the page.
    expect(feed.html).not.toContain("<b>GTA");

    const all = await page("/feed?type=all");
    expect(all.status).toBe(200);
    const entries = await db().select().from(feedEntries);
    for (const entry of entries) expect(all.html).toContain(entry.url.replaceAll("&", "&amp;"));

    const gta = groups.find((g) => g.headline.startsWith("GTA 6"));
    const story = await page(`/feed/${gta?.id}`);
    expect(story.status).toBe(200);
    expect(story.html).toContain("https://gameplay.example/articles/gta-vi");
    const outbound = [...story.html.matchAll(/<a [^>]*href="https:\/\/(?:igronews|gameplay)\.example[^"]*"[^>]*>/g)];
    expect(outbound.length).toBeGreaterThanOrEqual(3);
    for (const [link] of outbound) expect(link).toContain('rel="noopener nofollow ugc"');
    expect((await page("/feed/999999")).status).toBe(404);
    expect((await page("/feed/abc")).status).toBe(404);
  });

  it("pages by cursor: a next link without JavaScript, no story twice", async () => {
    await ingest("big.xml");
    const first = await page("/feed");
    const next = /href="(\/feed\?cursor=[^"]+)"/.exec(first.html)?.[1];
    expect(next).toBeTruthy();
    const second = await page((next ?? "").replaceAll("&amp;", "&"));
    expect(second.status).toBe(200);
    const ids = (html: string) => [...html.matchAll(/id="news-(\d+)"/g)].map((m) => m[1]);
    expect(ids(first.html)).toHaveLength(20);
    expect(ids(second.html).some((id) => ids(first.html).includes(id))).toBe(false);
  });

  it("GET /v1/feed-entry-group/ pages groups; /{id}/ gives one with its news items", async () => {
    await ingest("rss.xml", "atom.xml", "feed.json");
    const client = await guestClient();
    const list = await json<{ results: { id: number; sources: unknown[] }[]; next: string | null }>(
      await client.get("/feed-entry-group/"),
    );
    expect(list.results.length).toBeGreaterThan(3);
    expect(list.next).toBeNull();
    const res = await client.get(`/feed-entry-group/${list.results[0].id}/`);
    expect(res.status).toBe(200);
    const group = await json<{ entries: Record<string, unknown>[] }>(res);
    expect(Object.keys(group.entries[0]).sort()).toEqual(
      ["datetime_published", "group", "headline", "id", "image_url", "source", "summary", "url"].sort(),
    );
    expect(group.entries[0].source).toEqual(
      expect.objectContaining({ name: expect.any(String), domain: expect.any(String) }),
    );
    const missing = await client.get("/feed-entry-group/424242/");
    expect(missing.status).toBe(404);
    expect((await json<{ detail: string }>(missing)).detail).toMatch(RUSSIAN);
    const bad = await client.get("/feed-entry-group/?cursor=%%%");
    expect(bad.status).toBe(400);
  });

  it("search type news finds stories by any of their entries' titles, in any word form", async () => {
    await ingest("rss.xml", "atom.xml");
    const client = await guestClient();
    const found = await json<{ headline: string; sources: unknown[] }[]>(
      await client.get(`/search/?type=news&q=${encodeURIComponent("перенесла gta")}`),
    );
    expect(found.map((g) => g.headline)).toEqual(["GTA 6 перенесли на 19 ноября 2026 года"]);
    expect(found[0].sources).toHaveLength(2);
    const forms = await json<unknown[]>(
      await client.get(`/search/?type=news&q=${encodeURIComponent("консоль Valve")}`),
    );
    expect(forms).toHaveLength(1);
    const page = await SELF.fetch(`http://localhost/search?type=news&q=${encodeURIComponent("roblox")}`);
    expect(await page.text()).toContain("Роскомнадзор заблокировал Roblox в России");
  });

  it("admins manage sources on /admin/feeds, each change in the audit log; others may not", async () => {
    const { client: member } = await memberClient();
    expect((await member.request("GET", "http://localhost/admin/feeds")).status).toBe(403);
    const guest = await SELF.fetch("http://localhost/admin/feeds", { redirect: "manual" });
    expect(guest.status).toBe(302);

    const { client: admin, user } = await adminClient();
    const bad = await admin.form("/admin/feeds", { intent: "create", name: "", url: "ftp://x", interval_minutes: "2" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Введите название.");
    expect(badHtml).toContain("Не чаще раза в 5 минут.");
    expect(await db().select().from(feedSources)).toHaveLength(0);

    const created = await admin.form("/admin/feeds", {
      intent: "create",
      name: "Игровые новости",
      url: `${FEEDS}/rss.xml`,
      domain: "",
      interval_minutes: "15",
      is_enabled: "on",
    });
    expect(created.status).toBe(200);
    const [source] = await db().select().from(feedSources);
    expect(source).toMatchObject({
      name: "Игровые новости",
      domain: "127.0.0.1",
      intervalMinutes: 15,
      isEnabled: true,
    });
    const duplicate = await admin.form("/admin/feeds", {
      intent: "create",
      name: "Дубль",
      url: source.url,
      interval_minutes: "30",
    });
    expect(await duplicate.text()).toContain("Источник с этим адресом уже есть.");

    const polled = await admin.form("/admin/feeds", { intent: "poll", id: String(source.id) });
    expect(await polled.text()).toContain("Добавлено: 4 записи.");
    const listing = await (await admin.request("GET", "http://localhost/admin/feeds")).text();
    expect(listing).toContain("4 записи");
    expect(listing).toContain("Последний успех");

    await admin.form("/admin/feeds", {
      intent: "update",
      id: String(source.id),
      name: "Игровые новости",
      url: source.url,
      domain: "igronews.example",
      interval_minutes: "60",
    });
    const [updated] = await db().select().from(feedSources);
    expect(updated).toMatchObject({ domain: "igronews.example", intervalMinutes: 60, isEnabled: false });

    await admin.form("/admin/feeds", { intent: "delete", id: String(source.id) });
    expect(await db().select().from(feedSources)).toHaveLength(0);
    expect(await db().select().from(feedGroups)).toHaveLength(0);

    const audit = await db()
      .select({ action: auditLog.action, targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.actorId, user.id))
      .orderBy(asc(auditLog.id));
    expect(audit.every((a) => a.targetId === String(source.id))).toBe(true);
    expect(audit.map((a) => a.action)).toEqual([
      "feed_source.create",
      "feed_source.poll",
      "feed_source.update",
      "feed_source.delete",
    ]);
  });

  it("feed pictures come from our origin: only real images, never SVG or HTML", async () => {
    const [group] = await db()
      .insert(feedGroups)
      .values([
        { headline: "С картинкой", imageUrl: `${FEEDS}/pixel.png`, publishedAt: NOW },
        { headline: "С поддельной картинкой", imageUrl: `${FEEDS}/fake.png`, publishedAt: NOW },
        { headline: "Без картинки", publishedAt: NOW },
      ])
      .returning();
    const image = await SELF.fetch(`http://localhost/feed/image/group/${group.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(60);
    for (const path of [`group/${group.id + 1}`, `group/${group.id + 2}`, "group/0", "post/1", "group/x"]) {
      const res = await SELF.fetch(`http://localhost/feed/image/${path}`);
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
    const list = await page("/feed");
    expect(list.html).toContain(`src="/feed/image/group/${group.id}"`);
    expect(list.html).not.toContain(FEEDS);
  });

  it("the «Лента» menu item is enabled", async () => {
    const client = await guestClient();
    const config = await json<{ menu_items: { url: string; is_disabled: boolean }[] }>(await client.get("/config/"));
    expect(config.menu_items.find((item) => item.url === "/feed")?.is_disabled).toBe(false);
  });
});
