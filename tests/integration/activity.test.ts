import { describe, expect, it } from "vitest";
import { activities } from "#drizzle/schema";
import { type ApiClient, guestClient, json, memberClient } from "#tests/factories/client";
import { db, scalar } from "#tests/factories/db";
import { createDraftRow, createPost } from "#tests/factories/posts";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import type { StreamItem } from "#workers/core/notifications/notifications.serializers";

type ActivityPage = { results: StreamItem[]; next: string | null; previous: string | null };

async function stream(client: ApiClient, query = ""): Promise<ActivityPage> {
  const res = await client.get(`/activity/${query}`);
  expect(res.status).toBe(200);
  return json<ActivityPage>(res);
}

/** The items of the stream about this post (other tests write to the same stream). */
async function itemsAbout(client: ApiClient, slug: string): Promise<StreamItem[]> {
  return (await stream(client)).results.filter((r) => r.title_url === `/posts/${slug}`);
}

describe("GET /v1/activity/", () => {
  it("a post published for the first time is an item (type 1) everyone sees, guests too", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const draft = await createDraftRow(authorUser, { title: "Новая статья о играх", headline: "Коротко о главном" });
    const res = await author.post(`/post/${draft.slug}/publish/`);
    expect(res.status).toBe(200);
    const { slug } = await json<{ slug: string }>(res);
    const guest = await guestClient();
    const items = await itemsAbout(guest, slug);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: STREAM_TYPE.post,
      user: { id: authorUser.id, username: authorUser.username },
      pre_title: "опубликовал(а) статью",
      title: "Новая статья о играх",
      message: "Коротко о главном",
      notification: null,
    });

    // Unpublished: the item goes; published again: no new item (only the first publication is news).
    expect((await author.post(`/post/${slug}/unpublish/`)).status).toBe(200);
    expect(await itemsAbout(guest, slug)).toHaveLength(0);
    expect((await author.post(`/post/${slug}/publish/`)).status).toBe(200);
    expect(await itemsAbout(guest, slug)).toHaveLength(0);
  });

  it("a comment is an item (type 2); deleting the comment removes it", async () => {
    const { user: authorUser } = await memberClient();
    const { client: reader, user: readerUser } = await memberClient();
    const post = await createPost(authorUser, { title: "Статья для обсуждения" });
    const res = await reader.post("/comment/", { post_slug: post.slug, text: "Мнение\nв две строки" });
    const created = await json<{ id: number }>(res);
    const guest = await guestClient();
    const [item] = await itemsAbout(guest, post.slug);
    expect(item).toMatchObject({
      type: STREAM_TYPE.comment,
      user: { id: readerUser.id },
      pre_title: "прокомментировал(а) статью",
      title: "Статья для обсуждения",
      message: "Мнение в две строки",
      message_url: `/posts/${post.slug}?comment=${created.id}`,
    });
    expect((await reader.patch(`/comment/${created.id}/`, { text: "Исправленное мнение" })).status).toBe(200);
    expect((await itemsAbout(guest, post.slug))[0].message).toBe("Исправленное мнение");
    expect((await reader.delete(`/comment/${created.id}/`)).status).toBe(200);
    expect(await itemsAbout(guest, post.slug)).toHaveLength(0);
  });

  it("deleting a post removes its item and its comments' items", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: reader } = await memberClient();
    const draft = await createDraftRow(authorUser);
    const { slug } = await json<{ slug: string }>(await author.post(`/post/${draft.slug}/publish/`));
    await reader.post("/comment/", { post_slug: slug, text: "Первый" });
    await reader.post("/comment/", { post_slug: slug, text: "Второй" });
    const count = () =>
      scalar(
        "SELECT count(*) FROM activities WHERE source_key = ? OR source_key LIKE ?",
        `post:${draft.id}`,
        `post:${draft.id}/%`,
      );
    expect(await count()).toBe(3);
    expect((await author.delete(`/post/${slug}/`)).ok).toBe(true);
    expect(await count()).toBe(0);
  });

  it("newest first, 20 a page, the next page by cursor", async () => {
    const { user } = await memberClient();
    const guest = await guestClient();
    for (let i = 0; i < 25; i += 1) {
      await db()
        .insert(activities)
        .values({
          actorId: user.id,
          type: STREAM_TYPE.post,
          preTitle: `пункт ${i}`,
          title: "Т",
          titleUrl: "/",
          sourceKey: `test:${i}`,
        });
    }
    const first = await stream(guest);
    expect(first.results).toHaveLength(20);
    expect(first.results[0].pre_title).toBe("пункт 24");
    const ids = first.results.map((r) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(first.next).toBe(`/api/v1/activity/?cursor=${ids[19]}`);
    const second = await json<ActivityPage>(await guest.get(first.next!.replace("/api/v1", "")));
    expect(second.results[0].pre_title).toBe("пункт 4");
    expect(second.results.every((r) => r.id < ids[19])).toBe(true);
    expect((await guest.get("/activity/?cursor=abc")).status).toBe(400);
  });
});
