import { describe, expect, it } from "vitest";
import { type ApiClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { serviceContext, setFlags } from "#tests/factories/context";
import { scalar } from "#tests/factories/db";
import { createShoutCommentRow, createShoutRow, setSettings } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import { AppError } from "#workers/core/errors";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { createShoutComment, deleteShoutComment, updateShoutComment } from "#workers/core/shouts/shout-comments";
import { getShout } from "#workers/core/shouts/shouts";
import type { ShoutCommentView, ShoutDetail } from "#workers/core/shouts/shouts.serializers";

type PageOf<T> = { results: T[]; next: string | null };

const MIN = 60_000;
const HOUR = 60 * MIN;

function clock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), set: (offsetMs: number) => (t = start + offsetMs) };
}

async function rejects(promise: Promise<unknown>, code: AppError["code"]) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).message).toMatch(RUSSIAN);
}

async function comment(
  client: ApiClient,
  shoutId: number,
  text: string,
  respondTo?: number,
): Promise<ShoutCommentView> {
  const res = await client.post("/shout-comment/", { shout_id: shoutId, text, respond_to_comment: respondTo ?? null });
  expect(res.status).toBe(201);
  return json<ShoutCommentView>(res);
}

const count = (shoutId: number) => scalar<number>("SELECT comments_count FROM shouts WHERE id = ?", shoutId);

describe("POST /v1/shout-comment/", () => {
  it("adds top-level comments and replies in the post comment tree; a reply to depth 5 becomes a sibling", async () => {
    const { user: author } = await memberClient();
    const { client, user } = await memberClient();
    const shout = await createShoutRow(author);
    const top = await comment(client, shout.id, "Первый");
    expect(top).toMatchObject({
      shout: shout.id,
      depth: 1,
      respond_to_comment: null,
      children: [],
      user: { id: user.id },
      text: "Первый",
      datetime_updated: null,
      can_edit: true,
      can_delete: true,
      pwnd: 0,
      ownd: 0,
      is_deleted: false,
    });
    let parent = top;
    for (let depth = 2; depth <= 5; depth++) {
      parent = await comment(client, shout.id, `Глубина ${depth}`, parent.id);
      expect(parent.depth).toBe(depth);
    }
    const deep = await comment(client, shout.id, "Ответ на пятый", parent.id);
    expect(deep.depth).toBe(5);
    expect(deep.respond_to_comment).toBe(parent.respond_to_comment);
    expect(await count(shout.id)).toBe(6);

    const detail = await json<ShoutDetail>(await (await guestClient()).get(`/shout/${shout.id}/`));
    expect(detail.comments_count).toBe(6);
    expect(detail.comments).toHaveLength(1);
    let node = detail.comments[0];
    for (let depth = 2; depth <= 4; depth++) node = node.children[0];
    expect(node.children.map((c) => c.id)).toEqual([parent.id, deep.id]);
    expect(detail.comments[0].can_edit).toBe(false);
  });

  it("rejects bad input in Russian: empty text, unknown shout (404), a reply to a comment of another shout", async () => {
    const { user: author } = await memberClient();
    const { client } = await memberClient();
    const shout = await createShoutRow(author);
    const other = await createShoutRow(author);
    const elsewhere = await createShoutCommentRow(other, author);
    const empty = await client.post("/shout-comment/", { shout_id: shout.id, text: "  " });
    expect(empty.status).toBe(400);
    expect((await json<ErrorBody>(empty)).errors?.text?.[0]).toMatch(RUSSIAN);
    const missing = await client.post("/shout-comment/", { shout_id: 999999999, text: "Куда?" });
    expect(missing.status).toBe(404);
    expect((await json<ErrorBody>(missing)).detail).toBe("Записка не найдена.");
    const wrong = await client.post("/shout-comment/", {
      shout_id: shout.id,
      text: "Мимо",
      respond_to_comment: elsewhere.id,
    });
    expect(wrong.status).toBe(400);
    expect((await json<ErrorBody>(wrong)).errors?.respond_to_comment?.[0]).toMatch(RUSSIAN);
    const bad = await client.post("/shout-comment/", { shout_id: "один", text: "Текст" });
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).errors?.shout_id?.[0]).toMatch(RUSSIAN);
  });

  it("a duplicate (same author, text and shout within a minute) is not stored twice", async () => {
    const author = await createUser();
    const writer = await createUser();
    const shout = await createShoutRow(author);
    const c = clock();
    const as = async () => serviceContext(writer, c.now);
    const first = await createShoutComment(await as(), { shout_id: shout.id, text: "Двойной клик" });
    c.set(30_000);
    const again = await createShoutComment(await as(), { shout_id: shout.id, text: "Двойной клик" });
    expect(again.id).toBe(first.id);
    expect(await count(shout.id)).toBe(1);
    // Another text, or the same text a minute later, is a new comment.
    expect((await createShoutComment(await as(), { shout_id: shout.id, text: "Другой текст" })).id).not.toBe(first.id);
    c.set(90_000);
    expect((await createShoutComment(await as(), { shout_id: shout.id, text: "Двойной клик" })).id).not.toBe(first.id);
    expect(await count(shout.id)).toBe(3);

    // Over HTTP, a double submit at once stores one comment.
    const { client } = await memberClient();
    const [a, b] = await Promise.all([
      client.post("/shout-comment/", { shout_id: shout.id, text: "Одновременно" }),
      client.post("/shout-comment/", { shout_id: shout.id, text: "Одновременно" }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const ids = [(await json<ShoutCommentView>(a)).id, (await json<ShoutCommentView>(b)).id];
    expect(ids[0]).toBe(ids[1]);
    expect(
      await scalar("SELECT count(*) FROM shout_comments WHERE shout_id = ? AND text = 'Одновременно'", shout.id),
    ).toBe(1);
    expect((await comment(client, shout.id, "Одновременно")).id).toBe(ids[0]);
  });

  it("answers 401 to guests; banned members are guests", async () => {
    const { user: author } = await memberClient();
    const shout = await createShoutRow(author);
    const guest = await guestClient();
    const res = await guest.post("/shout-comment/", { shout_id: shout.id, text: "Гость" });
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    const { client: banned } = await memberClient({ isBanned: true });
    expect((await banned.post("/shout-comment/", { shout_id: shout.id, text: "Бан" })).status).toBe(403);
  });

  it("a guest cannot reach comments of a shout hidden from guests; members can comment on it", async () => {
    const { user: author } = await memberClient();
    await setSettings(author, { is_shouts_public: false });
    const shout = await createShoutRow(author);
    const { client } = await memberClient();
    const created = await comment(client, shout.id, "Свои видят");
    expect((await (await guestClient()).get(`/shout/${shout.id}/`)).status).toBe(404);
    // No public activity item for it.
    const activity = await json<PageOf<{ message_url: string }>>(await client.get("/activity/"));
    expect(activity.results.some((a) => a.message_url.endsWith(`comment=${created.id}`))).toBe(false);
  });
});

describe("PATCH and DELETE /v1/shout-comment/{id}/", () => {
  it("the author edits within 1 hour, a moderator always; others 403, guests 401", async () => {
    const author = await createUser();
    const writer = await createUser();
    const other = await createUser();
    const mod = await createUser({ isMod: true });
    const shout = await createShoutRow(author);
    const c = clock();
    const as = (user: { id: number } | null) => serviceContext(user, c.now);
    const created = await createShoutComment(await as(writer), { shout_id: shout.id, text: "Черновой" });
    c.set(59 * MIN);
    const edited = await updateShoutComment(await as(writer), created.id, { text: "Исправленный" });
    expect(edited).toMatchObject({ text: "Исправленный", can_edit: true });
    expect(edited.datetime_updated).not.toBeNull();
    c.set(HOUR);
    await rejects(updateShoutComment(await as(writer), created.id, { text: "Поздно" }), "forbidden");
    await rejects(updateShoutComment(await as(other), created.id, { text: "Чужой" }), "forbidden");
    await rejects(updateShoutComment(await as(author), created.id, { text: "Автор записки" }), "forbidden");
    await rejects(updateShoutComment(await as(null), created.id, { text: "Гость" }), "unauthenticated");
    expect((await updateShoutComment(await as(mod), created.id, { text: "Модератор" })).text).toBe("Модератор");
    await setFlags({ is_one_hour_edit_enabled: false });
    expect((await updateShoutComment(await as(writer), created.id, { text: "Без окна" })).text).toBe("Без окна");
    await setFlags({ is_one_hour_edit_enabled: true });

    await rejects(deleteShoutComment(await as(other), created.id), "forbidden");
    await rejects(deleteShoutComment(await as(null), created.id), "unauthenticated");
    await rejects(deleteShoutComment(await as(writer), 999999999), "not_found");
    expect(await deleteShoutComment(await as(writer), created.id)).toEqual({
      id: created.id,
      shout: shout.id,
      is_removed: true,
      comments_count: 0,
    });
    const second = await createShoutComment(await as(writer), { shout_id: shout.id, text: "Удалит модератор" });
    expect((await deleteShoutComment(await as(mod), second.id)).is_removed).toBe(true);
  });

  it("over HTTP: 401 for guests and 403 for other members on edit and delete", async () => {
    const { user: author } = await memberClient();
    const { client: writer } = await memberClient();
    const { client: other } = await memberClient();
    const guest = await guestClient();
    const shout = await createShoutRow(author);
    const created = await comment(writer, shout.id, "Мой комментарий");
    for (const [method, body] of [
      ["PATCH", { text: "Правка" }],
      ["DELETE", undefined],
    ] as const) {
      const path = `/shout-comment/${created.id}/`;
      const init = body === undefined ? {} : { json: body };
      expect((await guest.request(method, path, init)).status).toBe(401);
      const res = await other.request(method, path, init);
      expect(res.status).toBe(403);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    expect((await writer.patch(`/shout-comment/${created.id}/`, { text: "Правка" })).status).toBe(200);
    expect((await writer.delete(`/shout-comment/${created.id}/`)).status).toBe(200);
    expect((await writer.patch(`/shout-comment/${created.id}/`, { text: "Ещё" })).status).toBe(404);
  });

  it("a comment with replies stays as a placeholder; its last reply going removes both", async () => {
    const { user: author } = await memberClient();
    const { client: writer } = await memberClient();
    const { client: replier } = await memberClient();
    const shout = await createShoutRow(author);
    const top = await comment(writer, shout.id, "Вопрос");
    const reply = await comment(replier, shout.id, "Ответ", top.id);
    const placeholder = await json<{ is_removed: boolean; comments_count: number }>(
      await writer.delete(`/shout-comment/${top.id}/`),
    );
    expect(placeholder).toEqual({ id: top.id, shout: shout.id, is_removed: false, comments_count: 1 });
    const detail = await json<ShoutDetail>(await writer.get(`/shout/${shout.id}/`));
    expect(detail.comments[0]).toMatchObject({
      id: top.id,
      is_deleted: true,
      text: "",
      can_edit: false,
      can_delete: false,
    });
    expect(detail.comments[0].children[0].id).toBe(reply.id);
    // A placeholder cannot be answered.
    const answer = await writer.post("/shout-comment/", {
      shout_id: shout.id,
      text: "Ещё",
      respond_to_comment: top.id,
    });
    expect(answer.status).toBe(400);
    await replier.delete(`/shout-comment/${reply.id}/`);
    expect(await scalar("SELECT count(*) FROM shout_comments WHERE shout_id = ?", shout.id)).toBe(0);
    expect(await count(shout.id)).toBe(0);
  });
});

describe("paws, notifications and activity for shout comments", () => {
  it("paws toggle on a live comment; own comment 403; the owner is notified", async () => {
    await setFlags({ is_paw_view_enabled: true });
    const { user: author } = await memberClient();
    const { client: writer, user: writerUser } = await memberClient();
    const { client: fan, user: fanUser } = await memberClient();
    const shout = await createShoutRow(author, { text: "Записка для лапок" });
    const created = await comment(writer, shout.id, "Оцените комментарий");
    expect(await json(await fan.post("/like/", { item_type: "shout_comment", item_id: created.id }))).toEqual({
      item_id: created.id,
      item_type: "shout_comment",
      pwnd: 1,
      ownd: 1,
    });
    const own = await writer.post("/like/", { item_type: "shout_comment", item_id: created.id });
    expect(own.status).toBe(403);
    expect((await json<ErrorBody>(own)).detail).toBe("Нельзя ставить лапку своему комментарию.");
    const detail = await json<ShoutDetail>(await fan.get(`/shout/${shout.id}/`));
    expect(detail.comments[0]).toMatchObject({ pwnd: 1, ownd: 1 });
    const inbox = await json<
      PageOf<{ type: number; pre_title: string; user: { id: number } | null; message_url: string }>
    >(await writer.get("/notification/"));
    expect(inbox.results[0]).toMatchObject({
      type: STREAM_TYPE.paws,
      pre_title: "оценил(а) ваш комментарий к записке",
      user: { id: fanUser.id },
      message_url: `/bonfire/${shout.id}?comment=${created.id}`,
    });
    const received = await json<PageOf<{ pre_title: string; title: string; title_url: string }>>(
      await writer.get("/like/"),
    );
    expect(received.results[0]).toMatchObject({
      pre_title: "Комментарий к записке",
      title: "Записка для лапок",
      title_url: `/bonfire/${shout.id}?comment=${created.id}`,
    });
    // Deleting the comment removes its paws.
    await writer.delete(`/shout-comment/${created.id}/`);
    expect(
      await scalar("SELECT count(*) FROM likes WHERE item_type = 'shout_comment' AND item_id = ?", created.id),
    ).toBe(0);
    expect((await fan.post("/like/", { item_type: "shout_comment", item_id: created.id })).status).toBe(404);
    expect(writerUser.id).toBeGreaterThan(0);
  });

  it("notifies the shout's author, the member answered (not twice) and the mentioned; activity type 4 comes and goes", async () => {
    const { client: authorApi, user: author } = await memberClient();
    const { client: writer, user: writerUser } = await memberClient();
    const { client: mentionedApi, user: mentioned } = await memberClient();
    const shout = await createShoutRow(author, { text: "Обсудим?" });
    const first = await comment(writer, shout.id, "Да, обсудим");
    const authorInbox = await json<PageOf<{ type: number; pre_title: string; title: string; user: { id: number } }>>(
      await authorApi.get("/notification/"),
    );
    expect(authorInbox.results[0]).toMatchObject({
      type: STREAM_TYPE.shoutComment,
      pre_title: "прокомментировал(а) вашу записку",
      title: "Обсудим?",
      user: { id: writerUser.id },
    });
    // The shout's author answers: the writer is told about the reply, the author is not told about themself.
    const reply = await comment(authorApi, shout.id, `Согласен, @${mentioned.username}`, first.id);
    const writerInbox = await json<PageOf<{ pre_title: string; message_url: string }>>(
      await writer.get("/notification/"),
    );
    expect(writerInbox.results[0]).toMatchObject({
      pre_title: "ответил(а) на ваш комментарий к записке",
      message_url: `/bonfire/${shout.id}?comment=${reply.id}`,
    });
    const mentionedInbox = await json<PageOf<{ type: number; pre_title: string }>>(
      await mentionedApi.get("/notification/"),
    );
    expect(mentionedInbox.results[0]).toMatchObject({
      type: STREAM_TYPE.mention,
      pre_title: "упомянул(а) вас в комментарии к записке",
    });
    expect((await json<PageOf<unknown>>(await authorApi.get("/notification/"))).results).toHaveLength(1);

    const activity = await json<PageOf<{ type: number; message_url: string }>>(await writer.get("/activity/"));
    const item = activity.results.find((a) => a.message_url === `/bonfire/${shout.id}?comment=${first.id}`);
    expect(item).toMatchObject({ type: STREAM_TYPE.shoutComment });
    await writer.delete(`/shout-comment/${first.id}/`);
    const after = await json<PageOf<{ message_url: string }>>(await writer.get("/activity/"));
    expect(after.results.some((a) => a.message_url === `/bonfire/${shout.id}?comment=${first.id}`)).toBe(false);
    const authorAfter = await json<PageOf<{ message_url: string }>>(await authorApi.get("/notification/"));
    expect(authorAfter.results).toHaveLength(0);
  });

  it("getShout returns the tree with the member's paws; comments of a muted shout stay on its page", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { user: author } = await memberClient();
    const member = await createUser();
    const shout = await createShoutRow(author);
    const top = await createShoutCommentRow(shout, author, { text: "Корень" });
    await createShoutCommentRow(shout, member, { parent: top, text: "Ветка" });
    await mod.patch(`/shout/${shout.id}/mute/`);
    const detail = await getShout(await serviceContext(member), shout.id);
    expect(detail.is_muted).toBe(true);
    expect(detail.comments[0].text).toBe("Корень");
    expect(detail.comments[0].children[0]).toMatchObject({ text: "Ветка", can_edit: true, can_delete: true });
  });
});
