import { describe, expect, it } from "vitest";
import { createPublishedPost, serviceContext } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { listHome, listPinnedPosts, listPosts } from "#workers/core/posts/posts";

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
