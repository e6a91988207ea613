import { describe, expect, it } from "vitest";
import { clientFor, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { serviceContext, setFlags } from "#tests/factories/context";
import { scalar } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import {
  createComment,
  deleteComment,
  getCommentTree,
  listUserComments,
  updateComment,
} from "#workers/core/comments/comments";
import type { CommentView } from "#workers/core/comments/comments.serializers";
import { AppError } from "#workers/core/errors";

const HOUR = 60 * 60 * 1000;

async function expectError(promise: Promise<unknown>, code: string): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).message).toMatch(RUSSIAN);
  return error as AppError;
}

function flatten(tree: CommentView[]): CommentView[] {
  return tree.flatMap((c) => [c, ...flatten(c.children)]);
}

const countOf = (postId: number) => scalar<number>("SELECT comments_count FROM posts WHERE id = ?", postId);
const rowsOf = (postId: number) =>
  scalar<number>("SELECT count(*) FROM comments WHERE post_id = ? AND is_deleted = 0", postId);

describe("POST /v1/comment/", () => {
  it("creates a top-level comment at depth 1 in the spec's shape and counts it", async () => {
    const author = await createUser();
    const post = await createPost(author);
    const { client, user } = await memberClient();
    const res = await client.post("/comment/", {
      post_slug: post.slug,
      text: "  Привет!\r\nВторая строка https://example.com @кто-то  ",
    });
    expect(res.status).toBe(201);
    const comment = await json<CommentView>(res);
    expect(comment).toEqual({
      id: expect.any(Number),
      post_slug: post.slug,
      depth: 1,
      respond_to_comment: null,
      children: [],
      user: expect.objectContaining({ id: user.id, username: user.username }),
      text: "Привет!\nВторая строка https://example.com @кто-то",
      datetime: expect.any(String),
      datetime_updated: null,
      can_delete: true,
      can_edit: true,
      pwnd: 0,
      ownd: 0,
      is_deleted: false,
    });
    expect(comment.user).not.toHaveProperty("email");
    expect(await countOf(post.id)).toBe(1);
    expect(await scalar("SELECT path FROM comments WHERE id = ?", comment.id)).toBe(
      String(comment.id).padStart(10, "0"),
    );
  });

  it("nests replies one level deeper, up to depth 5", async () => {
    const post = await createPost(await createUser());
    const { client } = await memberClient();
    let parent: CommentView | null = null;
    const chain: CommentView[] = [];
    for (let depth = 1; depth <= 5; depth++) {
      const res = await client.post("/comment/", {
        post_slug: post.slug,
        text: `Уровень ${depth}`,
        respond_to_comment: parent?.id,
      });
      expect(res.status).toBe(201);
      const created: CommentView = await json<CommentView>(res);
      expect(created.depth).toBe(depth);
      expect(created.respond_to_comment).toBe(parent?.id ?? null);
      chain.push(created);
      parent = created;
    }
    const path = await scalar<string>("SELECT path FROM comments WHERE id = ?", chain[4].id);
    expect(path).toBe(chain.map((c) => String(c.id).padStart(10, "0")).join(""));
  });

  it("attaches a reply to a depth-5 comment to its depth-4 parent, as a sibling at depth 5", async () => {
    const post = await createPost(await createUser());
    const someone = await createUser();
    let parent = await createCommentRow(post, someone);
    const chain = [parent];
    for (let i = 2; i <= 5; i++) {
      parent = await createCommentRow(post, someone, { parent });
      chain.push(parent);
    }
    expect(chain[4].depth).toBe(5);
    const { client } = await memberClient();
    const res = await client.post("/comment/", {
      post_slug: post.slug,
      text: "Ответ на пятый",
      respond_to_comment: chain[4].id,
    });
    expect(res.status).toBe(201);
    const reply = await json<CommentView>(res);
    expect(reply.depth).toBe(5);
    expect(reply.respond_to_comment).toBe(chain[3].id);

    const tree = await getCommentTree(await serviceContext(null), post.id, post.slug);
    const fourth = tree[0].children[0].children[0].children[0];
    expect(fourth.id).toBe(chain[3].id);
    expect(fourth.children.map((c) => c.id)).toEqual([chain[4].id, reply.id]);
    expect(fourth.children.every((c) => c.children.length === 0)).toBe(true);
    expect(flatten(tree).every((c) => c.depth <= 5)).toBe(true);
  });

  it("gives a tree one author object per member, so the page's data carries each author once", async () => {
    const regular = await createUser();
    const visitor = await createUser();
    const post = await createPost(regular);
    const first = await createCommentRow(post, regular);
    await createCommentRow(post, visitor, { parent: first });
    await createCommentRow(post, regular, { parent: first });
    const [root] = await getCommentTree(await serviceContext(null), post.id, post.slug);
    const [byVisitor, byRegular] = root.children;
    expect(byRegular.user).toBe(root.user);
    expect(byVisitor.user).not.toBe(root.user);
    expect([root.user.username, byVisitor.user.username]).toEqual([regular.username, visitor.username]);
  });

  it("refuses a reply to a comment of another post, an unknown comment and a deleted one", async () => {
    const owner = await createUser();
    const post = await createPost(owner);
    const other = await createPost(owner);
    const foreign = await createCommentRow(other, owner);
    const { client } = await memberClient();
    for (const respond_to_comment of [foreign.id, 999_999_999]) {
      const res = await client.post("/comment/", { post_slug: post.slug, text: "Ответ", respond_to_comment });
      expect(res.status).toBe(400);
      const body = await json<ErrorBody>(res);
      expect(body.errors?.respond_to_comment?.[0]).toMatch(RUSSIAN);
    }
    const parent = await createCommentRow(post, owner);
    await createCommentRow(post, owner, { parent });
    await deleteComment(await serviceContext(owner), parent.id);
    const res = await client.post("/comment/", { post_slug: post.slug, text: "Ответ", respond_to_comment: parent.id });
    expect(res.status).toBe(400);
    expect(await countOf(post.id)).toBe(1);
  });

  it("takes comments only on published posts: a draft is 404 for others, 400 for its author", async () => {
    const author = await createUser();
    const draft = await createPost(author, { isPublished: false, publishedAt: null });
    const { client } = await memberClient();
    expect((await client.post("/comment/", { post_slug: draft.slug, text: "Тут?" })).status).toBe(404);
    const { client: moderator } = await memberClient({ isMod: true });
    expect((await moderator.post("/comment/", { post_slug: draft.slug, text: "Тут?" })).status).toBe(404);
    expect((await client.post("/comment/", { post_slug: "no-such-post", text: "Тут?" })).status).toBe(404);
    const res = await (await clientFor(author)).post("/comment/", { post_slug: draft.slug, text: "Тут?" });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.post_slug?.[0]).toMatch(RUSSIAN);
    expect(await scalar("SELECT count(*) FROM comments WHERE post_id = ?", draft.id)).toBe(0);
  });

  it("answers 401 to a guest and to a banned member", async () => {
    const post = await createPost(await createUser());
    const guest = await guestClient();
    const res = await guest.post("/comment/", { post_slug: post.slug, text: "Гость" });
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    const { client: banned } = await memberClient({ isBanned: true });
    expect((await banned.post("/comment/", { post_slug: post.slug, text: "Бан" })).status).toBe(403);
    expect(await countOf(post.id)).toBe(0);
  });

  it("validates field by field in Russian and never answers 500", async () => {
    const post = await createPost(await createUser());
    const { client } = await memberClient();
    const cases: [unknown, string][] = [
      [{ post_slug: post.slug, text: "   \n\t " }, "text"],
      [{ post_slug: post.slug, text: "я".repeat(10_001) }, "text"],
      [{ post_slug: post.slug, text: 42 }, "text"],
      [{ post_slug: post.slug }, "text"],
      [{ text: "Без статьи" }, "post_slug"],
      [{ post_slug: post.slug, text: "Ок", respond_to_comment: "5" }, "respond_to_comment"],
      [{ post_slug: post.slug, text: "Ок", respond_to_comment: 1.5 }, "respond_to_comment"],
      [{ post_slug: post.slug, text: "Ок", respond_to_comment: -1 }, "respond_to_comment"],
      [[], "non_field_errors"],
    ];
    for (const [body, field] of cases) {
      const res = await client.post("/comment/", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = await json<ErrorBody>(res);
      expect(error.detail).toMatch(RUSSIAN);
      expect(error.errors?.[field]?.[0] ?? "").toMatch(RUSSIAN);
    }
    expect(
      (await client.post("/comment/", undefined, { body: "{oops", headers: { "Content-Type": "application/json" } }))
        .status,
    ).toBe(400);
    expect((await client.post("/comment/", { post_slug: post.slug, text: "я".repeat(10_000) })).status).toBe(201);
    expect(await countOf(post.id)).toBe(1);
  });

  it("keeps comments_count equal to the rows under many concurrent POSTs", async () => {
    const post = await createPost(await createUser());
    const clients = await Promise.all(Array.from({ length: 5 }, () => memberClient()));
    const top = await json<CommentView>(
      await clients[0].client.post("/comment/", { post_slug: post.slug, text: "Начало" }),
    );
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        clients[i % 5].client.post("/comment/", {
          post_slug: post.slug,
          text: `Параллельный ${i}`,
          respond_to_comment: i % 2 ? top.id : undefined,
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(await countOf(post.id)).toBe(31);
    expect(await rowsOf(post.id)).toBe(31);
    expect(await scalar("SELECT count(*) FROM comments WHERE post_id = ? AND path = ''", post.id)).toBe(0);
    expect(await scalar("SELECT count(DISTINCT path) FROM comments WHERE post_id = ?", post.id)).toBe(31);
    const tree = await getCommentTree(await serviceContext(null), post.id, post.slug);
    expect(flatten(tree)).toHaveLength(31);
    expect(tree.find((c) => c.id === top.id)?.children).toHaveLength(15);
  });
});

describe("getCommentTree", () => {
  it("nests the thread in order, oldest first, in one tree", async () => {
    const post = await createPost(await createUser());
    const a = await createUser();
    const c1 = await createCommentRow(post, a, { text: "1" });
    const c2 = await createCommentRow(post, a, { text: "2" });
    const c1r1 = await createCommentRow(post, a, { parent: c1, text: "1.1" });
    const c2r1 = await createCommentRow(post, a, { parent: c2, text: "2.1" });
    const c1r2 = await createCommentRow(post, a, { parent: c1, text: "1.2" });
    const c1r1r1 = await createCommentRow(post, a, { parent: c1r1, text: "1.1.1" });
    const c3 = await createCommentRow(post, a, { text: "3" });
    const tree = await getCommentTree(await serviceContext(null), post.id, post.slug);
    const shape = (list: CommentView[]): unknown => list.map((c) => [c.text, shape(c.children)]);
    expect(shape(tree)).toEqual([
      [
        "1",
        [
          ["1.1", [["1.1.1", []]]],
          ["1.2", []],
        ],
      ],
      ["2", [["2.1", []]]],
      ["3", []],
    ]);
    expect(flatten(tree).map((c) => c.id)).toEqual([c1.id, c1r1.id, c1r1r1.id, c1r2.id, c2.id, c2r1.id, c3.id]);
    expect(tree[0].children[0].respond_to_comment).toBe(c1.id);
    expect(tree[0].children[0].children[0].depth).toBe(3);
    expect(tree.every((c) => c.post_slug === post.slug)).toBe(true);
  });

  it("answers over the API too, with rights and paws of the viewer", async () => {
    const post = await createPost(await createUser());
    const { client, user } = await memberClient();
    const mine = await json<CommentView>(await client.post("/comment/", { post_slug: post.slug, text: "Моё" }));
    const theirs = await createCommentRow(post, await createUser());
    await client.post("/like/", { item_type: "comment", item_id: theirs.id, is_negative: false });
    const tree = await json<CommentView[]>(await client.get(`/comment/post/${post.slug}/`));
    expect(tree.map((c) => [c.id, c.can_edit, c.can_delete, c.ownd, c.pwnd])).toEqual([
      [mine.id, true, true, 0, 0],
      [theirs.id, false, false, 1, 1],
    ]);
    expect(tree[0].user.id).toBe(user.id);
    const guestTree = await json<CommentView[]>(await (await guestClient()).get(`/comment/post/${post.slug}/`));
    expect(guestTree.map((c) => [c.can_edit, c.can_delete, c.ownd])).toEqual([
      [false, false, 0],
      [false, false, 0],
    ]);
    const draft = await createPost(user, { isPublished: false });
    expect((await client.get(`/comment/post/${draft.slug}/`)).status).toBe(404);
  });
});

describe("PATCH /v1/comment/{id}/", () => {
  it("lets the author edit within the hour and marks datetime_updated", async () => {
    const post = await createPost(await createUser());
    const { client } = await memberClient();
    const comment = await json<CommentView>(await client.post("/comment/", { post_slug: post.slug, text: "Было" }));
    await new Promise((r) => setTimeout(r, 5));
    const res = await client.patch(`/comment/${comment.id}/`, { text: " Стало " });
    expect(res.status).toBe(200);
    const edited = await json<CommentView>(res);
    expect(edited).toMatchObject({ id: comment.id, text: "Стало", can_edit: true, depth: 1 });
    expect(edited.datetime_updated).not.toBeNull();
    expect(await scalar("SELECT text FROM comments WHERE id = ?", comment.id)).toBe("Стало");
  });

  it("closes the author's window after one hour while is_one_hour_edit_enabled, never for a moderator", async () => {
    await setFlags({ is_one_hour_edit_enabled: true });
    const post = await createPost(await createUser());
    const author = await createUser();
    const created = new Date(Date.now() - 10 * 60 * 1000);
    const comment = await createCommentRow(post, author, { createdAt: created });
    const at = (ms: number) => () => new Date(created.getTime() + ms);

    const early = await updateComment(await serviceContext(author, at(HOUR - 1000)), comment.id, { text: "Вовремя" });
    expect(early.text).toBe("Вовремя");
    const error = await expectError(
      updateComment(await serviceContext(author, at(HOUR + 1000)), comment.id, { text: "Поздно" }),
      "forbidden",
    );
    expect(error.status).toBe(403);
    const late = await serviceContext(author, at(HOUR + 1000));
    expect(flatten(await getCommentTree(late, post.id, post.slug))[0]).toMatchObject({
      can_edit: false,
      can_delete: true,
    });

    const moderator = await createUser({ isMod: true });
    const modEdit = await updateComment(await serviceContext(moderator, at(30 * 24 * HOUR)), comment.id, {
      text: "Модератор",
    });
    expect(modEdit).toMatchObject({ text: "Модератор", can_edit: true, can_delete: true });

    await setFlags({ is_one_hour_edit_enabled: false });
    const noLimit = await updateComment(await serviceContext(author, at(5 * HOUR)), comment.id, {
      text: "Без ограничения",
    });
    expect(noLimit).toMatchObject({ text: "Без ограничения", can_edit: true });
    await setFlags({ is_one_hour_edit_enabled: true });
  });

  it("answers 401 to a guest, 403 to another member, 404 for unknown ids and 400 for bad text", async () => {
    const post = await createPost(await createUser());
    const author = await createUser();
    const comment = await createCommentRow(post, author, { text: "Исходный" });
    expect((await (await guestClient()).patch(`/comment/${comment.id}/`, { text: "Гость" })).status).toBe(401);
    const { client: stranger } = await memberClient();
    const res = await stranger.patch(`/comment/${comment.id}/`, { text: "Чужой" });
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    const { client: admin } = await memberClient({ isAdmin: true });
    expect((await admin.patch(`/comment/${comment.id}/`, { text: "Админ" })).status).toBe(403);
    const { client: moderator } = await memberClient({ isMod: true });
    expect((await moderator.patch(`/comment/${comment.id}/`, { text: "Модератор" })).status).toBe(200);

    const own = await clientFor(author);
    for (const id of ["999999999", "abc", "1.5", "-3"])
      expect((await own.patch(`/comment/${id}/`, { text: "x" })).status).toBe(404);
    for (const body of [{ text: "" }, { text: "я".repeat(10_001) }, { text: 5 }, {}]) {
      const bad = await own.patch(`/comment/${comment.id}/`, body);
      expect(bad.status).toBe(400);
      expect((await json<ErrorBody>(bad)).errors?.text?.[0]).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT text FROM comments WHERE id = ?", comment.id)).toBe("Модератор");
  });
});

describe("DELETE /v1/comment/{id}/", () => {
  it("removes a comment without replies and lowers the count", async () => {
    const post = await createPost(await createUser());
    const { client } = await memberClient();
    const comment = await json<CommentView>(await client.post("/comment/", { post_slug: post.slug, text: "Удалю" }));
    const res = await client.delete(`/comment/${comment.id}/`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ id: comment.id, post_slug: post.slug, is_removed: true, comments_count: 0 });
    expect(await scalar("SELECT count(*) FROM comments WHERE id = ?", comment.id)).toBe(0);
    expect((await client.delete(`/comment/${comment.id}/`)).status).toBe(404);
    expect(await countOf(post.id)).toBe(0);
  });

  it("keeps a comment with replies as a placeholder, and clears the placeholder when its last reply goes", async () => {
    const post = await createPost(await createUser());
    const author = await createUser();
    const parent = await createCommentRow(post, author, { text: "Родитель" });
    const reply = await createCommentRow(post, await createUser(), { parent, text: "Ответ" });
    const ctx = await serviceContext(author);
    expect(await deleteComment(ctx, parent.id)).toMatchObject({ is_removed: false, comments_count: 1 });
    const [placeholder] = await getCommentTree(ctx, post.id, post.slug);
    expect(placeholder).toMatchObject({
      id: parent.id,
      is_deleted: true,
      text: "",
      can_edit: false,
      can_delete: false,
      pwnd: 0,
    });
    expect(placeholder.children.map((c) => c.text)).toEqual(["Ответ"]);
    expect(await scalar("SELECT text FROM comments WHERE id = ?", parent.id)).toBe("");
    await expectError(updateComment(ctx, parent.id, { text: "Воскрешаю" }), "not_found");
    await expectError(deleteComment(ctx, parent.id), "not_found");

    const moderator = await createUser({ isMod: true });
    expect(await deleteComment(await serviceContext(moderator), reply.id)).toMatchObject({
      is_removed: true,
      comments_count: 0,
    });
    expect(await scalar("SELECT count(*) FROM comments WHERE post_id = ?", post.id)).toBe(0);
    expect(await getCommentTree(ctx, post.id, post.slug)).toEqual([]);
  });

  it("answers 401 to a guest and 403 to another member, and leaves the comment alone", async () => {
    const post = await createPost(await createUser());
    const comment = await createCommentRow(post, await createUser());
    expect((await (await guestClient()).delete(`/comment/${comment.id}/`)).status).toBe(401);
    const { client } = await memberClient();
    expect((await client.delete(`/comment/${comment.id}/`)).status).toBe(403);
    expect((await client.delete("/comment/abc/")).status).toBe(404);
    expect(await rowsOf(post.id)).toBe(1);
    expect(await countOf(post.id)).toBe(1);
  });

  it("counts right when the same comment is deleted twice at once", async () => {
    const post = await createPost(await createUser());
    const author = await createUser();
    await createCommentRow(post, author);
    const parent = await createCommentRow(post, author);
    await createCommentRow(post, author, { parent });
    const ctxs = await Promise.all([serviceContext(author), serviceContext(author), serviceContext(author)]);
    await Promise.allSettled(ctxs.map((ctx) => deleteComment(ctx, parent.id)));
    expect(await countOf(post.id)).toBe(2);
    expect(await rowsOf(post.id)).toBe(2);
  });
});

describe("a member's comments", () => {
  it("lists live comments on published posts, newest first, paged, in the search-result form", async () => {
    const poster = await createUser();
    const post = await createPost(poster, { title: "Большая статья" });
    const draft = await createPost(poster, { isPublished: false });
    const member = await createUser();
    const rows = [];
    for (let i = 0; i < 21; i++) {
      rows.push(
        await createCommentRow(post, member, { text: `№${i}`, createdAt: new Date(Date.now() - (100 - i) * 1000) }),
      );
    }
    await createCommentRow(draft, member);
    const gone = await createCommentRow(post, member, { text: "Удалённый" });
    await deleteComment(await serviceContext(member), gone.id);

    const client = await guestClient();
    const first = await json<{ results: Record<string, unknown>[]; next: string | null; previous: string | null }>(
      await client.get(`/comment/by-user/${member.id}/`),
    );
    expect(first.results).toHaveLength(20);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`/api/v1/comment/by-user/${member.id}/?page=2`);
    expect(first.results[0]).toEqual({
      id: rows[20].id,
      post_slug: post.slug,
      user: expect.objectContaining({ id: member.id }),
      datetime: rows[20].createdAt.toISOString(),
      headline: "Большая статья",
      url: `/posts/${post.slug}?comment=${rows[20].id}`,
      comments_count: 21,
      text: "№20",
      pwnd: 0,
    });
    const second = await json<{ results: { id: number }[]; next: string | null; previous: string | null }>(
      await client.get(first.next!.replace("/api/v1", "")),
    );
    expect(second.results.map((r) => r.id)).toEqual([rows[0].id]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`/api/v1/comment/by-user/${member.id}/`);

    const page = await listUserComments(await serviceContext(null), member.id, "2");
    expect(page.results).toHaveLength(1);
    expect((await client.get("/comment/by-user/999999999/")).status).toBe(404);
    expect((await client.get("/comment/by-user/abc/")).status).toBe(404);
    expect((await client.get(`/comment/by-user/${member.id}/?page=abc`)).status).toBe(400);
    expect((await client.get(`/comment/by-user/${member.id}/?page=0`)).status).toBe(400);
  });

  it("is a service the profile can call in-process", async () => {
    const ctx = await serviceContext(null);
    await expectError(listUserComments(ctx, 0, 1), "not_found");
    const user = await createUser();
    expect(await listUserComments(ctx, user.id, undefined)).toEqual({ results: [], next: null, previous: null });
  });
});

describe("createComment in-process", () => {
  it("throws AppError codes the page door can map", async () => {
    const post = await createPost(await createUser());
    await expectError(
      createComment(await serviceContext(null), { post_slug: post.slug, text: "x" }),
      "unauthenticated",
    );
    const member = await createUser();
    await expectError(createComment(await serviceContext(member), { post_slug: post.slug, text: "" }), "invalid");
    const view = await createComment(await serviceContext(member), { post_slug: post.slug, text: "Работает" });
    expect(view.depth).toBe(1);
  });
});
