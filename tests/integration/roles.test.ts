import { describe, expect, it } from "vitest";
import { userIgnores } from "#drizzle/schema";
import {
  type ApiClient,
  adminClient,
  type ErrorBody,
  guestClient,
  json,
  memberClient,
  RUSSIAN,
} from "#tests/factories/client";
import { db, eventually, scalar } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { setSettings } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import { ROLE_MENTION_LIMIT } from "#workers/core/roles/role-mentions";
import type { RoleView } from "#workers/core/roles/roles";

type PageOf<T> = { results: T[] };

let seq = 0;
function roleName(prefix = "Роль") {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-4)}${seq}`;
}

async function createRole(admin: ApiClient, overrides: Record<string, unknown> = {}): Promise<RoleView> {
  const res = await admin.post("/role/", { name: roleName(), color: "#FF6600", ...overrides });
  expect(res.status).toBe(201);
  return json<RoleView>(res);
}

async function auditCount(action: string, targetId: number | string): Promise<number> {
  return scalar("SELECT count(*) FROM audit_log WHERE action = ? AND target_id = ?", action, String(targetId));
}

async function people() {
  const guest = await guestClient();
  const member = await memberClient();
  const mod = await memberClient({ isMod: true });
  const admin = await adminClient();
  return {
    guest,
    member: member.client,
    mod: mod.client,
    admin: admin.client,
    memberUser: member.user,
    adminUser: admin.user,
  };
}

describe("roles: who may do what", () => {
  it("every admin endpoint: guest 401, member and moderator 403, admin 2xx", async () => {
    const p = await people();
    const role = await createRole(p.admin);
    const calls: [string, (c: ApiClient) => Promise<Response>, number][] = [
      ["create", (c) => c.post("/role/", { name: roleName() }), 201],
      ["update", (c) => c.patch(`/role/${role.id}/`, { color: "#00aa00" }), 200],
      ["members", (c) => c.get("/role/members/?q=a"), 200],
      ["access", (c) => c.patch(`/role/members/${p.memberUser.id}/`, { role_ids: [role.id] }), 200],
    ];
    for (const [name, call, ok] of calls) {
      const guest = await call(p.guest);
      expect(guest.status, `${name} guest`).toBe(401);
      expect((await json<ErrorBody>(guest)).detail).toMatch(RUSSIAN);
      for (const [who, client] of [
        ["member", p.member],
        ["moderator", p.mod],
      ] as const) {
        const res = await call(client);
        expect(res.status, `${name} ${who}`).toBe(403);
        expect((await json<ErrorBody>(res)).detail).toBe("Роли настраивают только администраторы.");
      }
      expect((await call(p.admin)).status, `${name} admin`).toBe(ok);
    }
    for (const client of [p.member, p.mod]) expect((await client.delete(`/role/${role.id}/`)).status).toBe(403);
    expect((await p.guest.delete(`/role/${role.id}/`)).status).toBe(401);
    expect((await p.admin.delete(`/role/${role.id}/`)).status).toBe(200);
    // Everyone may list the roles.
    expect((await p.guest.get("/role/")).status).toBe(200);
  });

  it("bad input is a 400 in Russian; a name taken by a role or a member is a 409", async () => {
    const { admin } = await people();
    for (const body of [{ name: "с пробелом" }, { name: "x" }, { name: roleName(), color: "red" }, { name: 5 }]) {
      const res = await admin.post("/role/", body);
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    const role = await createRole(admin);
    const again = await admin.post("/role/", { name: role.name.toUpperCase() });
    expect(again.status).toBe(409);
    const user = await createUser();
    const clash = await admin.post("/role/", { name: user.username });
    expect(clash.status).toBe(409);
    expect((await json<ErrorBody>(clash)).detail).toContain("Так зовут участника");
    expect((await admin.patch("/role/999999/", { color: "#000000" })).status).toBe(404);
    // Two admins taking one name at once: one role, the other answer a 409 (never a 500).
    const name = roleName("Гонка");
    const both = await Promise.all([admin.post("/role/", { name }), admin.post("/role/", { name })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe("joining and leaving roles", () => {
  it("a member joins and leaves a joinable role; roles[] follows; a non-joinable one is refused", async () => {
    const { admin } = await people();
    const open = await createRole(admin, { is_joinable: true });
    const closed = await createRole(admin, { is_joinable: false });
    const { client, user } = await memberClient();
    const guest = await guestClient();
    expect((await guest.patch("/user/add-role/", { id: open.id })).status).toBe(401);

    const joined = await client.patch("/user/add-role/", { id: open.id });
    expect(joined.status).toBe(200);
    expect((await json<{ roles: string[] }>(joined)).roles).toEqual([open.name]);
    // Idempotent.
    expect((await client.patch("/user/add-role/", { id: open.id })).status).toBe(200);
    const me = await json<{ roles: string[] }>(await client.get("/user/me/"));
    expect(me.roles).toEqual([open.name]);
    const listed = (await json<PageOf<RoleView>>(await client.get("/role/"))).results.find((r) => r.id === open.id);
    expect(listed).toMatchObject({ is_member: true, members_count: 1 });

    const refused = await client.patch("/user/add-role/", { id: closed.id });
    expect(refused.status).toBe(403);
    expect((await json<ErrorBody>(refused)).detail).toContain("вступить самостоятельно нельзя");
    expect((await client.patch("/user/add-role/", { id: 999999 })).status).toBe(404);
    expect((await client.patch("/user/add-role/", { id: "x" })).status).toBe(400);
    expect((await client.patch("/user/add-role/", {})).status).toBe(400);

    // A granted role that is not joinable cannot be left by the member.
    expect((await admin.patch(`/role/members/${user.id}/`, { role_ids: [open.id, closed.id] })).status).toBe(200);
    expect((await client.patch("/user/remove-role/", { id: closed.id })).status).toBe(403);
    const left = await client.patch("/user/remove-role/", { id: open.id });
    expect(left.status).toBe(200);
    expect((await json<{ roles: string[] }>(left)).roles).toEqual([closed.name]);
    // Member joins write no audit entry (they are no moderation).
    expect(
      await scalar("SELECT count(*) FROM audit_log WHERE target_user_id = ? AND actor_id = ?", user.id, user.id),
    ).toBe(0);
  });

  it("renaming or deleting a role keeps users.roles in step", async () => {
    const { admin } = await people();
    const role = await createRole(admin, { is_joinable: true });
    const { client, user } = await memberClient();
    await client.patch("/user/add-role/", { id: role.id });
    const renamed = roleName("Новое");
    expect((await admin.patch(`/role/${role.id}/`, { name: renamed })).status).toBe(200);
    expect((await json<{ roles: string[] }>(await client.get("/user/me/"))).roles).toEqual([renamed]);
    expect((await admin.delete(`/role/${role.id}/`)).status).toBe(200);
    expect((await json<{ roles: string[] }>(await client.get("/user/me/"))).roles).toEqual([]);
    expect(await scalar("SELECT count(*) FROM user_roles WHERE user_id = ?", user.id)).toBe(0);
  });
});

describe("admin changes write the audit log", () => {
  it("role create, update, delete; grant and revoke of roles, is_mod and is_db_editor", async () => {
    const { admin, adminUser } = await people();
    const role = await createRole(admin);
    expect(await auditCount("role.create", role.id)).toBe(1);
    await admin.patch(`/role/${role.id}/`, { is_mentionable: true });
    expect(await auditCount("role.update", role.id)).toBe(1);
    // No change, no entry.
    await admin.patch(`/role/${role.id}/`, { is_mentionable: true });
    expect(await auditCount("role.update", role.id)).toBe(1);

    const target = await createUser();
    const granted = await admin.patch(`/role/members/${target.id}/`, {
      role_ids: [role.id],
      is_mod: true,
      is_db_editor: true,
    });
    expect(granted.status).toBe(200);
    expect(await json(granted)).toMatchObject({ is_mod: true, is_db_editor: true, roles: [{ id: role.id }] });
    for (const action of ["user.role_grant", "user.mod_grant", "user.db_editor_grant"]) {
      expect(
        await scalar(
          "SELECT count(*) FROM audit_log WHERE action = ? AND target_user_id = ? AND actor_id = ?",
          action,
          target.id,
          adminUser.id,
        ),
        action,
      ).toBe(1);
    }
    await admin.patch(`/role/members/${target.id}/`, { role_ids: [], is_mod: false, is_db_editor: false });
    for (const action of ["user.role_revoke", "user.mod_revoke", "user.db_editor_revoke"]) {
      expect(
        await scalar("SELECT count(*) FROM audit_log WHERE action = ? AND target_user_id = ?", action, target.id),
      ).toBe(1);
    }
    expect((await admin.patch(`/role/members/${target.id}/`, { role_ids: [999999] })).status).toBe(400);
    await admin.delete(`/role/${role.id}/`);
    expect(await auditCount("role.delete", role.id)).toBe(1);
  });
});

describe("@role mentions", { timeout: 30_000 }, () => {
  async function mentionSetup(options: { mentionable?: boolean } = {}) {
    const { admin } = await people();
    const role = await createRole(admin, { is_joinable: true, is_mentionable: options.mentionable ?? true });
    const author = await memberClient();
    const join = async (client: ApiClient) =>
      expect((await client.patch("/user/add-role/", { id: role.id })).status).toBe(200);
    const on = await memberClient();
    const off = await memberClient();
    const ignoring = await memberClient();
    const named = await memberClient();
    for (const m of [author, on, off, ignoring, named]) await join(m.client);
    await setSettings(off.user, { is_role_mention_enabled: false });
    await db().insert(userIgnores).values({ userId: ignoring.user.id, ignoredUserId: author.user.id });
    const post = await createPost(await createUser());
    return { role, author, on, off, ignoring, named, post };
  }

  const mentionsOf = (userId: number) =>
    scalar("SELECT count(*) FROM notifications WHERE user_id = ? AND type = 8", userId);
  /** Role mentions reach the members through the jobs queue (docs/decisions/0037): wait for the n-th. */
  const mentioned = (userId: number, n: number) => eventually(async () => (await mentionsOf(userId)) >= n, 10_000);

  it("tells the role's members once each (grouped with a personal mention), never the author, honouring ignores and the setting", async () => {
    const s = await mentionSetup();
    const res = await s.author.client.post("/comment/", {
      post_slug: s.post.slug,
      text: `@${s.role.name} и лично @${s.named.user.username}, кто идёт на стрим?`,
    });
    expect(res.status).toBe(201);
    await mentioned(s.on.user.id, 1);
    expect(await mentionsOf(s.on.user.id)).toBe(1);
    const pre = await scalar<string>("SELECT pre_title FROM notifications WHERE user_id = ?", s.on.user.id);
    expect(pre).toBe(`упомянул(а) роль @${s.role.name} в комментарии к статье`);
    expect(await mentionsOf(s.named.user.id)).toBe(1);
    expect(await mentionsOf(s.author.user.id)).toBe(0);
    expect(await mentionsOf(s.off.user.id)).toBe(0);
    expect(await mentionsOf(s.ignoring.user.id)).toBe(0);
  });

  it("in shouts, shout comments and posts too; a role that is not mentionable tells nobody", async () => {
    const s = await mentionSetup();
    const shoutForm = new FormData();
    shoutForm.set("text", `Вечером играем! @${s.role.name}`);
    const shout = await s.author.client.request("POST", "/shout/", { body: shoutForm });
    expect(shout.status).toBe(201);
    await mentioned(s.on.user.id, 1);
    expect(await mentionsOf(s.on.user.id)).toBe(1);
    const { id: shoutId } = await json<{ id: number }>(shout);
    expect(
      (await s.author.client.post("/shout-comment/", { shout_id: shoutId, text: `@${s.role.name} ау` })).status,
    ).toBe(201);
    await mentioned(s.on.user.id, 2);
    expect(await mentionsOf(s.on.user.id)).toBe(2);

    const draft = await createPost(s.author.user, {
      isPublished: false,
      publishedAt: null,
      title: "Сбор на рейд",
      body: {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: `Зовём @${s.role.name}` }] }],
      },
    });
    expect((await s.author.client.post(`/post/${draft.slug}/publish/`)).status).toBe(200);
    await mentioned(s.on.user.id, 3);
    expect(await mentionsOf(s.on.user.id)).toBe(3);
    expect(
      await scalar<string>(
        "SELECT pre_title FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1",
        s.on.user.id,
      ),
    ).toBe(`упомянул(а) роль @${s.role.name} в статье`);

    const quiet = await mentionSetup({ mentionable: false });
    await quiet.author.client.post("/comment/", { post_slug: quiet.post.slug, text: `@${quiet.role.name} эй` });
    expect(await mentionsOf(quiet.on.user.id)).toBe(0);
  });

  it(`is rate limited: after ${ROLE_MENTION_LIMIT.limit} items an hour, further role mentions tell nobody`, async () => {
    const s = await mentionSetup();
    for (let i = 0; i < ROLE_MENTION_LIMIT.limit + 1; i += 1) {
      const res = await s.author.client.post("/comment/", { post_slug: s.post.slug, text: `@${s.role.name} зов ${i}` });
      expect(res.status).toBe(201);
    }
    await mentioned(s.on.user.id, ROLE_MENTION_LIMIT.limit);
    expect(await mentionsOf(s.on.user.id)).toBe(ROLE_MENTION_LIMIT.limit);
  });
});

async function page(client: ApiClient, path: string) {
  const res = await client.request("GET", `${client.origin}${path}`);
  return { res, html: await res.text() };
}

const PAGE_TIMEOUT = { timeout: 30_000 };

describe("the roles pages without JavaScript", () => {
  it("a member joins and leaves on /roles; the profile shows the role", PAGE_TIMEOUT, async () => {
    const { admin } = await people();
    const role = await createRole(admin, { is_joinable: true });
    const { client, user } = await memberClient();
    expect((await page(client, "/roles")).html).toContain(`Вступить в «${role.name}»`);
    const joined = await client.form("/roles", { intent: "join", id: String(role.id) });
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain("Вы вступили в роль.");
    expect((await page(client, `/users/${user.id}`)).html).toContain(role.name);
    const left = await client.form("/roles", { intent: "leave", id: String(role.id) });
    expect(await left.text()).toContain("Вы вышли из роли.");
    expect(await scalar("SELECT count(*) FROM user_roles WHERE user_id = ?", user.id)).toBe(0);
  });

  it("admins create roles and set a member's rights on /admin/roles; others get 403", PAGE_TIMEOUT, async () => {
    const { admin, member } = await people();
    expect((await page(member, "/admin/roles")).res.status).toBe(403);
    const name = roleName("Стрим");
    const created = await admin.form("/admin/roles", { intent: "create", name, color: "#9146ff", is_joinable: "on" });
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(`Роль «${name}» создана.`);
    const roleId = await scalar<number>("SELECT id FROM roles WHERE name = ?", name);
    const bad = await admin.form("/admin/roles", { intent: "create", name: "с пробелом" });
    expect(bad.status).toBe(400);
    const target = await createUser();
    const saved = await admin.form("/admin/roles", {
      intent: "member",
      user: String(target.id),
      role: String(roleId),
      is_mod: "on",
    });
    expect(saved.status).toBe(200);
    expect(await scalar("SELECT is_mod FROM users WHERE id = ?", target.id)).toBe(1);
    expect(await scalar("SELECT count(*) FROM user_roles WHERE user_id = ? AND role_id = ?", target.id, roleId)).toBe(
      1,
    );
    const listed = await page(admin, `/admin/roles?q=${encodeURIComponent(target.username.slice(0, 8))}`);
    expect(listed.html).toContain(target.username);
  });
});
