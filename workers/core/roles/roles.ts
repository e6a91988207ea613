import { and, asc, count, eq, inArray, like, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type RoleRow, roles, type UserRow, userRoles, users } from "#drizzle/schema";
import { auditInsert } from "#workers/core/audit/audit";
import { auditInsertFor } from "#workers/core/audit/audit.content";
import { parsePathId } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { requireActor, requireWriter } from "#workers/core/shared/actor";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { refreshRolesCopy } from "./roles.cache";
import { can } from "./roles.policy";
import { ZMemberAccess, ZMemberSearch, ZRoleCreate, ZRoleRef, ZRoleUpdate } from "./roles.schemas";

/** Roles: admins define them and grant them; members join and leave the joinable ones. */

const NOT_FOUND = "Роль не найдена.";
const ADMINS_ONLY = "Роли настраивают только администраторы.";
const SIGN_IN = "Войдите на сайт, чтобы вступать в роли.";

export interface RoleView {
  id: number;
  name: string;
  color: string;
  is_joinable: boolean;
  is_mentionable: boolean;
  members_count: number;
  /** Whether the current member holds it (false for guests). */
  is_member: boolean;
}

/** A role as shown beside a member (profiles, the admin's member list). */
export interface RoleBadge {
  id: number;
  name: string;
  color: string;
}

export function roleBadge(row: Pick<RoleRow, "id" | "name" | "color">): RoleBadge {
  return { id: row.id, name: row.name, color: row.color };
}

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** GET /v1/role/: every role, by name, with its member count and whether the current member holds it. */
export async function listRoles(ctx: RequestContext): Promise<RoleView[]> {
  const actorId = ctx.actor?.id ?? 0;
  const rows = await ctx.db
    .select({
      role: roles,
      members: sql<number>`(SELECT count(*) FROM user_roles ur WHERE ur.role_id = ${roles.id})`,
      mine: sql<number>`EXISTS (SELECT 1 FROM user_roles ur WHERE ur.role_id = ${roles.id} AND ur.user_id = ${actorId})`,
    })
    .from(roles)
    .orderBy(asc(roles.nameKey));
  return rows.map((r) => ({
    ...roleBadge(r.role),
    is_joinable: r.role.isJoinable,
    is_mentionable: r.role.isMentionable,
    members_count: Number(r.members),
    is_member: !!r.mine,
  }));
}

/** The roles of members, by member id (profiles show them as coloured badges). */
export async function memberRoles(ctx: RequestContext, userIds: number[]): Promise<Map<number, RoleBadge[]>> {
  if (!userIds.length) return new Map();
  return rolesByMember(await memberRolesQuery(ctx, userIds));
}

/** The query of `memberRoles`, for a page that reads it in one batch with others (`rolesByMember` reads its rows). */
export function memberRolesQuery(ctx: RequestContext, userIds: number[]) {
  return ctx.db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, color: roles.color })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.nameKey));
}

export function rolesByMember(
  rows: { userId: number; id: number; name: string; color: string }[],
): Map<number, RoleBadge[]> {
  const out = new Map<number, RoleBadge[]>();
  for (const row of rows) {
    const list = out.get(row.userId) ?? [];
    list.push(roleBadge(row));
    out.set(row.userId, list);
  }
  return out;
}

/** An admin acting (a sanctioned admin may read the lists but change nothing: `write`). */
function requireAdmin(ctx: RequestContext, write = true): UserRow {
  const actor = write ? requireWriter(ctx) : requireActor(ctx);
  if (!can(actor, "manage")) throw new AppError("forbidden", ADMINS_ONLY);
  return actor;
}

async function findRole(ctx: RequestContext, id: unknown): Promise<RoleRow> {
  const roleId = parsePathId(id, NOT_FOUND);
  const role = await ctx.db.query.roles.findFirst({ where: eq(roles.id, roleId) });
  if (!role) throw new AppError("not_found", NOT_FOUND);
  return role;
}

/** A role's name must be free among roles and members' names alike: "@name" has to mean one thing. */
async function checkNameFree(ctx: RequestContext, name: string, exceptRoleId?: number): Promise<string> {
  const key = normaliseKey(name);
  const [role, member] = await ctx.db.batch([
    ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.nameKey, key)).limit(1),
    ctx.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, key)).limit(1),
  ]);
  if (role[0] && role[0].id !== exceptRoleId)
    throw new AppError("conflict", "Роль с таким названием уже есть.", {
      errors: { name: ["Роль с таким названием уже есть."] },
    });
  if (member[0]) {
    const message = "Так зовут участника: упоминание @ было бы неоднозначным. Выберите другое название.";
    throw new AppError("conflict", message, { errors: { name: [message] } });
  }
  return key;
}

/** Two admins taking one name at once: the unique index keeps one, the other gets the 409 of checkNameFree. */
async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!String(error).includes("UNIQUE")) throw error;
    const message = "Роль с таким названием уже есть.";
    throw new AppError("conflict", message, { errors: { name: [message] } });
  }
}

async function roleView(ctx: RequestContext, id: number): Promise<RoleView> {
  const found = (await listRoles(ctx)).find((r) => r.id === id);
  if (!found) throw new AppError("not_found", NOT_FOUND);
  return found;
}

/** POST /v1/role/: admins define a role. */
export async function createRole(ctx: RequestContext, input: unknown): Promise<RoleView> {
  const actor = requireAdmin(ctx);
  const data = parseInput(ZRoleCreate, input ?? {});
  const nameKey = await checkNameFree(ctx, data.name);
  const now = ctx.now();
  const [inserted] = await uniqueName(
    ctx.db.batch([
      ctx.db
        .insert(roles)
        .values({
          name: data.name,
          nameKey,
          color: data.color,
          isJoinable: data.is_joinable,
          isMentionable: data.is_mentionable,
          createdAt: now,
        })
        .returning({ id: roles.id }),
      auditInsertFor(
        ctx.db,
        {
          actorId: actor.id,
          action: "role.create",
          targetType: "role",
          meta: {
            name: data.name,
            color: data.color,
            is_joinable: data.is_joinable,
            is_mentionable: data.is_mentionable,
          },
          at: now,
        },
        sql`(SELECT CAST(id AS TEXT) FROM roles WHERE name_key = ${nameKey})`,
      ),
    ]),
  );
  return roleView(ctx, inserted[0].id);
}

/** PATCH /v1/role/{id}/: admins rename a role or change its colour and flags. */
export async function updateRole(ctx: RequestContext, id: unknown, input: unknown): Promise<RoleView> {
  const actor = requireAdmin(ctx);
  const role = await findRole(ctx, id);
  const data = parseInput(ZRoleUpdate, input ?? {});
  const patch: Partial<typeof roles.$inferInsert> = {};
  const changes: Record<string, unknown> = {};
  if (data.name !== undefined && data.name !== role.name) {
    patch.nameKey = await checkNameFree(ctx, data.name, role.id);
    patch.name = data.name;
    changes.name = [role.name, data.name];
  }
  if (data.color !== undefined && data.color !== role.color) {
    patch.color = data.color;
    changes.color = [role.color, data.color];
  }
  if (data.is_joinable !== undefined && data.is_joinable !== role.isJoinable) {
    patch.isJoinable = data.is_joinable;
    changes.is_joinable = [role.isJoinable, data.is_joinable];
  }
  if (data.is_mentionable !== undefined && data.is_mentionable !== role.isMentionable) {
    patch.isMentionable = data.is_mentionable;
    changes.is_mentionable = [role.isMentionable, data.is_mentionable];
  }
  if (Object.keys(patch).length) {
    const statements: BatchItem<"sqlite">[] = [ctx.db.update(roles).set(patch).where(eq(roles.id, role.id))];
    if (patch.name) statements.push(refreshRolesCopy(ctx.db, { roleId: role.id }));
    statements.push(
      auditInsert(ctx.db, {
        actorId: actor.id,
        action: "role.update",
        targetType: "role",
        targetId: role.id,
        meta: { name: data.name ?? role.name, changes },
        at: ctx.now(),
      }),
    );
    await uniqueName(ctx.db.batch(statements as Batch));
  }
  return roleView(ctx, role.id);
}

/** DELETE /v1/role/{id}/: admins remove a role; its members lose it. */
export async function deleteRole(ctx: RequestContext, id: unknown): Promise<{ id: number; deleted: true }> {
  const actor = requireAdmin(ctx);
  const role = await findRole(ctx, id);
  const [[members]] = await ctx.db.batch([
    ctx.db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, role.id)),
  ]);
  await ctx.db.batch([
    refreshRolesCopy(ctx.db, { roleId: role.id }, role.id),
    ctx.db.delete(userRoles).where(eq(userRoles.roleId, role.id)),
    ctx.db.delete(roles).where(eq(roles.id, role.id)),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "role.delete",
      targetType: "role",
      targetId: role.id,
      meta: { name: role.name, members_count: members?.n ?? 0 },
      at: ctx.now(),
    }),
  ]);
  return { id: role.id, deleted: true };
}

async function reloadActor(ctx: RequestContext, id: number): Promise<UserRow> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!user) throw new AppError("not_found", "Пользователь не найден.");
  return user;
}

/** PATCH /v1/user/add-role/ {id}: a member joins a joinable role (idempotent). Returns the member. */
export async function joinRole(ctx: RequestContext, input: unknown): Promise<UserRow> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { id } = parseInput(ZRoleRef, input ?? {});
  const role = await findRole(ctx, id);
  if (!can(actor, "join", role))
    throw new AppError("forbidden", `В роль «${role.name}» вступить самостоятельно нельзя.`);
  await ctx.db.batch([
    ctx.db.insert(userRoles).values({ userId: actor.id, roleId: role.id, createdAt: ctx.now() }).onConflictDoNothing(),
    refreshRolesCopy(ctx.db, { userId: actor.id }),
  ]);
  return reloadActor(ctx, actor.id);
}

/** PATCH /v1/user/remove-role/ {id}: a member leaves a joinable role (idempotent). Returns the member. */
export async function leaveRole(ctx: RequestContext, input: unknown): Promise<UserRow> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { id } = parseInput(ZRoleRef, input ?? {});
  const role = await findRole(ctx, id);
  if (!can(actor, "leave", role))
    throw new AppError("forbidden", `Из роли «${role.name}» выводят только администраторы.`);
  await ctx.db.batch([
    ctx.db.delete(userRoles).where(and(eq(userRoles.userId, actor.id), eq(userRoles.roleId, role.id))),
    refreshRolesCopy(ctx.db, { userId: actor.id }),
  ]);
  return reloadActor(ctx, actor.id);
}

/** A member as the roles admin page lists them. */
export interface MemberAccess {
  id: number;
  username: string;
  is_admin: boolean;
  is_mod: boolean;
  is_db_editor: boolean;
  roles: RoleBadge[];
}

async function memberAccess(ctx: RequestContext, rows: UserRow[]): Promise<MemberAccess[]> {
  const held = await memberRoles(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    is_admin: u.isAdmin,
    is_mod: u.isMod,
    is_db_editor: u.isDbEditor,
    roles: held.get(u.id) ?? [],
  }));
}

/**
 * Admins find members by the start of their name (or, with no query, the site's staff: moderators, editors,
 * admins and members holding any role), at most 30.
 */
export async function searchMembers(ctx: RequestContext, input: unknown): Promise<MemberAccess[]> {
  requireAdmin(ctx, false);
  const { q } = parseInput(ZMemberSearch, input ?? {});
  const key = normaliseKey(q.replace(/^@/, ""));
  const where = key
    ? like(users.usernameKey, `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : sql`(${users.isMod} OR ${users.isDbEditor} OR ${users.isAdmin} OR EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = ${users.id}))`;
  const rows = await ctx.db
    .select()
    .from(users)
    .where(key ? sql`${where} ESCAPE '\\'` : where)
    .orderBy(asc(users.usernameKey))
    .limit(30);
  return memberAccess(ctx, rows);
}

/**
 * PATCH /v1/role/member/{user_id}/: admins set a member's roles (the whole list) and the flags is_mod and
 * is_db_editor; one audit entry per change, all in one batch.
 */
export async function setMemberAccess(ctx: RequestContext, userId: unknown, input: unknown): Promise<MemberAccess> {
  const actor = requireAdmin(ctx);
  const id = parsePathId(userId, "Пользователь не найден.");
  const data = parseInput(ZMemberAccess, input ?? {});
  const target = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!target) throw new AppError("not_found", "Пользователь не найден.");
  const now = ctx.now();
  const entry = (action: string, meta: Record<string, unknown> = {}, targetType = "user", targetId: number = id) =>
    auditInsert(ctx.db, { actorId: actor.id, action, targetType, targetId, targetUserId: id, meta, at: now });
  const statements: BatchItem<"sqlite">[] = [];

  if (data.role_ids) {
    const wanted = new Set(data.role_ids);
    const [all, heldRows] = await ctx.db.batch([
      ctx.db.select().from(roles),
      ctx.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id)),
    ]);
    const byId = new Map(all.map((r) => [r.id, r]));
    const unknown = [...wanted].filter((r) => !byId.has(r));
    if (unknown.length) throw AppError.field("role_ids", "Такой роли нет.");
    const held = new Set(heldRows.map((r) => r.roleId));
    for (const roleId of wanted) {
      if (held.has(roleId)) continue;
      statements.push(
        ctx.db
          .insert(userRoles)
          .values({ userId: id, roleId, grantedBy: actor.id, createdAt: now })
          .onConflictDoNothing(),
        entry("user.role_grant", { role: byId.get(roleId)?.name }, "user", id),
      );
    }
    for (const roleId of held) {
      if (wanted.has(roleId)) continue;
      statements.push(
        ctx.db.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.roleId, roleId))),
        entry("user.role_revoke", { role: byId.get(roleId)?.name }),
      );
    }
    if (statements.length) statements.push(refreshRolesCopy(ctx.db, { userId: id }));
  }
  const flags: Partial<typeof users.$inferInsert> = {};
  if (data.is_mod !== undefined && data.is_mod !== target.isMod) {
    flags.isMod = data.is_mod;
    statements.push(entry(data.is_mod ? "user.mod_grant" : "user.mod_revoke"));
  }
  if (data.is_db_editor !== undefined && data.is_db_editor !== target.isDbEditor) {
    flags.isDbEditor = data.is_db_editor;
    statements.push(entry(data.is_db_editor ? "user.db_editor_grant" : "user.db_editor_revoke"));
  }
  if (Object.keys(flags).length) statements.unshift(ctx.db.update(users).set(flags).where(eq(users.id, id)));
  if (statements.length) await ctx.db.batch(statements as Batch);
  const [fresh] = await memberAccess(ctx, [await reloadActor(ctx, id)]);
  return fresh;
}
