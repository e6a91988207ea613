import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { serviceContext } from "#tests/factories/context";
import { countingD1 } from "#tests/factories/db";
import { createPublishedPost, sharePostRow } from "#tests/factories/posts";
import { createSessionFor, createUser } from "#tests/factories/users";
import { getPost, postPage } from "#workers/core/posts/posts";
import { listHome, listPinnedPosts, listPosts } from "#workers/core/posts/posts.lists";
import { buildRequestContext } from "#workers/platform/context";
import { SESSION_COOKIE } from "#workers/platform/cookies";

describe("listHome: the home page's list and pinned strip in one go", () => {
  it("gives the same cards as listPosts and listPinnedPosts, for every list type", async () => {
    const author = await createUser();
    const reader = await createUser();
    const base = Date.now() - 60_000;
    for (let i = 0; i < 3; i++) await createPublishedPost(author, new Date(base + i * 1000), { pwnd: i });
    await createPublishedPost(author, new Date(base + 5000), { isPinned: true, pinnedAt: new Date(base + 5000) });
    const ctx = await serviceContext(reader);
    for (const type of ["new", "top", "popular"] as const) {
      const home = await listHome(ctx, { type });
      const list = await listPosts(await serviceContext(reader), { type });
      const pinned = await listPinnedPosts(await serviceContext(reader));
      expect(home.feed).toEqual(list);
      expect(home.pinned).toEqual(pinned.results);
      expect(home.pinned.length).toBeGreaterThan(0);
    }
  });

  it("refuses a broken cursor field by field", async () => {
    const ctx = await serviceContext(null);
    await expect(listHome(ctx, { type: "new", cursor: "не-курсор" })).rejects.toMatchObject({
      code: "invalid",
      errors: { cursor: ["Неверный курсор страницы."] },
    });
  });
});

describe("postPage: the post page's reads in one batch", () => {
  it("gives the same post detail (with comments) and pinned cards as getPost and listPinnedPosts", async () => {
    const author = await createUser();
    const reader = await createUser();
    const post = await createPublishedPost(author);
    await createPublishedPost(author, new Date(), { isPinned: true, pinnedAt: new Date() });
    const { createComment } = await import("#workers/core/comments/comments");
    const first = await createComment(await serviceContext(reader), { post_slug: post.slug, text: "Первый" });
    await createComment(await serviceContext(author), {
      post_slug: post.slug,
      text: "Ответ",
      respond_to_comment: first.id,
    });
    for (const viewer of [reader, null]) {
      const page = await postPage(await serviceContext(viewer), post.slug);
      expect(page.post).toEqual(await getPost(await serviceContext(viewer), post.slug));
      expect(page.pinned).toEqual((await listPinnedPosts(await serviceContext(viewer))).results);
      expect(page.post.comments).toHaveLength(1);
      expect(page.post.comments[0].children).toHaveLength(1);
    }
  });

  it("reads the post, its cards' data and its comments in one D1 round trip, for a guest and for a member", async () => {
    const author = await createUser();
    const friend = await createUser();
    const reader = await createUser();
    const post = await createPublishedPost(author);
    const draft = await createPublishedPost(author, new Date(), { isPublished: false, publishedAt: null });
    await sharePostRow(draft, friend);
    const { createComment } = await import("#workers/core/comments/comments");
    await createComment(await serviceContext(reader), { post_slug: post.slug, text: "Один запрос" });
    // The page's context on a D1 that logs its round trips; a member's session is read with it, before the page.
    const counted = async (viewer: { id: number } | null) => {
      const { d1, trips } = countingD1();
      const headers = new Headers();
      if (viewer) headers.set("Cookie", `${SESSION_COOKIE}=${await createSessionFor(viewer, new Date())}`);
      const ctx = await buildRequestContext(
        new Request("http://localhost/", { headers }),
        { ...env, DB: d1 },
        {
          waitUntil() {},
        },
      );
      trips.length = 0;
      return { ctx, trips };
    };
    for (const viewer of [null, reader]) {
      const { ctx, trips } = await counted(viewer);
      const page = await postPage(ctx, post.slug);
      expect(trips).toHaveLength(1);
      expect(page.post).toEqual(await getPost(await serviceContext(viewer), post.slug));
      expect(page.post.comments.map((c) => c.text)).toEqual(["Один запрос"]);
    }
    // A shared draft: the member it is shared with sees it with the sharing listed, and no comments.
    const { ctx, trips } = await counted(friend);
    const shared = await postPage(ctx, draft.slug);
    expect(trips).toHaveLength(1);
    expect(shared.post).toEqual(await getPost(await serviceContext(friend), draft.slug));
    expect(shared.post.comments).toEqual([]);
  });

  it("hides drafts from others (404) and shows them to the author without comments", async () => {
    const author = await createUser();
    const draft = await createPublishedPost(author, new Date(), { isPublished: false, publishedAt: null });
    await expect(postPage(await serviceContext(await createUser()), draft.slug)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(postPage(await serviceContext(null), "нет-такой")).rejects.toMatchObject({ code: "not_found" });
    const own = await postPage(await serviceContext(author), draft.slug);
    expect(own.post.is_published).toBe(false);
    expect(own.post.comments).toEqual([]);
  });
});
