import { describe, expect, it } from "vitest";
import { notifications } from "#drizzle/schema";
import { type ApiClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { setFlags } from "#tests/factories/context";
import { db, scalar } from "#tests/factories/db";
import { createDraftRow, createPost } from "#tests/factories/posts";
import { uniqueName } from "#tests/factories/users";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import type { StreamItem } from "#workers/core/notifications/notifications.serializers";

type NotificationPage = { results: StreamItem[]; next: string | null; previous: string | null; new: number };

async function inbox(client: ApiClient, page?: number): Promise<NotificationPage> {
  const res = await client.get(`/notification/${page ? `?page=${page}` : ""}`);
  expect(res.status).toBe(200);
  return json<NotificationPage>(res);
}

async function comment(client: ApiClient, slug: string, text: string, respondTo?: number): Promise<{ id: number }> {
  const res = await client.post("/comment/", { post_slug: slug, text, respond_to_comment: respondTo ?? null });
  expect(res.status).toBe(201);
  return json<{ id: number }>(res);
}

async function paw(client: ApiClient, itemType: "post" | "comment", itemId: number, isNegative = false) {
  const res = await client.post("/like/", { item_id: itemId, item_type: itemType, is_negative: isNegative });
  expect(res.status).toBe(200);
  return json<{ ownd: number; pwnd: number }>(res);
}

describe("guests and other members", () => {
  it("every notification endpoint is 401 for a guest", async () => {
    const guest = await guestClient();
    for (const res of [
      await guest.get("/notification/"),
      await guest.patch("/notification/1/view/"),
      await guest.patch("/notification/view-all/"),
      await guest.post("/user/1/ignore/"),
    ]) {
      expect(res.status).toBe(401);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
  });

  it("viewing someone else's notification is a 404 and changes nothing", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: reader } = await memberClient();
    const { client: stranger } = await memberClient();
    const post = await createPost(authorUser);
    await comment(reader, post.slug, "Интересно!");
    const [item] = (await inbox(author)).results;
    const res = await stranger.patch(`/notification/${item.id}/view/`);
    expect(res.status).toBe(404);
    expect((await json<ErrorBody>(res)).detail).toBe("Уведомление не найдено.");
    expect((await inbox(author)).new).toBe(1);
    expect((await stranger.patch("/notification/999999999/view/")).status).toBe(404);
    expect((await stranger.patch("/notification/abc/view/")).status).toBe(404);
  });
});

describe("what notifies", () => {
  it("a comment on your post (type 2), with the commenter, the post and the comment", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: reader, user: readerUser } = await memberClient();
    const post = await createPost(authorUser, { title: "Обзор «Ведьмака»" });
    const created = await comment(reader, post.slug, "Отличная   статья,\nспасибо!");
    const page = await inbox(author);
    expect(page.new).toBe(1);
    expect(page.next).toBeNull();
    expect(page.results).toHaveLength(1);
    const [item] = page.results;
    expect(item).toMatchObject({
      type: STREAM_TYPE.comment,
      user: { id: readerUser.id, username: readerUser.username },
      pre_title: "прокомментировал(а) вашу статью",
      title: "Обзор «Ведьмака»",
      title_url: `/posts/${post.slug}`,
      message: "Отличная статья, спасибо!",
      message_url: `/posts/${post.slug}?comment=${created.id}`,
      notification: item.id,
      has_image_title: false,
      has_image_content: false,
      is_hidden_title: false,
      is_hidden_content: false,
    });
    expect(Date.parse(item.datetime)).not.toBeNaN();
  });

  it("a reply to your comment (type 2), once even when the post is yours too", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: first, user: firstUser } = await memberClient();
    const { client: second } = await memberClient();
    const post = await createPost(authorUser);
    const top = await comment(first, post.slug, "Первый!");
    await comment(second, post.slug, "Согласен", top.id);
    const firstInbox = await inbox(first);
    expect(firstInbox.results.map((r) => r.pre_title)).toEqual(["ответил(а) на ваш комментарий к статье"]);
    expect(firstInbox.results[0].type).toBe(STREAM_TYPE.comment);
    // The post's author hears about both comments on the post.
    expect((await inbox(author)).new).toBe(2);

    // The author answering a comment on their post: the commenter gets a reply; the author nothing.
    const own = await comment(author, post.slug, "Моя ремарка");
    await comment(first, post.slug, "Ответ автору", own.id);
    const authorItems = (await inbox(author)).results;
    expect(authorItems).toHaveLength(3);
    expect(authorItems[0].pre_title).toBe("ответил(а) на ваш комментарий к статье");
    expect(authorItems[0].user?.id).toBe(firstUser.id);
  });

  it("an @mention (type 8), matched case-insensitively; never twice for one comment; not inside links", async () => {
    const { user: authorUser } = await memberClient();
    const name = uniqueName("Ведьмак");
    const { client: mentioned } = await memberClient({ username: name });
    const { client: writer } = await memberClient();
    const post = await createPost(authorUser);
    await comment(
      writer,
      post.slug,
      `Привет, @${name.toUpperCase()}! И ещё раз @${name}. https://example.com/@${name}`,
    );
    const items = (await inbox(mentioned)).results;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: STREAM_TYPE.mention, pre_title: "упомянул(а) вас в комментарии к статье" });

    // Only a link: nothing.
    const { client: other, user: otherUser } = await memberClient();
    await comment(writer, post.slug, `https://example.com/@${otherUser.username}`);
    expect((await inbox(other)).results).toHaveLength(0);
  });

  it("the post's author mentioned in a comment on their post gets one notification", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: writer } = await memberClient();
    const post = await createPost(authorUser);
    await comment(writer, post.slug, `@${authorUser.username}, вопрос к вам`);
    const items = (await inbox(author)).results;
    expect(items).toHaveLength(1);
    expect(items[0].type).toBe(STREAM_TYPE.comment);
  });

  it("a member newly @mentioned by an edit is told once", async () => {
    const { user: authorUser } = await memberClient();
    const { client: late, user: lateUser } = await memberClient();
    const { client: writer } = await memberClient();
    const post = await createPost(authorUser);
    const created = await comment(writer, post.slug, "Без упоминаний");
    expect((await writer.patch(`/comment/${created.id}/`, { text: `Теперь с @${lateUser.username}` })).status).toBe(
      200,
    );
    expect((await writer.patch(`/comment/${created.id}/`, { text: `Снова @${lateUser.username}!` })).status).toBe(200);
    const items = (await inbox(late)).results;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: STREAM_TYPE.mention, message: `Снова @${lateUser.username}!` });
  });

  it("a draft shared with you (type 7)", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: friend, user: friendUser } = await memberClient();
    const draft = await createDraftRow(authorUser, { title: "Черновик обзора" });
    expect((await author.post(`/post/${draft.slug}/share/`, { username: friendUser.username })).status).toBe(200);
    expect((await author.post(`/post/${draft.slug}/share/`, { username: friendUser.username })).status).toBe(200);
    const items = (await inbox(friend)).results;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: STREAM_TYPE.share,
      user: { id: authorUser.id },
      pre_title: "поделился(ась) с вами черновиком",
      title: "Черновик обзора",
      title_url: `/posts/${draft.slug}/editor`,
    });
  });
});

describe("paws", () => {
  it("paws on one post are one notification whose count grows (is_paw_view_enabled on)", async () => {
    await setFlags({ is_paw_view_enabled: true, is_paw_down_enabled: true });
    const { client: author, user: authorUser } = await memberClient();
    const post = await createPost(authorUser, { title: "Статья" });
    const members = await Promise.all([0, 1, 2, 3].map(() => memberClient()));
    await paw(members[0].client, "post", post.id);
    let [item] = (await inbox(author)).results;
    expect(item).toMatchObject({
      type: STREAM_TYPE.paws,
      user: { id: members[0].user.id },
      pre_title: "оценил(а) вашу статью",
      title: "Статья",
      title_url: `/posts/${post.slug}`,
    });
    const id = item.id;
    // The same member again (taken back, given again, switched): still one member.
    await paw(members[0].client, "post", post.id);
    await paw(members[0].client, "post", post.id);
    await paw(members[0].client, "post", post.id, true);
    [item] = (await inbox(author)).results;
    expect(item.pre_title).toBe("оценил(а) вашу статью");
    await paw(members[1].client, "post", post.id);
    await paw(members[2].client, "post", post.id, true);
    const page = await inbox(author);
    expect(page.results).toHaveLength(1);
    expect(page.new).toBe(1);
    expect(page.results[0]).toMatchObject({
      id,
      user: { id: members[2].user.id },
      pre_title: "и ещё 2 участника оценили вашу статью",
      notification: id,
    });
    await paw(members[3].client, "post", post.id);
    expect((await inbox(author)).results[0].pre_title).toBe("и ещё 3 участника оценили вашу статью");

    // Viewed: the next paw starts a new notification.
    await author.patch(`/notification/${id}/view/`);
    await paw(members[1].client, "post", post.id, true);
    const after = await inbox(author);
    expect(after.results).toHaveLength(2);
    expect(after.results[0]).toMatchObject({ pre_title: "оценил(а) вашу статью", notification: after.results[0].id });
    expect(after.results[1]).toMatchObject({ id, notification: null });
    expect(after.new).toBe(1);
  });

  it("a paw taken back notifies nobody", async () => {
    await setFlags({ is_paw_view_enabled: true });
    const { client: author, user: authorUser } = await memberClient();
    const { client: fan } = await memberClient();
    const post = await createPost(authorUser);
    await paw(fan, "post", post.id);
    const [item] = (await inbox(author)).results;
    await author.patch(`/notification/${item.id}/view/`);
    expect((await paw(fan, "post", post.id)).ownd).toBe(0);
    expect((await inbox(author)).results).toHaveLength(1);
    expect((await inbox(author)).new).toBe(0);
  });

  it("while the site hides who pawed, the notification names nobody", async () => {
    await setFlags({ is_paw_view_enabled: false });
    const { client: author, user: authorUser } = await memberClient();
    const post = await createPost(authorUser);
    const c = await createCommentRow(post, authorUser, { text: "Мой комментарий" });
    const fans = await Promise.all([0, 1].map(() => memberClient()));
    await paw(fans[0].client, "comment", c.id);
    let [item] = (await inbox(author)).results;
    expect(item).toMatchObject({
      type: STREAM_TYPE.paws,
      user: null,
      pre_title: "1 участник оценил ваш комментарий к статье",
      message: "Мой комментарий",
      message_url: `/posts/${post.slug}?comment=${c.id}`,
    });
    await paw(fans[1].client, "comment", c.id);
    [item] = (await inbox(author)).results;
    expect(item.pre_title).toBe("2 участника оценили ваш комментарий к статье");
    expect(item.user).toBeNull();
    expect(JSON.stringify(await inbox(author))).not.toContain(fans[0].user.username);
  });
});

describe("who is not notified", () => {
  it("nobody about their own actions", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const post = await createPost(authorUser);
    const own = await comment(author, post.slug, `Сам себе @${authorUser.username}`);
    await comment(author, post.slug, "И ответ себе", own.id);
    expect(await inbox(author)).toMatchObject({ results: [], new: 0, next: null });
  });

  it("not from a member you ignore; the ignore toggles", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: pest, user: pestUser } = await memberClient();
    const post = await createPost(authorUser);
    const on = await author.post(`/user/${pestUser.id}/ignore/`);
    expect(on.status).toBe(200);
    expect(await json(on)).toEqual({ is_ignored: true, datetime_until: null });
    await comment(pest, post.slug, `Эй, @${authorUser.username}`);
    await setFlags({ is_paw_view_enabled: true });
    await paw(pest, "post", post.id);
    expect((await inbox(author)).results).toHaveLength(0);

    expect(await json(await author.post(`/user/${pestUser.id}/ignore/`))).toEqual({
      is_ignored: false,
      datetime_until: null,
    });
    await comment(pest, post.slug, "Теперь слышно?");
    expect((await inbox(author)).results).toHaveLength(1);
  });

  it("ignore: yourself is a 400, an unknown member a 404", async () => {
    const { client, user } = await memberClient();
    const self = await client.post(`/user/${user.id}/ignore/`);
    expect(self.status).toBe(400);
    expect((await json<ErrorBody>(self)).detail).toBe("Нельзя игнорировать самого себя.");
    expect((await client.post("/user/999999999/ignore/")).status).toBe(404);
  });

  it("nobody who switched notifications off", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: reader } = await memberClient();
    expect((await author.patch("/user/me/", { settings: { is_notifications_enabled: false } })).status).toBe(200);
    const post = await createPost(authorUser);
    await comment(reader, post.slug, "Слышите?");
    expect((await inbox(author)).results).toHaveLength(0);
    await author.patch("/user/me/", { settings: { is_notifications_enabled: true } });
    await comment(reader, post.slug, "А теперь?");
    expect((await inbox(author)).results).toHaveLength(1);
  });
});

describe("viewing", () => {
  it("view marks one, idempotently; view-all marks all; the count never goes below 0", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: reader } = await memberClient();
    const post = await createPost(authorUser);
    for (const text of ["Раз", "Два", "Три"]) await comment(reader, post.slug, text);
    const page = await inbox(author);
    expect(page.new).toBe(3);
    const target = page.results[1];
    const viewed = await author.patch(`/notification/${target.id}/view/`);
    expect(viewed.status).toBe(200);
    expect(await json(viewed)).toEqual({ id: target.id, notification: null, unread: 2 });
    expect(await json(await author.patch(`/notification/${target.id}/view/`))).toEqual({
      id: target.id,
      notification: null,
      unread: 2,
    });
    const after = await inbox(author);
    expect(after.new).toBe(2);
    expect(after.results.find((r) => r.id === target.id)?.notification).toBeNull();

    expect(await json(await author.patch("/notification/view-all/"))).toEqual({ unread: 0 });
    expect(await json(await author.patch("/notification/view-all/"))).toEqual({ unread: 0 });
    expect((await inbox(author)).new).toBe(0);
    expect(await json(await author.patch(`/notification/${page.results[0].id}/view/`))).toMatchObject({ unread: 0 });
    expect((await inbox(author)).results.every((r) => r.notification === null)).toBe(true);
  });

  it("pages of 20, the latest event first", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { user: actor } = await memberClient();
    const base = Date.now() - 100_000;
    for (let i = 0; i < 23; i += 1) {
      await db()
        .insert(notifications)
        .values({
          userId: authorUser.id,
          actorId: actor.id,
          type: STREAM_TYPE.comment,
          preTitle: `событие ${i}`,
          title: "Статья",
          titleUrl: "/posts/x",
          sourceKey: `test:${i}`,
          createdAt: new Date(base + i * 1000),
          updatedAt: new Date(base + i * 1000),
        });
    }
    const first = await inbox(author);
    expect(first.results).toHaveLength(20);
    expect(first.results[0].pre_title).toBe("событие 22");
    expect(first.new).toBe(23);
    expect(first.next).toBe("/api/v1/notification/?page=2");
    const second = await inbox(author, 2);
    expect(second.results.map((r) => r.pre_title)).toEqual(["событие 2", "событие 1", "событие 0"]);
    expect(second.next).toBeNull();
    expect((await author.get("/notification/?page=0")).status).toBe(400);
  });
});

describe("removed content", () => {
  it("deleting a comment removes the notifications about it", async () => {
    const { client: author, user: authorUser } = await memberClient();
    const { client: reader } = await memberClient();
    const post = await createPost(authorUser);
    const c = await comment(reader, post.slug, "Удалю потом");
    expect((await inbox(author)).new).toBe(1);
    expect((await reader.delete(`/comment/${c.id}/`)).status).toBe(200);
    expect(await inbox(author)).toMatchObject({ results: [], new: 0 });
  });

  it("deleting or unpublishing a post removes its notifications, its comments' and paws' too", async () => {
    await setFlags({ is_paw_view_enabled: true });
    const { client: author, user: authorUser } = await memberClient();
    const { client: reader } = await memberClient();
    const post = await createPost(authorUser);
    await comment(reader, post.slug, "Комментарий");
    await paw(reader, "post", post.id);
    const other = await createPost(authorUser);
    await comment(reader, other.slug, "К другой статье");
    expect((await inbox(author)).new).toBe(3);
    expect((await author.delete(`/post/${post.slug}/`)).ok).toBe(true);
    const left = await inbox(author);
    expect(left.new).toBe(1);
    expect(left.results.map((r) => r.title_url)).toEqual([`/posts/${other.slug}`]);
    expect((await author.post(`/post/${other.slug}/unpublish/`)).status).toBe(200);
    expect((await inbox(author)).new).toBe(0);
    expect(await scalar("SELECT count(*) FROM notifications WHERE user_id = ?", authorUser.id)).toBe(0);
  });
});
