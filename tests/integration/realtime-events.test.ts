import { describe, expect, it } from "vitest";
import { type ApiClient, json, memberClient } from "#tests/factories/client";
import { setFlags } from "#tests/factories/context";
import { createPost } from "#tests/factories/posts";
import { createShoutRow, setSettings } from "#tests/factories/shouts";
import { settle, socketsClosedAfterEach } from "#tests/factories/sockets";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";

/**
 * Every event the services emit reaches exactly its audience (all, one member's tabs, or the readers of one
 * post), carrying the `From` header of the request that caused it.
 */

const socket = socketsClosedAfterEach();

const from = (tab: string) => ({ headers: { From: tab } });

async function comment(client: ApiClient, slug: string, text: string, tab: string, respondTo?: number) {
  const res = await client.post(
    "/comment/",
    { post_slug: slug, text, respond_to_comment: respondTo ?? null },
    from(tab),
  );
  expect(res.status).toBe(201);
  return json<{ id: number }>(res);
}

describe("posts", () => {
  it("post_pinned and post_unpinned reach everyone", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { user: author } = await memberClient();
    const post = await createPost(author);
    const guest = await socket(undefined, { route: "/" });
    const { client: memberApi } = await memberClient();
    const member = await socket(memberApi, { route: `/posts/${post.slug}` });

    expect((await mod.patch(`/post/${post.slug}/pin/`, undefined, from("tab-pin"))).status).toBe(200);
    for (const s of [guest, member]) {
      const pinned = await s.event("post_pinned", (o) => o.id === post.id);
      expect(pinned.obj).toEqual({ id: post.id, slug: post.slug, is_pinned: true });
      expect(pinned.from).toBe("tab-pin");
    }
    await mod.patch(`/post/${post.slug}/pin/`, undefined, from("tab-unpin"));
    const unpinned = await guest.event("post_unpinned", (o) => o.id === post.id);
    expect(unpinned.obj.is_pinned).toBe(false);
    expect(unpinned.from).toBe("tab-unpin");
  });
});

describe("comments", () => {
  it("created, updated and deleted reach the readers of that post; created and deleted also the index (its counts)", async () => {
    const { user: author } = await memberClient();
    const { client: writer, user: writerUser } = await memberClient();
    const post = await createPost(author);
    const reader = await socket(undefined, { route: `/posts/${post.slug}` });
    const home = await socket(undefined, { route: "/" });
    const otherPost = await socket(undefined, { route: "/posts/another-one" });
    const tag = await socket(undefined, { route: "/tags/rpg" });

    const created = await comment(writer, post.slug, "Живой комментарий", "tab-c1");
    const event = await reader.event("comment_created", (o) => o.id === created.id);
    expect(event.from).toBe("tab-c1");
    expect(event.obj).toMatchObject({
      id: created.id,
      post_slug: post.slug,
      depth: 1,
      respond_to_comment: null,
      user: { id: writerUser.id, username: writerUser.username },
      text: "Живой комментарий",
      pwnd: 0,
      ownd: 0,
      is_deleted: false,
      children: [],
      can_edit: false,
      can_delete: false,
    });

    const reply = await comment(writer, post.slug, "Ответ", "tab-c2", created.id);
    await reader.event("comment_created", (o) => o.id === reply.id && o.respond_to_comment === created.id);

    await writer.patch(`/comment/${created.id}/`, { text: "Исправлено" }, from("tab-c3"));
    const updated = await reader.event("comment_updated", (o) => o.id === created.id);
    expect(updated.obj.text).toBe("Исправлено");
    expect(updated.from).toBe("tab-c3");

    // With a reply it stays as a placeholder; the reply itself goes entirely.
    await writer.delete(`/comment/${created.id}/`, from("tab-c4"));
    const placeholder = await reader.event("comment_deleted", (o) => o.id === created.id);
    expect(placeholder.obj).toEqual({ id: created.id, post_slug: post.slug, is_placeholder: true });
    expect(placeholder.from).toBe("tab-c4");
    await writer.delete(`/comment/${reply.id}/`);
    const gone = await reader.event("comment_deleted", (o) => o.id === reply.id);
    expect(gone.obj.is_placeholder).toBe(false);

    // The index counts: one up for each new comment, one down for each deletion.
    await home.event("comment_created", (o) => o.id === created.id);
    await home.event("comment_created", (o) => o.id === reply.id);
    await home.event("comment_deleted", (o) => o.id === created.id && o.is_placeholder === true);
    await home.event("comment_deleted", (o) => o.id === reply.id);
    await settle();
    expect(home.has("comment_updated", (o) => o.post_slug === post.slug)).toBe(false);
    for (const s of [otherPost, tag]) {
      expect(s.has("comment_created", (o) => o.post_slug === post.slug)).toBe(false);
      expect(s.has("comment_updated", (o) => o.post_slug === post.slug)).toBe(false);
      expect(s.has("comment_deleted", (o) => o.post_slug === post.slug)).toBe(false);
    }
  });
});

describe("shout comments", () => {
  async function shoutComment(client: ApiClient, shoutId: number, text: string) {
    const res = await client.post("/shout-comment/", { shout_id: shoutId, text, respond_to_comment: null });
    expect(res.status).toBe(201);
    return json<{ id: number }>(res);
  }

  it("created and deleted reach the shout's readers and the bonfire; updates only the readers", async () => {
    const { user: author } = await memberClient();
    const { client: writer } = await memberClient();
    const shout = await createShoutRow(author);
    const reader = await socket(undefined, { route: `/bonfire/${shout.id}` });
    const bonfire = await socket(undefined, { route: "/bonfire" });
    const home = await socket(undefined, { route: "/" });

    const created = await shoutComment(writer, shout.id, "У костра тепло");
    for (const s of [reader, bonfire]) await s.event("shout_comment_created", (o) => o.id === created.id);
    await writer.patch(`/shout-comment/${created.id}/`, { text: "У костра очень тепло" });
    await reader.event("shout_comment_updated", (o) => o.id === created.id);
    await writer.delete(`/shout-comment/${created.id}/`);
    for (const s of [reader, bonfire]) await s.event("shout_comment_deleted", (o) => o.id === created.id);

    await settle();
    expect(bonfire.has("shout_comment_updated", (o) => o.shout === shout.id)).toBe(false);
    expect(home.has("shout_comment_created", (o) => o.shout === shout.id)).toBe(false);
  });

  it("the bonfire does not hear of comments on shouts it does not show to everyone", async () => {
    const { user: hidden } = await memberClient();
    await setSettings(hidden, { is_shouts_public: false });
    const { user: loud } = await memberClient();
    const { client: writer } = await memberClient();
    const membersOnly = await createShoutRow(hidden);
    const muted = await createShoutRow(loud, { isMuted: true });
    const bonfire = await socket(undefined, { route: "/bonfire" });
    const { client: readerApi } = await memberClient();
    const reader = await socket(readerApi, { route: `/bonfire/${membersOnly.id}` });

    const onHidden = await shoutComment(writer, membersOnly.id, "Только для своих");
    await reader.event("shout_comment_created", (o) => o.id === onHidden.id);
    await shoutComment(writer, muted.id, "Под приглушённой запиской");
    await settle();
    expect(bonfire.has("shout_comment_created", (o) => o.shout === membersOnly.id || o.shout === muted.id)).toBe(false);
  });
});

describe("paws", () => {
  it("a post's paws reach everyone: like_created, then like_deleted when taken back", async () => {
    await setFlags({ is_paw_view_enabled: true });
    const { user: author } = await memberClient();
    const { client: fan, user: fanUser } = await memberClient();
    const post = await createPost(author);
    const guest = await socket(undefined, { route: "/" });

    await fan.post("/like/", { item_type: "post", item_id: post.id }, from("tab-p1"));
    const created = await guest.event("like_created", (o) => o.item_type === "post" && o.item_id === post.id);
    expect(created.obj).toEqual({
      item_type: "post",
      item_id: post.id,
      pwnd: 1,
      user_id: fanUser.id,
      ownd: 1,
      owner_id: author.id,
    });
    expect(created.from).toBe("tab-p1");

    await fan.post("/like/", { item_type: "post", item_id: post.id }, from("tab-p2"));
    const deleted = await guest.event("like_deleted", (o) => o.item_id === post.id);
    expect(deleted.obj).toMatchObject({ pwnd: 0, user_id: fanUser.id, ownd: 0 });
    expect(deleted.from).toBe("tab-p2");
  });

  it("a comment's paws reach the readers of its post only", async () => {
    await setFlags({ is_paw_view_enabled: true });
    const { user: author } = await memberClient();
    const { client: writer } = await memberClient();
    const { client: fan } = await memberClient();
    const post = await createPost(author);
    const created = await comment(writer, post.slug, "Оцените", "tab-x");
    const reader = await socket(undefined, { route: `/posts/${post.slug}` });
    const home = await socket(undefined, { route: "/" });
    await fan.post("/like/", { item_type: "comment", item_id: created.id }, from("tab-p3"));
    const event = await reader.event("like_created", (o) => o.item_type === "comment" && o.item_id === created.id);
    expect(event.obj.pwnd).toBe(1);
    expect(event.from).toBe("tab-p3");
    await settle();
    expect(home.has("like_created", (o) => o.item_type === "comment" && o.item_id === created.id)).toBe(false);
  });

  it("while the site hides who pawed, everyone gets the score and only the member's tabs learn their paw", async () => {
    await setFlags({ is_paw_view_enabled: false });
    const { user: author } = await memberClient();
    const { client: fan, user: fanUser } = await memberClient();
    const post = await createPost(author);
    const guest = await socket(undefined, { route: "/" });
    const fanTab = await socket(fan, { route: "/" });
    await fan.post("/like/", { item_type: "post", item_id: post.id }, from("tab-p4"));
    const anonymous = await guest.event("like_created", (o) => o.item_id === post.id);
    expect(anonymous.obj).toMatchObject({ pwnd: 1, user_id: 0, ownd: 0 });
    const own = await fanTab.event("like_created", (o) => o.item_id === post.id && o.user_id === fanUser.id);
    expect(own.obj.ownd).toBe(1);
    await settle();
    expect(guest.has("like_created", (o) => o.user_id === fanUser.id)).toBe(false);
  });
});

describe("notifications", () => {
  it("notification_created reaches both tabs of the recipient, nobody else", async () => {
    const { client: authorApi, user: author } = await memberClient();
    const { client: writer, user: writerUser } = await memberClient();
    const { client: otherApi } = await memberClient();
    const post = await createPost(author);
    const tab1 = await socket(authorApi, { route: "/" });
    const tab2 = await socket(authorApi, { route: `/posts/${post.slug}` });
    const other = await socket(otherApi, { route: "/" });
    const guest = await socket(undefined, { route: "/" });

    const created = await comment(writer, post.slug, "Вам уведомление", "tab-n1");
    for (const tab of [tab1, tab2]) {
      const event = await tab.event("notification_created", (o) => o.message_url.endsWith(`comment=${created.id}`));
      expect(event.from).toBe("tab-n1");
      expect(event.obj).toMatchObject({
        type: STREAM_TYPE.comment,
        user: { id: writerUser.id },
        pre_title: "прокомментировал(а) вашу статью",
        notification: event.obj.id,
        unread: 1,
      });
    }
    await settle();
    expect(other.has("notification_created")).toBe(false);
    expect(guest.has("notification_created")).toBe(false);
  });

  it("viewed, viewed-all and deleted reach the member's tabs with the unread count", async () => {
    const { client: authorApi, user: author } = await memberClient();
    const { client: writer } = await memberClient();
    const { client: otherApi } = await memberClient();
    const post = await createPost(author);
    const tab1 = await socket(authorApi, { route: "/" });
    const tab2 = await socket(authorApi, { route: "/" });
    const other = await socket(otherApi, { route: "/" });

    const first = await comment(writer, post.slug, "Первый", "w");
    const second = await comment(writer, post.slug, "Второй", "w");
    const third = await comment(writer, post.slug, "Третий", "w");
    const n3 = await tab1.event("notification_created", (o) => o.message_url.endsWith(`comment=${third.id}`));
    expect(n3.obj.unread).toBe(3);

    await authorApi.patch(`/notification/${n3.obj.id}/view/`, undefined, from("tab-v"));
    for (const tab of [tab1, tab2]) {
      const viewed = await tab.event("notification_viewed", (o) => o.id === n3.obj.id);
      expect(viewed.obj).toEqual({ id: n3.obj.id, unread: 2 });
      expect(viewed.from).toBe("tab-v");
    }

    await writer.delete(`/comment/${first.id}/`, from("tab-d"));
    const deleted = await tab2.event("notification_deleted", (o) => o.unread === 1);
    expect(deleted.from).toBe("tab-d");

    await authorApi.patch("/notification/view-all/", undefined, from("tab-all"));
    for (const tab of [tab1, tab2]) {
      const all = await tab.event("notification_viewed_all");
      expect(all.obj).toEqual({ unread: 0 });
      expect(all.from).toBe("tab-all");
    }
    expect(second.id).toBeGreaterThan(first.id);
    await settle();
    expect(other.has("notification_viewed")).toBe(false);
    expect(other.has("notification_deleted")).toBe(false);
    expect(other.has("notification_viewed_all")).toBe(false);
  });
});

describe("activity", () => {
  it("activity_created and activity_deleted reach everyone", async () => {
    const { user: author } = await memberClient();
    const { client: writer } = await memberClient();
    const post = await createPost(author);
    const guest = await socket(undefined, { route: "/bonfire" });
    const created = await comment(writer, post.slug, "В ленту", "tab-a1");
    const event = await guest.event("activity_created", (o) => o.message_url.endsWith(`comment=${created.id}`));
    expect(event.from).toBe("tab-a1");
    expect(event.obj).toMatchObject({ type: STREAM_TYPE.comment, message: "В ленту", notification: null });
    await writer.delete(`/comment/${created.id}/`, from("tab-a2"));
    const deleted = await guest.event("activity_deleted", (o) => o.id === event.obj.id);
    expect(deleted.from).toBe("tab-a2");
  });
});

describe("settings", () => {
  it("settings_updated reaches the member's own tabs only", async () => {
    const { client, user } = await memberClient();
    const { client: otherApi } = await memberClient();
    const tab = await socket(client, { route: "/" });
    const other = await socket(otherApi, { route: "/" });
    const guest = await socket(undefined, { route: "/" });
    await client.patch("/user/me/", { settings: { is_notifications_pinned: true } }, from("tab-s"));
    const event = await tab.event("settings_updated");
    expect(event.from).toBe("tab-s");
    expect(event.obj.settings).toMatchObject({ is_notifications_pinned: true, is_notifications_enabled: true });
    // The same settings again change nothing: no event.
    await client.patch("/user/me/", { settings: { is_notifications_pinned: true } }, from("tab-s2"));
    await settle();
    expect(tab.all("settings_updated").filter((m) => m.from === "tab-s2")).toHaveLength(0);
    expect(other.has("settings_updated")).toBe(false);
    expect(guest.has("settings_updated")).toBe(false);
    expect(user.id).toBeGreaterThan(0);
  });
});
