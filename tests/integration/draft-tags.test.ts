import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ApiClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { createDraftRow } from "#tests/factories/posts";
import { setSettings } from "#tests/factories/shouts";
import { tagSlugBase } from "#workers/core/tags/tags.schemas";

type Tag = { slug: string; name: string; posts_count: number; shouts_count: number };
type PageOf<T> = { results: T[] };

const run = Math.random().toString(36).slice(2, 6);
let seq = 0;
/** A tag name no other test uses. */
function uniqueTag(word: string): string {
  seq += 1;
  return `${word}${run}${seq}`;
}

/** What each door shows of a tag to this client: the tag, search, top tags and the tag's lists. */
async function seen(client: ApiClient, name: string) {
  const slug = tagSlugBase(name);
  const tag = await client.get(`/tag/${slug}/`);
  const found = await json<Tag[]>(await client.get(`/search/?type=tag&q=${encodeURIComponent(name)}`));
  const top = [
    ...(await json<PageOf<Tag>>(await client.get("/tag/top/?item_type=posts"))).results,
    ...(await json<PageOf<Tag>>(await client.get("/tag/top/?item_type=shouts"))).results,
  ];
  return {
    tag: tag.status,
    posts: (await client.get(`/tag/${slug}/posts/`)).status,
    shouts: (await client.get(`/tag/${slug}/shouts/`)).status,
    search: found.some((t) => t.slug === slug),
    top: top.some((t) => t.slug === slug),
    body: tag.status === 200 ? null : await json<ErrorBody>(tag),
  };
}

const HIDDEN = { tag: 404, posts: 404, shouts: 404, search: false, top: false };
const page = (path: string) => SELF.fetch(`http://localhost${path}`, { redirect: "manual" });

// Pages are compiled on their first request (the page door runs React Router's dev build): more time.
describe("a tag shows only with published, visible content", { timeout: 30_000 }, () => {
  it("a tag only a draft uses is not found by anyone, the author included, until the post is published", async () => {
    const { client: author, user } = await memberClient();
    const name = uniqueTag("Черновой");
    const draft = await createDraftRow(user);
    expect((await author.patch(`/post/${draft.slug}/`, { tags: [name] })).status).toBe(200);
    const slug = tagSlugBase(name);

    for (const client of [await guestClient(), (await memberClient()).client, author]) {
      const view = await seen(client, name);
      expect(view).toMatchObject(HIDDEN);
      expect(view.body?.detail).toMatch(RUSSIAN);
    }
    expect((await page(`/tags/${slug}`)).status).toBe(404);
    expect((await page(`/tags/${slug}/rss.xml`)).status).toBe(404);
    expect(await (await page("/sitemap.xml")).text()).not.toContain(`/tags/${slug}<`);

    // Published: there for everyone; unpublished again: gone again.
    await author.patch(`/post/${draft.slug}/`, {
      title: "Статья с тегом",
      body: {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Достаточно длинный текст статьи." }] }],
      },
    });
    expect((await author.post(`/post/${draft.slug}/publish/`)).status).toBe(200);
    expect(await seen(await guestClient(), name)).toMatchObject({ tag: 200, posts: 200, search: true, top: true });
    expect((await page(`/tags/${slug}/rss.xml`)).status).toBe(200);
    expect(await (await page("/sitemap.xml")).text()).toContain(`/tags/${slug}<`);

    expect((await author.post(`/post/${draft.slug}/unpublish/`)).status).toBe(200);
    expect(await seen(await guestClient(), name)).toMatchObject(HIDDEN);
  });

  it("a tag only muted shouts use is hidden; one only a private member's shouts use is hidden from guests", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { client: author, user } = await memberClient();
    const muted = uniqueTag("Спорный");
    const shout = await json<{ id: number }>(await author.post("/shout/", { text: `Записка #${muted}` }));
    expect((await mod.patch(`/shout/${shout.id}/mute/`)).status).toBe(200);
    for (const client of [await guestClient(), author]) expect(await seen(client, muted)).toMatchObject(HIDDEN);

    const hidden = uniqueTag("Личный");
    await setSettings(user, { is_shouts_public: false });
    expect((await author.post("/shout/", { text: `Записка #${hidden}` })).status).toBe(201);
    expect(await seen(await guestClient(), hidden)).toMatchObject(HIDDEN);
    expect((await page(`/tags/${tagSlugBase(hidden)}?itemType=shouts`)).status).toBe(404);
    expect(await seen((await memberClient()).client, hidden)).toMatchObject({ tag: 200, shouts: 200, search: true });
  });
});
