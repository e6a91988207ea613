import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { feedEntries, feedGroups, feedSources } from "#drizzle/schema";
import { MAX_FEED_BYTES } from "#workers/core/feed/feed.fetch";
import { backoffMinutes, pollDueSources } from "#workers/core/feed/feed.ingest";
import { runScheduledJobs } from "#workers/jobs/scheduled";
import { db } from "../factories/db";

/** Feeds come from tests/servers/feeds.mjs, a real local HTTP server (vitest.config.ts). */
const FEEDS = (env as unknown as { TEST_FEEDS_URL: string }).TEST_FEEDS_URL;
const CF_API = (env as unknown as { CF_API_URL: string }).CF_API_URL.replace("/client/v4", "");
const NOW = new Date("2026-11-24T12:00:00Z");

async function addSource(file: string, overrides: Partial<typeof feedSources.$inferInsert> = {}) {
  const [row] = await db()
    .insert(feedSources)
    .values({
      name: file,
      url: `${FEEDS}/${file}`,
      domain: `${file.replace(/\W/g, "")}.example`,
      nextPollAt: new Date(NOW.getTime() - 60_000),
      ...overrides,
    })
    .returning();
  return row;
}

async function entriesOf(sourceId: number) {
  return db().select().from(feedEntries).where(eq(feedEntries.sourceId, sourceId)).orderBy(asc(feedEntries.id));
}

async function hits(): Promise<Record<string, number>> {
  return (await fetch(`${FEEDS}/__hits`)).json();
}

describe("feed ingest", () => {
  // The tests share one database: each starts with no sources, groups or entries.
  beforeEach(async () => {
    await db().delete(feedGroups);
    await db().delete(feedSources);
  });

  it("reads RSS 2.0: plain-text titles, absolute URLs, images, missing dates, duplicated GUIDs, bad items", async () => {
    const source = await addSource("rss.xml");
    const [result] = await pollDueSources(db(), NOW);
    expect(result).toMatchObject({ status: "added", added: 4 });
    const entries = await entriesOf(source.id);
    expect(entries.map((e) => e.title)).toEqual([
      "GTA 6 перенесли на 19 ноября 2026 года",
      "Valve анонсировала Steam Machine и новый Steam Controller",
      "Продажи Cyberpunk 2077 превысили 30 миллионов копий",
      "Hollow Knight: Silksong выйдет 4 сентября",
    ]);
    const gta = entries[0];
    // Relative link resolved against the feed's link; the tracking parameter kept in the URL but not in its key.
    expect(gta.url).toBe("https://igronews.example/news/gta-6-delay?utm_source=rss");
    expect(gta.urlKey).toBe("igronews.example/news/gta-6-delay");
    expect(gta.summary).toBe("Rockstar Games «перенесла» релиз.");
    expect(gta.imageUrl).toBe("https://igronews.example/img/gta6.jpg");
    expect(gta.publishedAt.toISOString()).toBe("2026-11-24T06:00:00.000Z");
    // Escaped markup stays text, never markup.
    expect(entries[1].summary).toBe("Консоль <выйдет> в 2027 году.");
    expect(entries[1].imageUrl).toBe("https://cdn.igronews.example/steam-machine.jpg");
    // No date (and an unreadable one): the time it was first seen.
    expect(entries[2].publishedAt.toISOString()).toBe(NOW.toISOString());
    expect(entries[2].imageUrl).toBe("https://cdn.igronews.example/cp2077.jpg");
    expect(entries[3].publishedAt.toISOString()).toBe(NOW.toISOString());
    expect(entries[3].imageUrl).toBe("https://cdn.igronews.example/silksong.png");
    const [stored] = await db().select().from(feedSources).where(eq(feedSources.id, source.id));
    expect(stored).toMatchObject({ entriesCount: 4, failures: 0, lastError: null });
    expect(stored.lastSuccessAt?.toISOString()).toBe(NOW.toISOString());
    expect(stored.nextPollAt.getTime()).toBe(NOW.getTime() + 30 * 60_000);
  });

  it("reads Atom, RDF, JSON Feed and a Windows-1251 RSS, and groups the same story from several sites", async () => {
    const sources = await Promise.all(
      ["rss.xml", "atom.xml", "rdf.xml", "feed.json", "cp1251.xml"].map((file) => addSource(file)),
    );
    const results = await pollDueSources(db(), NOW);
    expect(results.map((r) => r.status)).toEqual(["added", "added", "added", "added", "added"]);
    const [, atom, rdf, json, cp1251] = sources;
    expect((await entriesOf(atom.id)).map((e) => [e.title, e.url])).toEqual([
      ["Роскомнадзор заблокировал Roblox в России", "https://gameplay.example/articles/roblox"],
      ["Rockstar перенесла релиз GTA VI на ноябрь 2026-го", "https://gameplay.example/articles/gta-vi"],
      ["Steam Machine возвращается: Valve показала новую консоль", "https://gameplay.example/articles/steam-machine"],
    ]);
    expect((await entriesOf(atom.id))[1]).toMatchObject({
      summary: "Игра выйдет осенью.",
      imageUrl: "https://gameplay.example/i/gta-vi.webp",
    });
    expect((await entriesOf(rdf.id)).map((e) => e.title)).toEqual([
      "Ремейк Gothic выйдет в начале 2026 года",
      "Продажи Cyberpunk 2077 перевалили за 30 миллионов",
    ]);
    expect((await entriesOf(json.id)).map((e) => [e.title, e.imageUrl])).toEqual([
      ["Discord заблокирован в России", null],
      ["Team Cherry назвала дату выхода Silksong — 4 сентября", "https://jsonnews.example/img/silksong.jpg"],
    ]);
    const [old] = await entriesOf(cp1251.id);
    expect(old.title).toBe("Ёжики в «Смуте»: вышло большое обновление для «Смуты»");
    expect(old.summary).toBe("Разработчики добавили новые задания — читайте подробности.");

    // One group per story, whichever site told it first.
    const groups = await db().select().from(feedGroups).orderBy(asc(feedGroups.publishedAt));
    const byHeadline = Object.fromEntries(groups.map((g) => [g.headline, g.entriesCount]));
    expect(groups).toHaveLength(8);
    expect(byHeadline["GTA 6 перенесли на 19 ноября 2026 года"]).toBe(2);
    expect(byHeadline["Valve анонсировала Steam Machine и новый Steam Controller"]).toBe(2);
    expect(byHeadline["Продажи Cyberpunk 2077 превысили 30 миллионов копий"]).toBe(2);
    expect(byHeadline["Team Cherry назвала дату выхода Silksong — 4 сентября"]).toBe(2);
    expect(byHeadline["Discord заблокирован в России"]).toBe(1);
    expect(byHeadline["Роскомнадзор заблокировал Roblox в России"]).toBe(1);
    // The best entry (one with a picture, the earliest) gives the headline and image; the group starts with its first entry.
    const gta = groups.find((g) => g.headline.includes("GTA"));
    expect(gta?.imageUrl).toBe("https://igronews.example/img/gta6.jpg");
    expect(gta?.publishedAt.toISOString()).toBe("2026-11-24T06:00:00.000Z");
  });

  it("sends the ETag back and takes a 304 as success without reading anything", async () => {
    const source = await addSource("etag.xml");
    expect((await pollDueSources(db(), NOW))[0]).toMatchObject({ status: "added", added: 3 });
    const before = (await hits())["/etag.xml"];
    const later = new Date(NOW.getTime() + 31 * 60_000);
    expect((await pollDueSources(db(), later))[0]).toMatchObject({ status: "not_modified", added: 0 });
    expect((await hits())["/etag.xml"]).toBe(before + 1);
    const [stored] = await db().select().from(feedSources).where(eq(feedSources.id, source.id));
    expect(stored).toMatchObject({ etag: '"atom-v1"', lastModified: "Tue, 24 Nov 2026 12:00:00 GMT", entriesCount: 3 });
    expect(stored.lastSuccessAt?.toISOString()).toBe(later.toISOString());
  });

  it("a broken or missing feed is recorded and backed off; it never stops the other sources", async () => {
    const broken = await addSource("broken.xml", { nextPollAt: new Date(NOW.getTime() - 120_000) });
    const missing = await addSource("missing.xml", { intervalMinutes: 60 });
    const good = await addSource("feed.json");
    const results = await pollDueSources(db(), NOW);
    expect(results.map((r) => r.status)).toEqual(["failed", "failed", "added"]);
    const rows = await db().select().from(feedSources).orderBy(asc(feedSources.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(missing.id)).toMatchObject({ failures: 1, lastError: "Лента не найдена (HTTP 404)." });
    expect(byId.get(missing.id)?.nextPollAt.getTime()).toBe(NOW.getTime() + 120 * 60_000);
    expect(byId.get(broken.id)?.failures).toBe(1);
    expect(byId.get(broken.id)?.lastError).toMatch(/ошибка разметки|записей/);
    expect(byId.get(good.id)?.entriesCount).toBe(2);
    // Failing again doubles the wait, up to a day.
    expect(backoffMinutes(60, 2)).toBe(240);
    expect(backoffMinutes(30, 20)).toBe(24 * 60);
  });

  it("reads at most 2 MB of a 5 MB feed and keeps the complete items of what it read", async () => {
    const source = await addSource("big.xml");
    const [result] = await pollDueSources(db(), NOW);
    expect(result.status).toBe("added");
    expect(result.added).toBeGreaterThan(50);
    const [stored] = await db().select().from(feedSources).where(eq(feedSources.id, source.id));
    expect(stored.lastError).toBe("Лента больше 2 МБ: прочитано только её начало.");
    expect(stored.entriesCount).toBe(result.added);
    expect(MAX_FEED_BYTES).toBe(2 * 1024 * 1024);
  });

  it("the scheduled job is idempotent: a rerun at the same time fetches and writes nothing, later polls dedupe", async () => {
    await addSource("rss.xml");
    await addSource("atom.xml");
    const count = async () => (await db().select().from(feedEntries)).length;
    const groups = async () => (await db().select().from(feedGroups)).length;
    expect(await runScheduledJobs(env, NOW)).toEqual({ failed: [] });
    const [entriesAfter, groupsAfter, hitsAfter] = [await count(), await groups(), await hits()];
    expect(entriesAfter).toBe(7);
    expect(await runScheduledJobs(env, NOW)).toEqual({ failed: [] });
    expect(await hits()).toEqual(hitsAfter);
    // Due again later: fetched again, nothing new stored.
    await runScheduledJobs(env, new Date(NOW.getTime() + 31 * 60_000));
    expect((await hits())["/rss.xml"]).toBe(hitsAfter["/rss.xml"] + 1);
    expect([await count(), await groups()]).toEqual([entriesAfter, groupsAfter]);
    // New entries purged the feed's guest pages everywhere (their Cache-Tag).
    const purges: { tags: string[] }[] = await (await fetch(`${CF_API}/__purges`)).json();
    expect(purges.some((p) => p.tags.includes("feed"))).toBe(true);
  });
});
