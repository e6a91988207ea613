import { describe, expect, it } from "vitest";
import { clientFor, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { serviceContext, setFlags } from "#tests/factories/context";
import { scalar } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { deleteComment } from "#workers/core/comments/comments";
import { listPawsOf, listReceivedPaws, togglePaw } from "#workers/core/reactions/likes";
import { ownPaws } from "#workers/core/reactions/reactions.read";

type PawState = { item_id: number; item_type: string; pwnd: number; ownd: number };
type Page<T> = { results: T[]; next: string | null; previous: string | null };

const postScore = (id: number) => scalar<number>("SELECT pwnd FROM posts WHERE id = ?", id);
const commentScore = (id: number) => scalar<number>("SELECT pwnd FROM comments WHERE id = ?", id);

describe("the plain paw form (no JavaScript)", () => {
  it("sends the member back to the page on success, and shows the reason on a page of its own when refused", async () => {
    const { client, user } = await memberClient();
    const other = await createPost(await createUser());
    const sent = await client.form("/reactions/paw", { item_id: String(other.id), item_type: "post", redirectTo: "/" });
    expect([sent.status, sent.headers.get("Location")]).toEqual([302, "/"]);
    expect(await postScore(other.id)).toBe(1);

    // Refused: the reason under the form's title, with its status — not a silent redirect to some page.
    const own = await createPost(user);
    const refusals: [Record<string, string>, number, string][] = [
      [{ item_id: String(own.id), item_type: "post" }, 403, "Нельзя ставить лапку своей статье."],
      [{ item_id: "999999999", item_type: "post" }, 404, ""],
      [{ item_id: String(other.id), item_type: "shout_of_doom" }, 400, ""],
      [{ item_id: String(other.id), item_type: "post", csrf: "forged" }, 403, "CSRF-токен отсутствует или неверен."],
    ];
    for (const [fields, status, reason] of refusals) {
      const res = await client.form("/reactions/paw", { ...fields, redirectTo: "/" });
      const html = await res.text();
      expect([fields, res.status, res.headers.get("Location")]).toEqual([fields, status, null]);
      expect(html).toContain("Лапка не поставлена");
      expect(html).toMatch(/class="form-error" role="alert">[^<]*[а-яё]/i);
      expect(html).toContain(reason);
    }
    expect(await postScore(own.id)).toBe(0);
    expect(await postScore(other.id)).toBe(1);

    // A guest goes to sign in and back.
    const guest = await (await guestClient()).form("/reactions/paw", {
      item_id: String(other.id),
      item_type: "post",
      redirectTo: "/posts/x",
    });
    expect([guest.status, guest.headers.get("Location")]).toEqual([302, "/auth/sign-in?redirectTo=%2Fposts%2Fx"]);
  });
});

describe("a page's one reaction form", () => {
  it("every paw and bookmark button of a page submits it, naming its item and the element to come back to", async () => {
    const { client, user } = await memberClient();
    const post = await createPost(await createUser());
    const comments = [await createCommentRow(post, user), await createCommentRow(post, await createUser())];
    const page = await client.get(`http://localhost/posts/${post.slug}?comment=${comments[0].id}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    // One form, with the token and the page (without its one-off parameters) to come back to.
    expect(html.match(/<form[^>]*id="reaction-form"[^>]*>/g)).toHaveLength(1);
    const form = /<form[^>]*id="reaction-form"[^>]*>(.*?)<\/form>/s.exec(html)?.[1] ?? "";
    expect(form).toContain(`name="csrf" value="${client.csrfToken}"`);
    expect(form).toContain(`name="redirectTo" value="/posts/${post.slug}"`);
    expect(html).not.toMatch(/<form[^>]*class="paws/);
    const buttons = html.match(/<button[^>]*class="paw-btn[^>]*>/g) ?? [];
    expect(buttons.length).toBe(3);
    for (const button of buttons) expect(button).toContain('form="reaction-form"');
    const own = buttons.find((b) => b.includes(`item_id=${comments[0].id}&amp;`)) ?? "";
    expect(own).toContain(
      `formAction="/reactions/paw?item_type=comment&amp;item_id=${comments[0].id}&amp;anchor=comment-${comments[0].id}"`,
    );
    expect(own).toContain("disabled");
    expect(buttons.find((b) => b.includes(`item_id=${comments[1].id}&amp;`))).not.toContain("disabled");
    expect(html).not.toMatch(/<form[^>]*reactions\/bookmark/);
    const bookmark = html.match(/<button[^>]*class="bookmark-btn[^>]*>/g) ?? [];
    expect(bookmark).toHaveLength(1);
    expect(bookmark[0]).toContain('form="reaction-form"');
    expect(bookmark[0]).toContain(
      `formAction="/reactions/bookmark?item_type=post&amp;item_id=${post.id}&amp;anchor=post-footer"`,
    );

    // The plain form comes back to the page at the button's element; an ill-formed element name is dropped.
    const sent = await client.form(
      `/reactions/paw?item_type=comment&item_id=${comments[1].id}&anchor=comment-${comments[1].id}`,
      {
        is_negative: "false",
        redirectTo: `/posts/${post.slug}`,
      },
    );
    expect([sent.status, sent.headers.get("Location")]).toEqual([302, `/posts/${post.slug}#comment-${comments[1].id}`]);
    expect(await commentScore(comments[1].id)).toBe(1);
    const odd = await client.form(
      `/reactions/paw?item_type=post&item_id=${post.id}&anchor=${encodeURIComponent('x"><b>')}`,
      {
        redirectTo: `/posts/${post.slug}`,
      },
    );
    expect([odd.status, odd.headers.get("Location")]).toEqual([302, `/posts/${post.slug}`]);
    expect(await postScore(post.id)).toBe(1);
    // A guest goes to sign in, and back to the element.
    const guest = await (await guestClient()).form(
      `/reactions/paw?item_type=post&item_id=${post.id}&anchor=post-footer`,
      {
        redirectTo: `/posts/${post.slug}`,
      },
    );
    expect(guest.headers.get("Location")).toBe(
      `/auth/sign-in?redirectTo=${encodeURIComponent(`/posts/${post.slug}#post-footer`)}`,
    );
  });
});

describe("POST /v1/like/", () => {
  it("paws a post up, takes the paw back with the same paw, and switches with the other", async () => {
    await setFlags({ is_paw_down_enabled: true });
    const post = await createPost(await createUser());
    const { client } = await memberClient();
    const paw = async (is_negative: boolean) => {
      const res = await client.post("/like/", { item_id: post.id, item_type: "post", is_negative });
      expect(res.status).toBe(200);
      return json<PawState>(res);
    };
    expect(await paw(false)).toEqual({ item_id: post.id, item_type: "post", pwnd: 1, ownd: 1 });
    expect(await postScore(post.id)).toBe(1);
    expect(await paw(false)).toEqual({ item_id: post.id, item_type: "post", pwnd: 0, ownd: 0 });
    expect(await scalar("SELECT count(*) FROM likes WHERE item_id = ? AND item_type = 'post'", post.id)).toBe(0);
    expect(await paw(true)).toMatchObject({ pwnd: -1, ownd: -1 });
    expect(await paw(false)).toMatchObject({ pwnd: 1, ownd: 1 });
    expect(await paw(true)).toMatchObject({ pwnd: -1, ownd: -1 });
    expect(await paw(true)).toMatchObject({ pwnd: 0, ownd: 0 });
    expect(await postScore(post.id)).toBe(0);
  });

  it("scores a comment as ups minus downs across members, and defaults is_negative to false", async () => {
    await setFlags({ is_paw_down_enabled: true });
    const post = await createPost(await createUser());
    const comment = await createCommentRow(post, await createUser());
    const members = await Promise.all([memberClient(), memberClient(), memberClient()]);
    await members[0].client.post("/like/", { item_id: comment.id, item_type: "comment" });
    await members[1].client.post("/like/", { item_id: comment.id, item_type: "comment", is_negative: false });
    const last = await json<PawState>(
      await members[2].client.post("/like/", { item_id: comment.id, item_type: "comment", is_negative: true }),
    );
    expect(last).toEqual({ item_id: comment.id, item_type: "comment", pwnd: 1, ownd: -1 });
    expect(await commentScore(comment.id)).toBe(1);
    const ctx = await serviceContext(members[0].user);
    expect((await ownPaws(ctx, "comment", [comment.id])).get(comment.id)).toBe(1);
  });

  it("keeps the score right under concurrent paws and double clicks", async () => {
    await setFlags({ is_paw_down_enabled: false });
    const post = await createPost(await createUser());
    const members = await Promise.all(Array.from({ length: 8 }, () => memberClient()));
    const responses = await Promise.all(
      members.map(({ client }) => client.post("/like/", { item_id: post.id, item_type: "post", is_negative: false })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await postScore(post.id)).toBe(8);
    // The same member clicking twice at once: whatever the interleaving, the score equals the paws.
    await Promise.all([0, 1].map(() => members[0].client.post("/like/", { item_id: post.id, item_type: "post" })));
    const paws = await scalar<number>("SELECT count(*) FROM likes WHERE item_type = 'post' AND item_id = ?", post.id);
    expect(await postScore(post.id)).toBe(paws);
  });

  it("refuses a paw down with a Russian 403 while is_paw_down_enabled is off, but lets one be taken back", async () => {
    await setFlags({ is_paw_down_enabled: false });
    const post = await createPost(await createUser());
    const { client, user } = await memberClient();
    const res = await client.post("/like/", { item_id: post.id, item_type: "post", is_negative: true });
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    expect(await postScore(post.id)).toBe(0);

    await setFlags({ is_paw_down_enabled: true });
    await togglePaw(await serviceContext(user), { item_id: post.id, item_type: "post", is_negative: true });
    await setFlags({ is_paw_down_enabled: false });
    const back = await json<PawState>(
      await client.post("/like/", { item_id: post.id, item_type: "post", is_negative: true }),
    );
    expect(back).toMatchObject({ pwnd: 0, ownd: 0 });
  });

  it("forbids pawing your own post or comment", async () => {
    const { client, user } = await memberClient();
    const post = await createPost(user);
    const comment = await createCommentRow(await createPost(await createUser()), user);
    for (const body of [
      { item_id: post.id, item_type: "post", is_negative: false },
      { item_id: comment.id, item_type: "comment", is_negative: false },
    ]) {
      const res = await client.post("/like/", body);
      expect(res.status).toBe(403);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM likes WHERE user_id = ?", user.id)).toBe(0);
  });

  it("answers 401 to guests, 400 to bad input and 404 to missing, draft or deleted items", async () => {
    const owner = await createUser();
    const post = await createPost(owner);
    const draft = await createPost(owner, { isPublished: false });
    const deleted = await createCommentRow(post, owner);
    await deleteComment(await serviceContext(owner), deleted.id);
    expect((await (await guestClient()).post("/like/", { item_id: post.id, item_type: "post" })).status).toBe(401);
    const { client } = await memberClient();
    const bad: [unknown, string][] = [
      [{ item_id: post.id, item_type: "shout_of_doom" }, "item_type"],
      [{ item_id: String(post.id), item_type: "post" }, "item_id"],
      [{ item_id: 1.5, item_type: "post" }, "item_id"],
      [{ item_type: "post" }, "item_id"],
      [{ item_id: post.id, item_type: "post", is_negative: "yes" }, "is_negative"],
    ];
    for (const [body, field] of bad) {
      const res = await client.post("/like/", body);
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.[field]?.[0]).toMatch(RUSSIAN);
    }
    for (const body of [
      { item_id: 999_999_999, item_type: "post" },
      { item_id: draft.id, item_type: "post" },
      { item_id: deleted.id, item_type: "comment" },
      { item_id: 999_999_999, item_type: "comment" },
    ]) {
      const res = await client.post("/like/", body);
      expect(res.status).toBe(404);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM likes WHERE owner_id = ?", owner.id)).toBe(0);
  });

  it("shows pwnd and ownd in the comment tree and drops paws of a deleted comment", async () => {
    const post = await createPost(await createUser());
    const author = await createUser();
    const comment = await createCommentRow(post, author);
    await createCommentRow(post, author, { parent: comment });
    const fan = await createUser();
    await togglePaw(await serviceContext(fan), { item_id: comment.id, item_type: "comment", is_negative: false });
    await deleteComment(await serviceContext(author), comment.id);
    expect(await scalar("SELECT count(*) FROM likes WHERE item_type = 'comment' AND item_id = ?", comment.id)).toBe(0);
    expect(await commentScore(comment.id)).toBe(0);
  });
});

describe("GET /v1/like/{item_type}/{item_id}/", () => {
  it("is 403 while is_paw_view_enabled is off", async () => {
    await setFlags({ is_paw_view_enabled: false });
    const post = await createPost(await createUser());
    const res = await (await guestClient()).get(`/like/post/${post.id}/`);
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
  });

  it("lists who pawed, newest first, while the flag is on; 404 for unknown types and items", async () => {
    await setFlags({ is_paw_view_enabled: true, is_paw_down_enabled: true });
    const post = await createPost(await createUser());
    const first = await createUser();
    const second = await createUser();
    await togglePaw(await serviceContext(first, () => new Date(Date.now() - 5000)), {
      item_id: post.id,
      item_type: "post",
    });
    await togglePaw(await serviceContext(second), { item_id: post.id, item_type: "post", is_negative: true });
    const client = await guestClient();
    const page = await json<Page<{ user: { id: number }; is_negative: boolean }>>(
      await client.get(`/like/post/${post.id}/`),
    );
    expect(page.results.map((r) => [r.user.id, r.is_negative])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(page.next).toBeNull();
    for (const path of [
      `/like/shout_x/${post.id}/`,
      "/like/post/abc/",
      "/like/post/999999999/",
      "/like/comment/999999999/",
    ]) {
      expect((await client.get(path)).status).toBe(404);
    }
    const direct = await listPawsOf(await serviceContext(null), "post", String(post.id));
    expect(direct.results).toHaveLength(2);
  });
});

describe("GET /v1/like/ (paws received)", () => {
  it("lists paws on my posts and comments as Paw entries, newest first, paged", async () => {
    await setFlags({ is_paw_view_enabled: true, is_paw_down_enabled: true });
    const { client, user: me } = await memberClient();
    const post = await createPost(me, { title: "Моя статья" });
    const other = await createPost(await createUser(), { title: "Чужая статья" });
    const comment = await createCommentRow(other, me);
    const fan = await createUser();
    const t = Date.now();
    await togglePaw(await serviceContext(fan, () => new Date(t - 2000)), { item_id: post.id, item_type: "post" });
    await togglePaw(await serviceContext(fan, () => new Date(t - 1000)), {
      item_id: comment.id,
      item_type: "comment",
      is_negative: true,
    });
    const page = await json<Page<Record<string, unknown>>>(await client.get("/like/"));
    expect(page.results).toEqual([
      {
        user: expect.objectContaining({ id: fan.id }),
        is_negative: true,
        pre_title: "Комментарий к статье",
        title: "Чужая статья",
        title_url: `/posts/${other.slug}?comment=${comment.id}`,
        item_id: comment.id,
        item_type: "comment",
        datetime: new Date(t - 1000).toISOString(),
      },
      {
        user: expect.objectContaining({ id: fan.id }),
        is_negative: false,
        pre_title: "Статья",
        title: "Моя статья",
        title_url: `/posts/${post.slug}`,
        item_id: post.id,
        item_type: "post",
        datetime: new Date(t - 2000).toISOString(),
      },
    ]);
    expect(page).toMatchObject({ next: null, previous: null });

    await setFlags({ is_paw_view_enabled: false });
    const hidden = await json<Page<{ user: unknown }>>(await client.get("/like/"));
    expect(hidden.results.map((r) => r.user)).toEqual([null, null]);
  });

  it("pages by 20 and answers 401 to a guest, 400 to a bad page", async () => {
    const me = await createUser();
    const post = await createPost(me);
    const fans = await Promise.all(Array.from({ length: 21 }, () => createUser()));
    await Promise.all(
      fans.map(async (fan) => togglePaw(await serviceContext(fan), { item_id: post.id, item_type: "post" })),
    );
    const ctx = await serviceContext(me);
    const first = await listReceivedPaws(ctx, undefined);
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe("/?page=2");
    const second = await listReceivedPaws(ctx, "2");
    expect(second.results).toHaveLength(1);
    expect(second.previous).toBe("/");
    const client = await clientFor(me);
    expect((await client.get("/like/?page=x")).status).toBe(400);
    expect((await (await guestClient()).get("/like/")).status).toBe(401);
  });
});
