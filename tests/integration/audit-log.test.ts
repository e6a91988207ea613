import { describe, expect, it } from "vitest";
import { adminClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { scalar } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createShoutCommentRow, createShoutRow } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import type { AuditItem } from "#workers/core/audit/audit.read";
import { AUDIT_LABELS } from "#workers/core/audit/audit.labels";

type AuditPage = { results: AuditItem[]; next: string | null; previous: string | null };

async function entries(action: string, actorId: number, targetUserId?: number): Promise<number> {
  return targetUserId === undefined
    ? scalar("SELECT count(*) FROM audit_log WHERE action = ? AND actor_id = ?", action, actorId)
    : scalar(
        "SELECT count(*) FROM audit_log WHERE action = ? AND actor_id = ? AND target_user_id = ?",
        action,
        actorId,
        targetUserId,
      );
}

describe("moderator actions write the audit log", () => {
  it("post pin and unpin; a moderator's edit, unpublish and deletion of someone else's post; not the author's own", async () => {
    const author = await memberClient();
    const { client: mod, user: modUser } = await memberClient({ isMod: true });
    const post = await createPost(author.user);
    expect((await mod.patch(`/post/${post.slug}/pin/`)).status).toBe(200);
    expect((await mod.patch(`/post/${post.slug}/pin/`)).status).toBe(200);
    expect(await entries("post.pin", modUser.id, author.user.id)).toBe(1);
    expect(await entries("post.unpin", modUser.id, author.user.id)).toBe(1);
    expect((await mod.patch(`/post/${post.slug}/`, { headline: "Поправлено модератором" })).status).toBe(200);
    expect(await entries("post.edit", modUser.id, author.user.id)).toBe(1);
    expect((await mod.post(`/post/${post.slug}/unpublish/`)).status).toBe(200);
    expect(await entries("post.unpublish", modUser.id, author.user.id)).toBe(1);

    const other = await createPost(author.user);
    expect((await mod.delete(`/post/${other.slug}/`)).status).toBe(204);
    expect(await entries("post.delete", modUser.id, author.user.id)).toBe(1);
    // The author's own deletion is no moderation.
    const own = await createPost(author.user);
    expect((await author.client.delete(`/post/${own.slug}/`)).status).toBe(204);
    expect(await scalar("SELECT count(*) FROM audit_log WHERE actor_id = ?", author.user.id)).toBe(0);
  });

  it("shout pin, mute, freeze (both ways); a moderator's edit and deletion of someone else's shout", async () => {
    const author = await createUser();
    const { client: mod, user: modUser } = await memberClient({ isMod: true });
    const shout = await createShoutRow(author, { text: "Записка для модерации" });
    for (const what of ["pin", "mute", "freeze"]) {
      expect((await mod.patch(`/shout/${shout.id}/${what}/`)).status, what).toBe(200);
      expect((await mod.patch(`/shout/${shout.id}/${what}/`)).status, what).toBe(200);
      expect(await entries(`shout.${what}`, modUser.id, author.id), what).toBe(1);
      expect(await entries(`shout.un${what}`, modUser.id, author.id), what).toBe(1);
    }
    expect((await mod.patch(`/shout/${shout.id}/`, { text: "Исправлено модератором" })).status).toBe(200);
    expect(await entries("shout.edit", modUser.id, author.id)).toBe(1);
    expect((await mod.delete(`/shout/${shout.id}/`)).status).toBe(200);
    expect(await entries("shout.delete", modUser.id, author.id)).toBe(1);
  });

  it("a moderator's edit and deletion of comments and shout comments of others; none for the author's own", async () => {
    const author = await memberClient();
    const { client: mod, user: modUser } = await memberClient({ isMod: true });
    const post = await createPost(await createUser());
    const comment = await createCommentRow(post, author.user);
    expect((await mod.patch(`/comment/${comment.id}/`, { text: "Правка модератора" })).status).toBe(200);
    expect(await entries("comment.edit", modUser.id, author.user.id)).toBe(1);
    expect((await mod.delete(`/comment/${comment.id}/`)).status).toBe(200);
    expect(await entries("comment.delete", modUser.id, author.user.id)).toBe(1);

    const shout = await createShoutRow(await createUser());
    const shoutComment = await createShoutCommentRow(shout, author.user);
    expect((await mod.patch(`/shout-comment/${shoutComment.id}/`, { text: "Правка модератора" })).status).toBe(200);
    expect(await entries("shout_comment.edit", modUser.id, author.user.id)).toBe(1);
    expect((await mod.delete(`/shout-comment/${shoutComment.id}/`)).status).toBe(200);
    expect(await entries("shout_comment.delete", modUser.id, author.user.id)).toBe(1);

    const own = await createCommentRow(post, author.user);
    expect((await author.client.delete(`/comment/${own.id}/`)).status).toBe(200);
    expect(await scalar("SELECT count(*) FROM audit_log WHERE actor_id = ?", author.user.id)).toBe(0);
  });

  it("config changes: flags and the menu", async () => {
    const { client: admin, user } = await adminClient();
    const config = await json<{ is_paw_down_enabled: boolean; menu_items: unknown[] }>(await admin.get("/config/"));
    expect((await admin.patch("/config/", { is_paw_down_enabled: !config.is_paw_down_enabled })).status).toBe(200);
    expect(await entries("config.update", user.id)).toBe(1);
    const meta = await scalar<string>(
      "SELECT meta FROM audit_log WHERE action = 'config.update' AND actor_id = ?",
      user.id,
    );
    expect(JSON.parse(meta).changes.is_paw_down_enabled).toEqual([
      config.is_paw_down_enabled,
      !config.is_paw_down_enabled,
    ]);
    await admin.patch("/config/", { is_paw_down_enabled: config.is_paw_down_enabled });
    expect((await admin.put("/config/menu/", { menu_items: config.menu_items })).status).toBe(200);
    expect(await entries("config.menu", user.id)).toBe(1);
  });
});

describe("reading the audit log", () => {
  it("guest 401, member 403, moderator and admin 200", async () => {
    expect((await (await guestClient()).get("/audit/")).status).toBe(401);
    const member = await (await memberClient()).client.get("/audit/");
    expect(member.status).toBe(403);
    expect((await json<ErrorBody>(member)).detail).toMatch(RUSSIAN);
    expect((await (await memberClient({ isMod: true })).client.get("/audit/")).status).toBe(200);
    expect((await (await adminClient()).client.get("/audit/")).status).toBe(200);
  });

  it("newest first, with Russian labels, filtered by actor, member concerned and action", async () => {
    const { client: mod, user: modUser } = await memberClient({ isMod: true });
    const author = await createUser();
    const first = await createShoutRow(author);
    const second = await createShoutRow(author);
    await mod.patch(`/shout/${first.id}/pin/`);
    await mod.patch(`/shout/${second.id}/freeze/`);
    const byActor = await json<AuditPage>(await mod.get(`/audit/?actor=${modUser.username}`));
    expect(byActor.results.map((e) => e.action)).toEqual(["shout.freeze", "shout.pin"]);
    expect(byActor.results[0]).toMatchObject({
      label: AUDIT_LABELS["shout.freeze"],
      actor: { id: modUser.id, username: modUser.username },
      target_user: { id: author.id },
      target_url: `/bonfire/${second.id}`,
    });
    const byTarget = await json<AuditPage>(await mod.get(`/audit/?target=${author.id}&action=shout.pin`));
    expect(byTarget.results.map((e) => e.target_id)).toEqual([String(first.id)]);
    const unknown = await mod.get("/audit/?actor=никто_такой_нет");
    expect(unknown.status).toBe(400);
    expect((await json<ErrorBody>(unknown)).errors?.actor?.[0]).toMatch(RUSSIAN);
    expect((await mod.get("/audit/?action=DROP TABLE")).status).toBe(400);
    expect((await mod.get("/audit/?page=0")).status).toBe(400);
  });
});
