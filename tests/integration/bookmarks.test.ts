import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "#drizzle/schema";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { serviceContext } from "#tests/factories/context";
import { db, scalar } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { toggleBookmark } from "#workers/core/reactions/bookmarks";
import { ownBookmarks } from "#workers/core/reactions/reactions.read";

describe("POST /v1/bookmark/", () => {
  it("toggles a post in and out of the member's bookmarks", async () => {
    const post = await createPost(await createUser());
    const { client, user } = await memberClient();
    const on = await client.post("/bookmark/", { item_id: post.id, item_type: "post" });
    expect(on.status).toBe(200);
    expect(await json(on)).toEqual({ item_id: post.id, item_type: "post", is_bookmarked: true });
    expect(await scalar("SELECT count(*) FROM bookmarks WHERE user_id = ? AND item_id = ?", user.id, post.id)).toBe(1);
    const ctx = await serviceContext(user);
    expect(await ownBookmarks(ctx, "post", [post.id])).toEqual(new Set([post.id]));
    const off = await client.post("/bookmark/", { item_id: post.id, item_type: "post" });
    expect(await json(off)).toEqual({ item_id: post.id, item_type: "post", is_bookmarked: false });
    expect(await scalar("SELECT count(*) FROM bookmarks WHERE user_id = ?", user.id)).toBe(0);
  });

  it("bookmarks one's own post too, and removes a bookmark of a post that became a draft", async () => {
    const me = await createUser();
    const post = await createPost(me);
    const ctx = await serviceContext(me);
    expect(await toggleBookmark(ctx, { item_id: post.id, item_type: "post" })).toMatchObject({ is_bookmarked: true });
    await db().update(posts).set({ isPublished: false }).where(eq(posts.id, post.id));
    expect(await toggleBookmark(ctx, { item_id: post.id, item_type: "post" })).toMatchObject({ is_bookmarked: false });
    const again = toggleBookmark(ctx, { item_id: post.id, item_type: "post" });
    await expect(again).rejects.toMatchObject({ code: "not_found" });
  });

  it("answers 401 to guests, 400 to bad input, 404 to missing posts; a banned member keeps bookmarks (0024)", async () => {
    const post = await createPost(await createUser());
    expect((await (await guestClient()).post("/bookmark/", { item_id: post.id, item_type: "post" })).status).toBe(401);
    const { client: banned } = await memberClient({ isBanned: true });
    const kept = await banned.post("/bookmark/", { item_id: post.id, item_type: "post" });
    expect(kept.status).toBe(200);
    await banned.post("/bookmark/", { item_id: post.id, item_type: "post" });
    const { client } = await memberClient();
    for (const [body, field] of [
      [{ item_id: post.id, item_type: "comment" }, "item_type"],
      [{ item_id: post.id }, "item_type"],
      [{ item_id: "1", item_type: "post" }, "item_id"],
    ] as const) {
      const res = await client.post("/bookmark/", body);
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.[field]?.[0]).toMatch(RUSSIAN);
    }
    const missing = await client.post("/bookmark/", { item_id: 999_999_999, item_type: "post" });
    expect(missing.status).toBe(404);
    expect((await json<ErrorBody>(missing)).detail).toMatch(RUSSIAN);
    expect(await scalar("SELECT count(*) FROM bookmarks WHERE item_id = ?", post.id)).toBe(0);
  });

  it("stays one row under a double click", async () => {
    const post = await createPost(await createUser());
    const { client, user } = await memberClient();
    await Promise.all([0, 1].map(() => client.post("/bookmark/", { item_id: post.id, item_type: "post" })));
    expect(await scalar<number>("SELECT count(*) FROM bookmarks WHERE user_id = ?", user.id)).toBeLessThanOrEqual(1);
  });

  it("the plain form (no JavaScript): back to the page on success, the reason on a page of its own when refused", async () => {
    const post = await createPost(await createUser());
    const { client, user } = await memberClient();
    const sent = await client.form("/reactions/bookmark", {
      item_id: String(post.id),
      item_type: "post",
      redirectTo: "/",
    });
    expect([sent.status, sent.headers.get("Location")]).toEqual([302, "/"]);
    const missing = await client.form("/reactions/bookmark", {
      item_id: "999999999",
      item_type: "post",
      redirectTo: "/",
    });
    expect([missing.status, missing.headers.get("Location")]).toEqual([404, null]);
    const html = await missing.text();
    expect(html).toContain("Закладка не изменена");
    expect(html).toMatch(/class="form-error" role="alert">[^<]*[а-яё]/i);
    expect(await scalar("SELECT count(*) FROM bookmarks WHERE user_id = ?", user.id)).toBe(1);
  });
});
