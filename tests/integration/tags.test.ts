import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { serviceContext } from "#tests/factories/context";
import { countingD1, scalar } from "#tests/factories/db";
import { createDraftRow, createPublishedPost, paragraphBody } from "#tests/factories/posts";
import { getTag, listTagPosts } from "#workers/core/tags/tags";
import { tagKey, tagSlugBase } from "#workers/core/tags/tags.schemas";
import { buildRequestContext } from "#workers/platform/context";

type Tag = { slug: string; name: string; posts_count: number };
type PageOf<T> = { results: T[]; next: string | null; previous: string | null };
type Detail = { slug: string; tags: { slug: string; name: string }[] };

/** Unique tag words per test run (the D1 may be shared between tests of a file). */
const run = Math.random().toString(36).slice(2, 6);

async function setTags(client: Awaited<ReturnType<typeof memberClient>>["client"], slug: string, tags: string[]) {
  const res = await client.patch(`/post/${slug}/`, { tags });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Detail>(res);
}

/** `count` published posts with the tag `name`, newest first (a second apart). */
async function publishTagged(
  client: Awaited<ReturnType<typeof memberClient>>["client"],
  user: Parameters<typeof createPublishedPost>[0],
  name: string,
  count: number,
) {
  const made = [];
  for (let i = 0; i < count; i++) {
    const post = await createPublishedPost(user, new Date(Date.now() - i * 1000));
    await setTags(client, post.slug, [name]);
    made.push(post);
  }
  return made;
}

describe("tag names", () => {
  it("compare case-insensitively in Russian, ё = е, stress marks ignored", () => {
    expect(tagKey("Ведьмак")).toBe(tagKey("ВЕДЬМАК"));
    expect(tagKey("Ёжик")).toBe(tagKey("ежик"));
    expect(tagKey("ведьма\u0301к")).toBe(tagKey("ведьмак"));
    expect(tagKey("  Тёмные   души ")).toBe("темные души");
    expect(tagSlugBase("Тёмные души")).toBe("tyomnye-dushi");
    expect(tagSlugBase("!!!")).toBe("tag");
    expect(tagKey("Й")).toBe("й");
  });

  it("one tag for every spelling; slugs are transliterations made unique", async () => {
    const { client, user } = await memberClient();
    const first = await createDraftRow(user);
    const word = `Ведьмак${run}`;
    const detail = await setTags(client, first.slug, [word, word.toUpperCase(), `Ёжик${run}`, `ведьма\u0301к${run}`]);
    expect(detail.tags.map((t) => t.name)).toEqual([word, `Ёжик${run}`]);
    expect(detail.tags[0].slug).toBe(tagSlugBase(word));
    const second = await createDraftRow(user);
    const again = await setTags(client, second.slug, [word.toLowerCase(), `ежик${run}`.toUpperCase()]);
    expect(again.tags).toEqual(detail.tags);
    expect(await scalar("SELECT count(*) FROM tags WHERE name_key IN (?, ?)", tagKey(word), tagKey(`ежик${run}`))).toBe(
      2,
    );
    // Different names with the same transliteration get -2.
    const plus = await setTags(client, second.slug, [`C++${run}`, `C#${run}`]);
    const base = tagSlugBase(`C++${run}`);
    expect(tagSlugBase(`C#${run}`)).toBe(base);
    expect(plus.tags.map((t) => t.slug)).toEqual([base, `${base}-2`]);
  });

  it("at most 10 tags of 2–40 characters, field errors in Russian", async () => {
    const { client, user } = await memberClient();
    const post = await createDraftRow(user);
    const cases: [unknown, string][] = [
      [Array.from({ length: 11 }, (_, i) => `тег${i}`), "tags"],
      [["я"], "tags.0"],
      [["ok", "x".repeat(41)], "tags.1"],
      [[42], "tags.0"],
      [["<script>"], "tags.0"],
    ];
    for (const [tags, field] of cases) {
      const res = await client.patch(`/post/${post.slug}/`, { tags });
      expect(res.status).toBe(400);
      const err = await json<ErrorBody>(res);
      expect(err.errors?.[field]?.[0], JSON.stringify(err)).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM post_tags WHERE post_id = ?", post.id)).toBe(0);
  });
});

describe("posts_count and tag pages", () => {
  it("counts published posts only, through publish, retag, unpublish and delete", async () => {
    const { client, user } = await memberClient();
    const a = `Стратегии${run}`;
    const b = `Инди${run}`;
    const post = await createDraftRow(user, {
      title: "Стратегия года",
      body: paragraphBody("Длинный текст о стратегиях."),
    });
    const detail = await setTags(client, post.slug, [a]);
    const slugA = detail.tags[0].slug;
    // Read from the row: a tag with no published post (nor shout) is not shown at all (404, see the end).
    const count = (slug: string) => scalar("SELECT posts_count FROM tags WHERE slug = ?", slug);
    expect(await count(slugA)).toBe(0);
    expect((await client.post(`/post/${post.slug}/publish/`)).status).toBe(200);
    expect(await count(slugA)).toBe(1);
    const other = await createPublishedPost(user);
    await setTags(client, other.slug, [a.toUpperCase(), b]);
    expect(await count(slugA)).toBe(2);
    const slugB = tagSlugBase(b);
    expect(await count(slugB)).toBe(1);
    // Retagging a published post moves its count.
    await setTags(client, other.slug, [b]);
    expect(await count(slugA)).toBe(1);
    expect((await client.post(`/post/${post.slug}/unpublish/`)).status).toBe(200);
    expect(await count(slugA)).toBe(0);
    expect((await client.delete(`/post/${other.slug}/`)).status).toBe(204);
    expect(await count(slugB)).toBe(0);
    expect((await client.get(`/tag/${slugA}/`)).status).toBe(404);
    expect((await client.get(`/tag/${slugB}/`)).status).toBe(404);
  });

  it("GET /tag/{slug}/posts/ pages published posts; unknown tags and item types are 404/400", async () => {
    const { client, user } = await memberClient();
    const name = `Шутеры${run}`;
    const made = await publishTagged(client, user, name, 22);
    const hidden = await createDraftRow(user);
    await setTags(client, hidden.slug, [name]);
    const slug = tagSlugBase(name);
    const guest = await guestClient();
    const first = await json<PageOf<{ slug: string }>>(await guest.get(`/tag/${slug}/posts/`));
    expect(first.results).toHaveLength(20);
    expect(first.results[0].slug).toBe(made[0].slug);
    expect(first.next).toBe(`http://localhost/api/v1/tag/${slug}/posts/?page=2`);
    const second = await json<PageOf<{ slug: string }>>(await guest.get(first.next as string));
    expect(second.results.map((p) => p.slug)).toEqual([made[20].slug, made[21].slug]);
    expect(second.results.map((p) => p.slug)).not.toContain(hidden.slug);
    expect((await guest.get(`/tag/${slug}/`)).status).toBe(200);
    expect((await guest.get("/tag/no-such-tag-zz/")).status).toBe(404);
    expect((await guest.get("/tag/no-such-tag-zz/posts/")).status).toBe(404);
    expect((await guest.get(`/tag/${slug}/comments/`)).status).toBe(400);
  });

  it("GET /tag/top/?item_type=posts orders by posts_count", async () => {
    const { client, user } = await memberClient();
    const big = `Большой${run}`;
    const small = `Малый${run}`;
    for (let i = 0; i < 3; i++)
      await setTags(client, (await createPublishedPost(user)).slug, [big, ...(i === 0 ? [small] : [])]);
    // A tag named "Top" must not shadow the /tag/top/ route.
    const topNamed = await setTags(client, (await createPublishedPost(user)).slug, ["Top"]);
    expect(topNamed.tags[0].slug).toMatch(/^top-\d+$/);
    expect((await json<Tag>(await client.get(`/tag/${topNamed.tags[0].slug}/`))).name).toBe("Top");
    const top = await json<PageOf<Tag>>(await client.get("/tag/top/?item_type=posts"));
    const names = top.results.map((t) => t.name);
    expect(names.indexOf(big)).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(big)).toBeLessThan(names.indexOf(small));
    expect(top.results.find((t) => t.name === big)?.posts_count).toBe(3);
    expect(top.results.every((t) => t.posts_count > 0)).toBe(true);
    expect((await client.get("/tag/top/?item_type=nope")).status).toBe(400);
    expect((await client.get("/tag/top/")).status).toBe(200);
  });
});

describe("a tag's page: its list in the tag's round trip", () => {
  it("reads the tag, its posts and their cards' data at once", async () => {
    const { client, user } = await memberClient();
    const name = `Квесты${run}`;
    const made = await publishTagged(client, user, name, 3);
    const slug = tagSlugBase(name);
    // A guest's tag page as its loader reads it, on a D1 that logs its round trips.
    const page = async () => {
      const { d1, trips } = countingD1();
      const ctx = await buildRequestContext(new Request("http://localhost/"), { ...env, DB: d1 }, { waitUntil() {} });
      const [list, tag] = await Promise.all([listTagPosts(ctx, slug, 1), getTag(ctx, slug)]);
      return { list, tag, trips };
    };
    const first = await page();
    expect(first.list.results.map((p) => p.slug)).toEqual(made.map((p) => p.slug));
    expect(first.tag.posts_count).toBe(3);
    // The tag, the list's posts and the cards' authors and tags: one round trip.
    expect(first.trips).toHaveLength(1);

    // The list read with the tag does not decide whether the tag is shown: the tag's own read does.
    for (const post of made) expect((await client.post(`/post/${post.slug}/unpublish/`)).status).toBe(200);
    await expect(listTagPosts(await serviceContext(null), slug, 1)).rejects.toMatchObject({ code: "not_found" });
  });

  it("lists by publication time through publishing, withdrawal, republishing and retagging", async () => {
    const { client, user } = await memberClient();
    const name = `Рогалики${run}`;
    const other = `Платформеры${run}`;
    const slug = tagSlugBase(name);
    // Written first, published last: the newest by publication, the oldest by id.
    const late = await createDraftRow(user, { title: "Поздняя", body: paragraphBody("Текст поздней статьи.") });
    await setTags(client, late.slug, [name]);
    const [early, earlier] = await publishTagged(client, user, name, 2);
    const list = async () => (await listTagPosts(await serviceContext(null), slug, 1)).results.map((p) => p.slug);
    expect(await list()).toEqual([early.slug, earlier.slug]);
    expect((await client.post(`/post/${late.slug}/publish/`)).status).toBe(200);
    expect(await list()).toEqual([late.slug, early.slug, earlier.slug]);
    // Withdrawn: off the list; published again: back in its place (its publication time is kept).
    expect((await client.post(`/post/${early.slug}/unpublish/`)).status).toBe(200);
    expect(await list()).toEqual([late.slug, earlier.slug]);
    expect((await client.post(`/post/${early.slug}/publish/`)).status).toBe(200);
    expect(await list()).toEqual([late.slug, early.slug, earlier.slug]);
    // A published post's new link takes its publication time.
    await setTags(client, earlier.slug, [other]);
    expect(await list()).toEqual([late.slug, early.slug]);
    await setTags(client, earlier.slug, [other, name]);
    expect(await list()).toEqual([late.slug, early.slug, earlier.slug]);
    // Every link's copy is its post's publication time, NULL while the post is a draft.
    const draft = await createDraftRow(user);
    await setTags(client, draft.slug, [name]);
    expect(
      await scalar(
        `SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id
         WHERE pt.post_published_at IS NOT (CASE WHEN p.is_published = 1 THEN p.published_at END)`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE p.slug = ? AND pt.post_published_at IS NULL",
        draft.slug,
      ),
    ).toBe(1);
  });
});
