import { env } from "cloudflare:test";
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { describe, expect, it } from "vitest";
import { bookmarks, likes } from "#drizzle/schema";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { db, mediaKeys, scalar } from "#tests/factories/db";
import { CORRUPT_PNG, fileForm, PNG_6X4 } from "#tests/factories/images";
import { createDraftRow, createPublishedPost, paragraphBody } from "#tests/factories/posts";
import { popularityScore } from "#workers/core/posts/posts.lists";

type Card = {
  id: number;
  slug: string;
  title: string;
  is_pinned: boolean;
  is_published: boolean;
  tags: { slug: string; name: string }[];
};
type Detail = Card & {
  body: unknown;
  can_edit: boolean;
  can_delete: boolean;
  is_bookmarked: boolean;
  ownd: number;
  pwnd: number;
  comments: unknown[];
  headline: string;
  image: string | null;
  shared_with: { username: string }[];
  user: { id: number };
};
type PageOf<T> = { results: T[]; next: string | null; previous: string | null };

const body = paragraphBody("Достаточно длинный текст статьи.");

async function newDraft(client: Awaited<ReturnType<typeof memberClient>>["client"], title = "Ведьмак 3: обзор") {
  const res = await client.post("/post/", { title });
  expect(res.status).toBe(201);
  return (await json<{ slug: string; id: number }>(res)).slug;
}

describe("drafts: create, edit, see", () => {
  it("POST /post/ creates a draft with a transliterated slug and a unique suffix", async () => {
    const { client, user } = await memberClient();
    const slug = await newDraft(client);
    expect(slug).toMatch(/^vedmak-3-obzor-[a-z0-9]{6}$/);
    const again = await newDraft(client);
    expect(again).not.toBe(slug);
    const untitled = await client.post("/post/");
    expect((await json<{ slug: string }>(untitled)).slug).toMatch(/^chernovik-[a-z0-9]{6}$/);
    const detail = await json<Detail>(await client.get(`/post/${slug}/`));
    expect(detail).toMatchObject({
      slug,
      title: "Ведьмак 3: обзор",
      is_published: false,
      can_edit: true,
      comments: [],
      tags: [],
    });
    expect(detail.user.id).toBe(user.id);
    expect(detail.body).toEqual({ type: "doc", content: [] });
  });

  it("400 with Russian field errors for bad input; 401 for guests", async () => {
    const { client } = await memberClient();
    const res = await client.post("/post/", { title: 42 });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.title?.[0]).toMatch(RUSSIAN);
    const slug = await newDraft(client);
    for (const bad of [
      { body: "<p>HTML</p>" },
      { body: { type: "doc", content: [{ type: "script", text: "x" }] } },
      { title: "x".repeat(151) },
      { tags: "один" },
      { unknown_field: 1 },
      { image: "https://evil.example/x.png" },
      { is_video_background: true, image: "javascript:alert(1)" },
    ]) {
      const r = await client.patch(`/post/${slug}/`, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      const err = await json<ErrorBody>(r);
      expect(err.detail).toMatch(RUSSIAN);
      for (const messages of Object.values(err.errors ?? {})) expect(messages[0]).toMatch(RUSSIAN);
    }
    const broken = await client.request("PATCH", `/post/${slug}/`, {
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    const guest = await guestClient();
    expect((await guest.post("/post/", { title: "Гость" })).status).toBe(401);
  });

  it("PATCH saves the editor's fields; drafts are 404 for others, guests and moderators", async () => {
    const { client, user } = await memberClient();
    const slug = await newDraft(client);
    const res = await client.patch(`/post/${slug}/`, {
      title: "Новый заголовок",
      headline: "Кратко",
      body,
      tags: ["RPG", "Ведьмак"],
    });
    expect(res.status).toBe(200);
    const detail = await json<Detail>(res);
    expect(detail).toMatchObject({ title: "Новый заголовок", headline: "Кратко", body });
    expect(detail.tags.map((t) => t.name)).toEqual(["RPG", "Ведьмак"]);
    expect(detail.slug).toBe(slug);
    const { client: other } = await memberClient();
    const { client: mod } = await memberClient({ isMod: true });
    const guest = await guestClient();
    for (const c of [other, mod, guest]) expect((await c.get(`/post/${slug}/`)).status).toBe(404);
    expect((await other.patch(`/post/${slug}/`, { title: "Чужой" })).status).toBe(404);
    expect((await other.delete(`/post/${slug}/`)).status).toBe(404);
    expect(await scalar("SELECT title FROM posts WHERE slug = ?", slug)).toBe("Новый заголовок");
    expect((await guest.get(`/user/${user.id}/posts/`)).status).toBe(200);
    expect((await json<PageOf<Card>>(await guest.get(`/user/${user.id}/posts/`))).results).toEqual([]);
  });
});

describe("publish, unpublish, delete", () => {
  it("publish needs a title and a text; then it is public and in the list", async () => {
    const { client } = await memberClient();
    const draftSlug = await newDraft(client, "");
    const res = await client.post(`/post/${draftSlug}/publish/`);
    expect(res.status).toBe(400);
    const err = await json<ErrorBody>(res);
    expect(err.errors?.title?.[0]).toMatch(RUSSIAN);
    expect(err.errors?.body?.[0]).toMatch(RUSSIAN);
    await client.patch(`/post/${draftSlug}/`, { title: "Обзор игры", body });
    const published = await client.post(`/post/${draftSlug}/publish/`);
    expect(published.status).toBe(200);
    const detail = await json<Detail>(published);
    expect(detail.is_published).toBe(true);
    // The untitled draft's placeholder slug becomes a readable one on first publication.
    expect(draftSlug).toMatch(/^chernovik-/);
    expect(detail.slug).toMatch(/^obzor-igry-[a-z0-9]{6}$/);
    const slug = detail.slug;
    expect((await client.post(`/post/${slug}/publish/`)).status).toBe(409);
    const guest = await guestClient();
    const seen = await json<Detail>(await guest.get(`/post/${slug}/`));
    expect(seen).toMatchObject({
      is_published: true,
      can_edit: false,
      can_delete: false,
      ownd: 0,
      is_bookmarked: false,
    });
    const list = await json<PageOf<Card>>(await guest.get("/post/"));
    expect(list.results.map((p) => p.slug)).toContain(slug);
    // A published post cannot lose its title or text.
    const emptied = await client.patch(`/post/${slug}/`, { title: "" });
    expect(emptied.status).toBe(400);
    expect((await json<ErrorBody>(emptied)).errors?.title).toBeTruthy();
  });

  it("unpublish returns it to drafts (and unpins it); other members get 403, guests 401", async () => {
    const { client, user } = await memberClient();
    const slug = await newDraft(client);
    await client.patch(`/post/${slug}/`, { body });
    await client.post(`/post/${slug}/publish/`);
    await env.DB.prepare("UPDATE posts SET is_pinned = 1, pinned_at = 1 WHERE slug = ?").bind(slug).run();
    const { client: other } = await memberClient();
    expect((await other.post(`/post/${slug}/unpublish/`)).status).toBe(403);
    expect((await (await guestClient()).post(`/post/${slug}/unpublish/`)).status).toBe(401);
    const res = await client.post(`/post/${slug}/unpublish/`);
    expect(res.status).toBe(200);
    expect(await json<Detail>(res)).toMatchObject({ is_published: false, is_pinned: false });
    expect((await client.post(`/post/${slug}/unpublish/`)).status).toBe(409);
    expect((await other.get(`/post/${slug}/`)).status).toBe(404);
    const drafts = await json<PageOf<Card>>(await client.get(`/user/${user.id}/drafts/`));
    expect(drafts.results.map((p) => p.slug)).toEqual([slug]);
    const pinned = await json<PageOf<Card>>(await client.get("/post/pinned/"));
    expect(pinned.results.map((p) => p.slug)).not.toContain(slug);
  });

  it("DELETE: the author (204), a moderator for published posts; others 403; paws and bookmarks go too", async () => {
    const { client, user } = await memberClient();
    const { client: other, user: otherUser } = await memberClient();
    const { client: mod } = await memberClient({ isMod: true });
    const post = await createPublishedPost(user);
    await db().insert(likes).values({ userId: otherUser.id, itemType: "post", itemId: post.id, ownerId: user.id });
    await db().insert(bookmarks).values({ userId: otherUser.id, itemType: "post", itemId: post.id });
    expect((await other.delete(`/post/${post.slug}/`)).status).toBe(403);
    expect((await (await guestClient()).delete(`/post/${post.slug}/`)).status).toBe(401);
    expect((await client.delete(`/post/${post.slug}/`)).status).toBe(204);
    expect((await client.get(`/post/${post.slug}/`)).status).toBe(404);
    expect(await scalar("SELECT count(*) FROM likes WHERE item_type = 'post' AND item_id = ?", post.id)).toBe(0);
    expect(await scalar("SELECT count(*) FROM bookmarks WHERE item_type = 'post' AND item_id = ?", post.id)).toBe(0);
    const second = await createPublishedPost(user);
    expect((await mod.delete(`/post/${second.slug}/`)).status).toBe(204);
    const draft = await createDraftRow(user);
    expect((await mod.delete(`/post/${draft.slug}/`)).status).toBe(404);
  });
});

describe("shared drafts", () => {
  it("the author shares by name; the member sees it under shared-posts, edits it, cannot publish, and can leave", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: friend, user: friendUser } = await memberClient();
    const slug = await newDraft(author);
    const res = await author.post(`/post/${slug}/share/`, { username: friendUser.username.toUpperCase() });
    expect(res.status).toBe(200);
    expect((await json<Detail>(res)).shared_with.map((u) => u.username)).toEqual([friendUser.username]);
    // Sharing twice is harmless.
    expect((await author.post(`/post/${slug}/share/`, { username: friendUser.username })).status).toBe(200);
    expect(
      await scalar("SELECT count(*) FROM post_shares WHERE post_id = (SELECT id FROM posts WHERE slug = ?)", slug),
    ).toBe(1);

    const shared = await json<PageOf<Card>>(await friend.get(`/user/${friendUser.id}/shared-posts/`));
    expect(shared.results.map((p) => p.slug)).toEqual([slug]);
    expect((await friend.get(`/post/${slug}/`)).status).toBe(200);
    const edited = await friend.patch(`/post/${slug}/`, { headline: "Дописал друг" });
    expect(edited.status).toBe(200);
    expect((await friend.post(`/post/${slug}/publish/`)).status).toBe(403);
    expect((await friend.delete(`/post/${slug}/`)).status).toBe(403);
    expect((await friend.post(`/post/${slug}/share/`, { username: authorUser.username })).status).toBe(403);
    expect((await author.post(`/post/${slug}/leave/`)).status).toBe(403);

    expect((await friend.post(`/post/${slug}/leave/`)).status).toBe(200);
    expect((await friend.get(`/post/${slug}/`)).status).toBe(404);
    expect((await json<PageOf<Card>>(await friend.get(`/user/${friendUser.id}/shared-posts/`))).results).toEqual([]);
    expect((await author.get(`/post/${slug}/`)).status).toBe(200);
  });

  it("unknown names and oneself are 400; published posts are 409; guests 401", async () => {
    const { client: author, user } = await memberClient();
    const slug = await newDraft(author);
    const unknown = await author.post(`/post/${slug}/share/`, { username: "nobody_here_xyz" });
    expect(unknown.status).toBe(400);
    expect((await json<ErrorBody>(unknown)).errors?.username?.[0]).toMatch(RUSSIAN);
    expect((await author.post(`/post/${slug}/share/`, { username: user.username })).status).toBe(400);
    expect((await author.post(`/post/${slug}/share/`, {})).status).toBe(400);
    const published = await createPublishedPost(user);
    const { user: friend } = await memberClient();
    expect((await author.post(`/post/${published.slug}/share/`, { username: friend.username })).status).toBe(409);
    const guest = await guestClient();
    expect((await guest.post(`/post/${slug}/share/`, { username: friend.username })).status).toBe(401);
    expect((await guest.post(`/post/${slug}/leave/`)).status).toBe(401);
  });

  it("shared-posts, drafts and bookmark-posts are the owner's only: 401 guests, 403 others", async () => {
    const { client, user } = await memberClient();
    const { client: other } = await memberClient();
    const guest = await guestClient();
    for (const kind of ["drafts", "shared-posts", "bookmark-posts"]) {
      expect((await client.get(`/user/${user.id}/${kind}/`)).status).toBe(200);
      expect((await other.get(`/user/${user.id}/${kind}/`)).status).toBe(403);
      expect((await guest.get(`/user/${user.id}/${kind}/`)).status).toBe(401);
    }
    expect((await guest.get("/user/999999/posts/")).status).toBe(404);
    expect((await client.get(`/user/${user.id}/posts/?page=0`)).status).toBe(400);
  });
});

describe("lists", () => {
  it("new: cursor paging, newest first, published only, absolute next URLs", async () => {
    const { client, user } = await memberClient();
    // Newer than the posts of other tests (some are published on clocks ahead).
    const latest = await scalar<number | null>("SELECT max(published_at) FROM posts");
    const base = Math.max(Date.now(), latest ?? 0) + 10_000_000;
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await createPublishedPost(user, new Date(base + i * 1000)));
    await createDraftRow(user, { createdAt: new Date(base + 99_000) });
    const first = await json<PageOf<Card>>(await client.get("/post/"));
    expect(first.results).toHaveLength(20);
    expect(first.results[0].slug).toBe(made[24].slug);
    expect(first.results.every((p) => p.is_published)).toBe(true);
    expect(first.next).toMatch(/^http:\/\/localhost\/api\/v1\/post\/\?cursor=[\w-]+$/);
    expect(first.previous).toBeNull();
    const second = await json<PageOf<Card>>(await client.get(first.next as string));
    expect(second.results.slice(0, 5).map((p) => p.slug)).toEqual(
      made
        .slice(0, 5)
        .reverse()
        .map((p) => p.slug),
    );
    expect(new Set([...first.results, ...second.results].map((p) => p.id)).size).toBe(
      first.results.length + second.results.length,
    );
    expect((await client.get("/post/?cursor=bm9wZQ")).status).toBe(400);
    expect((await client.get("/post/?type=oldest")).status).toBe(400);
  });

  it("top: highest paws over the last 30 days, page paging", async () => {
    const { client, user } = await memberClient();
    const day = 86_400_000;
    const now = Date.now();
    const old = await createPublishedPost(user, new Date(now - 40 * day), { pwnd: 1000 });
    const tenDays = await createPublishedPost(user, new Date(now - 10 * day), { pwnd: 900 });
    const today = await createPublishedPost(user, new Date(now - 1000), { pwnd: 800 });
    for (let i = 0; i < 20; i++) await createPublishedPost(user, new Date(now - i * 1000), { pwnd: -5 });
    const first = await json<PageOf<Card>>(await client.get("/post/?type=top"));
    expect(first.results.slice(0, 2).map((p) => p.slug)).toEqual([tenDays.slug, today.slug]);
    expect(first.results.map((p) => p.slug)).not.toContain(old.slug);
    expect(first.next).toBe("http://localhost/api/v1/post/?type=top&page=2");
    const second = await json<PageOf<Card>>(await client.get(first.next as string));
    expect(second.previous).toBe("http://localhost/api/v1/post/?type=top&page=1");
    expect(second.results.length).toBeGreaterThan(0);
    expect((await client.get("/post/?type=top&page=abc")).status).toBe(400);
  });

  it("popular: fresh activity beats old paws (time-decayed)", async () => {
    const { client, user } = await memberClient();
    const hour = 3_600_000;
    const now = Date.now();
    const stale = await createPublishedPost(user, new Date(now - 6 * 24 * hour), { pwnd: 40 });
    const discussed = await createPublishedPost(user, new Date(now - 1 * hour), { commentsCount: 30 });
    const pawed = await createPublishedPost(user, new Date(now - 2 * hour), { pwnd: 20 });
    const week = await createPublishedPost(user, new Date(now - 8 * 24 * hour), { pwnd: 5000 });
    const page = await json<PageOf<Card>>(await client.get("/post/?type=popular"));
    const order = page.results.map((p) => p.slug);
    // Beyond the first page counts as last (other tests' fresh posts may outrank the stale one).
    const rank = (slug: string) => (order.includes(slug) ? order.indexOf(slug) : Number.POSITIVE_INFINITY);
    expect(rank(discussed.slug)).toBeLessThan(rank(pawed.slug));
    expect(rank(pawed.slug)).toBeLessThan(rank(stale.slug));
    expect(order).not.toContain(week.slug);
    expect(
      popularityScore({ pwnd: 40, commentsCount: 0, publishedAt: new Date(now - 6 * 24 * hour) }, new Date(now)),
    ).toBeLessThan(
      popularityScore({ pwnd: 0, commentsCount: 1, publishedAt: new Date(now - 5 * hour) }, new Date(now)),
    );
  });

  it("user posts and bookmarks page by number", async () => {
    const { client, user } = await memberClient();
    for (let i = 0; i < 21; i++) await createPublishedPost(user, new Date(Date.now() - i * 1000));
    const first = await json<PageOf<Card>>(await client.get(`/user/${user.id}/posts/`));
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe(`http://localhost/api/v1/user/${user.id}/posts/?page=2`);
    const second = await json<PageOf<Card>>(await client.get(first.next as string));
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    const marked = first.results[3];
    await db().insert(bookmarks).values({ userId: user.id, itemType: "post", itemId: marked.id });
    const marks = await json<PageOf<Card & { is_bookmarked: boolean }>>(
      await client.get(`/user/${user.id}/bookmark-posts/`),
    );
    expect(marks.results.map((p) => [p.slug, p.is_bookmarked])).toEqual([[marked.slug, true]]);
    expect((await json<Detail>(await client.get(`/post/${marked.slug}/`))).is_bookmarked).toBe(true);
  });
});

describe("pinning", () => {
  it("moderators toggle; the pinned list follows; members 403, guests 401, drafts 404", async () => {
    const { user } = await memberClient();
    const { client: mod } = await memberClient({ isMod: true });
    const { client: member } = await memberClient();
    const post = await createPublishedPost(user);
    // Posts other tests pinned stay in the list: this one joins them and leaves again.
    const pinnedSlugs = async () =>
      (await json<PageOf<Card>>(await member.get("/post/pinned/"))).results.map((p) => p.slug).sort();
    const before = await pinnedSlugs();
    expect(before).not.toContain(post.slug);
    expect((await member.patch(`/post/${post.slug}/pin/`)).status).toBe(403);
    expect((await (await guestClient()).patch(`/post/${post.slug}/pin/`)).status).toBe(401);
    const on = await mod.patch(`/post/${post.slug}/pin/`);
    expect(on.status).toBe(200);
    expect(await json(on)).toEqual({ is_pinned: true });
    const pinned = await json<PageOf<Card>>(await member.get("/post/pinned/"));
    expect(pinned.results.map((p) => p.slug).sort()).toEqual([...before, post.slug].sort());
    expect(pinned.results.find((p) => p.slug === post.slug)?.is_pinned).toBe(true);
    expect(await json(await mod.patch(`/post/${post.slug}/pin/`))).toEqual({ is_pinned: false });
    expect(await pinnedSlugs()).toEqual(before);
    const draft = await createDraftRow(user);
    expect((await mod.patch(`/post/${draft.slug}/pin/`)).status).toBe(404);
    expect((await mod.patch("/post/no-such-post/pin/")).status).toBe(404);
  });

  it("every mutation is 401 for a guest", async () => {
    const { user } = await memberClient();
    const post = await createPublishedPost(user);
    const guest = await guestClient();
    const s = post.slug;
    const calls: [string, string][] = [
      ["POST", "/post/"],
      ["PATCH", `/post/${s}/`],
      ["DELETE", `/post/${s}/`],
      ["POST", `/post/${s}/publish/`],
      ["POST", `/post/${s}/unpublish/`],
      ["POST", `/post/${s}/share/`],
      ["POST", `/post/${s}/leave/`],
      ["PATCH", `/post/${s}/pin/`],
    ];
    for (const [method, path] of calls) {
      const res = await guest.request(method, path, { json: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await guest.request("POST", `/post/${s}/image/`, { body: fileForm(PNG_6X4) })).status).toBe(401);
  });
});

describe("post images", () => {
  it("stores a WebP under posts/<id>/ and returns a Media item; it can be the cover", async () => {
    const { client } = await memberClient();
    const slug = await newDraft(client);
    const id = await scalar<number>("SELECT id FROM posts WHERE slug = ?", slug);
    const res = await client.request("POST", `/post/${slug}/image/`, { body: fileForm(PNG_6X4) });
    expect(res.status).toBe(200);
    const media = await json<{ url: string; width: number; height: number; is_video: boolean; caption: null }>(res);
    expect(media).toMatchObject({ is_video: false, width: 6, height: 4, caption: null });
    expect(media.url).toMatch(new RegExp(`^/media/posts/${id}/[\\w-]+\\.webp$`));
    expect(await mediaKeys(`posts/${id}/`)).toEqual([media.url.slice("/media/".length)]);
    const cover = await client.patch(`/post/${slug}/`, { image: media.url });
    expect(cover.status).toBe(200);
    expect((await json<Detail>(cover)).image).toBe(media.url);
    // An image of another post, or one that does not exist, is refused.
    expect((await client.patch(`/post/${slug}/`, { image: `/media/posts/${id + 1000}/x.webp` })).status).toBe(400);
    expect((await client.patch(`/post/${slug}/`, { image: `/media/posts/${id}/missing.webp` })).status).toBe(400);
    const video = await client.patch(`/post/${slug}/`, {
      is_video_background: true,
      image: "https://example.com/bg.mp4",
    });
    expect((await json<Detail>(video)).image).toBe("https://example.com/bg.mp4");
  });

  it("scales wide images down to 1600 px", async () => {
    const { client } = await memberClient();
    const slug = await newDraft(client);
    const pixels = new Uint8Array(2000 * 10 * 4).fill(200);
    const image = new PhotonImage(pixels, 2000, 10);
    const png = image.get_bytes();
    image.free();
    const res = await client.request("POST", `/post/${slug}/image/`, { body: fileForm(png) });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ width: 1600, height: 8 });
  });

  it("failures leave R2 and D1 unchanged", async () => {
    const { client } = await memberClient();
    const slug = await newDraft(client);
    const id = await scalar<number>("SELECT id FROM posts WHERE slug = ?", slug);
    const before = await scalar<number>("SELECT updated_at FROM posts WHERE id = ?", id);
    const text = new TextEncoder().encode("это не картинка");
    const notImage = await client.request("POST", `/post/${slug}/image/`, { body: fileForm(text, "x.png") });
    expect(notImage.status).toBe(415);
    expect((await json<ErrorBody>(notImage)).errors?.file?.[0]).toMatch(RUSSIAN);
    expect((await client.request("POST", `/post/${slug}/image/`, { body: fileForm(CORRUPT_PNG) })).status).toBe(400);
    expect((await client.request("POST", `/post/${slug}/image/`, { body: new FormData() })).status).toBe(400);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_6X4);
    expect((await client.request("POST", `/post/${slug}/image/`, { body: fileForm(big) })).status).toBe(413);
    const { client: other } = await memberClient();
    expect((await other.request("POST", `/post/${slug}/image/`, { body: fileForm(PNG_6X4) })).status).toBe(404);
    expect(await mediaKeys(`posts/${id}/`)).toEqual([]);
    expect(await scalar<number>("SELECT updated_at FROM posts WHERE id = ?", id)).toBe(before);
  });
});

describe("OpenAPI", () => {
  it("documents the post, tag and profile list endpoints", async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await (await guestClient()).get("/openapi.json"),
    );
    for (const [path, method] of [
      ["/v1/post/", "get"],
      ["/v1/post/", "post"],
      ["/v1/post/{slug}/", "patch"],
      ["/v1/post/{slug}/publish/", "post"],
      ["/v1/post/{slug}/pin/", "patch"],
      ["/v1/post/{slug}/image/", "post"],
      ["/v1/post/pinned/", "get"],
      ["/v1/tag/{slug}/{itemType}/", "get"],
      ["/v1/tag/top/", "get"],
      ["/v1/user/{id}/drafts/", "get"],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
  });
});
