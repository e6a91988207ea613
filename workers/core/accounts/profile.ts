import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import { invitations, type UserRow, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { ignoringOf, ignoringQuery } from "#workers/core/notifications/ignores";
import { memberRolesQuery, type RoleBadge, rolesByMember } from "#workers/core/roles/roles";
import { requireActor, requireWriter } from "#workers/core/shared/actor";
import { AVATAR_SIZES, BACKGROUND_WIDTH } from "#workers/core/shared/media";
import { parseInput } from "#workers/core/shared/validation";
import { onShoutSettingsChanged } from "#workers/core/shouts/shout-visibility";
import {
  type PublicSocialAccount,
  publicSocialAccountsOf,
  socialAccountsQuery,
} from "#workers/core/social/social-accounts";
import { onTwitchSettingChanged } from "#workers/core/social/twitch";
import type { RequestContext } from "#workers/platform/context";
import { randomToken } from "#workers/platform/crypto";
import { putAll, readUpload, squareVariants, widthVariants } from "#workers/platform/images";
import { hit } from "#workers/platform/rate-limit";
import { publish } from "#workers/realtime/publish";
import { can } from "./accounts.policy";
import {
  INVITATION_QUOTA,
  SETTING_KEYS,
  withSettingDefaults,
  ZInvitationCreate,
  ZProfileUpdate,
  ZRename,
} from "./accounts.schemas";
import { renameRules } from "./rate-limits";
import { USERNAME_TAKEN, usernameConflict, usernameKeys } from "./usernames";

export async function getUserById(ctx: RequestContext, id: string | number): Promise<UserRow> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, profileId(id)) });
  if (!user) throw new AppError("not_found", USER_NOT_FOUND);
  return user;
}

const USER_NOT_FOUND = "Пользователь не найден.";

function profileId(id: string | number): number {
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new AppError("not_found", USER_NOT_FOUND);
  return userId;
}

export interface ProfileHeader {
  user: UserRow;
  roles: RoleBadge[];
  socialAccounts: PublicSocialAccount[];
  /** Whether the member looking ignores this one (null for a guest or on their own profile). */
  ignore: { until: string | null } | null;
}

/**
 * What a profile's header shows — the member, their roles and gaming accounts, and whether the viewer ignores them —
 * in one read batch (coalesced with the tab's and the root loader's reads: one D1 round trip for all of them).
 */
export async function profileHeader(ctx: RequestContext, id: string | number): Promise<ProfileHeader> {
  const userId = profileId(id);
  const viewer = ctx.actor && ctx.actor.id !== userId ? ctx.actor.id : null;
  const userQuery = ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [[user], roleRows, socialRows, ignoreRows] =
    viewer === null
      ? [...(await ctx.read([userQuery, memberRolesQuery(ctx, [userId]), socialAccountsQuery(ctx, userId)])), []]
      : await ctx.read([
          userQuery,
          memberRolesQuery(ctx, [userId]),
          socialAccountsQuery(ctx, userId),
          ignoringQuery(ctx, viewer, userId),
        ]);
  if (!user) throw new AppError("not_found", USER_NOT_FOUND);
  return {
    user,
    roles: rolesByMember(roleRows).get(userId) ?? [],
    socialAccounts: publicSocialAccountsOf(socialRows),
    ignore: viewer === null ? null : ignoringOf(ignoreRows),
  };
}

/** Theme and settings flags of the current member. */
export async function updateProfile(ctx: RequestContext, input: unknown): Promise<UserRow> {
  const actor = requireActor(ctx);
  if (!can(actor, "update-profile", actor)) throw new AppError("forbidden");
  const data = parseInput(ZProfileUpdate, input);
  const patch: Partial<typeof users.$inferInsert> = {};
  if (data.theme) patch.theme = data.theme;
  if (data.settings) {
    const merged: Record<string, boolean> = { ...withSettingDefaults(actor.settings) };
    for (const [key, value] of Object.entries(data.settings)) if (typeof value === "boolean") merged[key] = value;
    patch.settings = merged;
  }
  if (!Object.keys(patch).length) return actor;
  const [row] = await ctx.db.update(users).set(patch).where(eq(users.id, actor.id)).returning();
  // The member's other tabs follow (e.g. notifications switched off, the sidebar pinned).
  const before = withSettingDefaults(actor.settings);
  const after = withSettingDefaults(row.settings);
  if (patch.settings && SETTING_KEYS.some((key) => before[key] !== after[key])) {
    publish(ctx, { type: "settings_updated", obj: { settings: after } }, { kind: "user", id: actor.id });
    await onShoutSettingsChanged(ctx, actor, before, after);
    await onTwitchSettingChanged(ctx, row, before.is_twitch_activity_enabled, after.is_twitch_activity_enabled);
  }
  return row;
}

export async function renameUser(ctx: RequestContext, input: unknown): Promise<UserRow> {
  const actor = requireWriter(ctx);
  if (!can(actor, "rename", actor)) throw new AppError("forbidden");
  const { username } = parseInput(ZRename, input);
  if (username === actor.username) return actor;
  await hit(ctx.db, renameRules(actor.id), ctx.now());
  const keys = usernameKeys(username);
  const conflict = await usernameConflict(ctx.db, keys, actor.id);
  if (conflict) throw AppError.field("username", conflict);
  try {
    const [row] = await ctx.db
      .update(users)
      .set({ username, ...keys })
      .where(eq(users.id, actor.id))
      .returning();
    ctx.invalidate([`/users/${actor.id}`]);
    return row;
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw AppError.field("username", USERNAME_TAKEN);
    throw error;
  }
}

/** Avatar: square WebP variants for tiny/small/big, stored under a fresh key; the old ones are removed. */
export async function uploadAvatar(ctx: RequestContext, file: unknown): Promise<UserRow> {
  const actor = requireWriter(ctx);
  if (!can(actor, "update-profile", actor)) throw new AppError("forbidden");
  const bytes = await readUpload(file, "avatar");
  const sizes = [AVATAR_SIZES.tiny, AVATAR_SIZES.small, AVATAR_SIZES.big];
  const variants = squareVariants(bytes, sizes, { field: "avatar" });
  const key = `avatars/${actor.id}/${randomToken(9)}`;
  const objects = sizes.map((size, i) => ({ key: `${key}-${size}.webp`, body: variants[i] }));
  await putAll(ctx.env.MEDIA, objects);
  try {
    const [row] = await ctx.db.update(users).set({ avatarKey: key }).where(eq(users.id, actor.id)).returning();
    ctx.invalidate([`/users/${actor.id}`]);
    if (actor.avatarKey) {
      const old = actor.avatarKey;
      ctx.waitUntil(ctx.env.MEDIA.delete(sizes.map((size) => `${old}-${size}.webp`)));
    }
    return row;
  } catch (error) {
    await ctx.env.MEDIA.delete(objects.map((o) => o.key));
    throw error;
  }
}

export async function uploadBackground(ctx: RequestContext, file: unknown): Promise<UserRow> {
  const actor = requireWriter(ctx);
  if (!can(actor, "update-profile", actor)) throw new AppError("forbidden");
  const bytes = await readUpload(file, "background");
  const [{ body }] = widthVariants(bytes, [BACKGROUND_WIDTH], { field: "background" });
  const key = `backgrounds/${actor.id}/${randomToken(9)}`;
  await putAll(ctx.env.MEDIA, [{ key: `${key}.webp`, body }]);
  try {
    const [row] = await ctx.db.update(users).set({ backgroundKey: key }).where(eq(users.id, actor.id)).returning();
    ctx.invalidate([`/users/${actor.id}`]);
    if (actor.backgroundKey) ctx.waitUntil(ctx.env.MEDIA.delete(`${actor.backgroundKey}.webp`));
    return row;
  } catch (error) {
    await ctx.env.MEDIA.delete(`${key}.webp`);
    throw error;
  }
}

export async function removeAvatar(ctx: RequestContext): Promise<UserRow> {
  const actor = requireWriter(ctx);
  if (!can(actor, "update-profile", actor)) throw new AppError("forbidden");
  if (!actor.avatarKey) return actor;
  const [row] = await ctx.db.update(users).set({ avatarKey: null }).where(eq(users.id, actor.id)).returning();
  const old = actor.avatarKey;
  ctx.waitUntil(ctx.env.MEDIA.delete(Object.values(AVATAR_SIZES).map((size) => `${old}-${size}.webp`)));
  return row;
}

export async function removeBackground(ctx: RequestContext): Promise<UserRow> {
  const actor = requireWriter(ctx);
  if (!can(actor, "update-profile", actor)) throw new AppError("forbidden");
  if (!actor.backgroundKey) return actor;
  const [row] = await ctx.db.update(users).set({ backgroundKey: null }).where(eq(users.id, actor.id)).returning();
  ctx.waitUntil(ctx.env.MEDIA.delete(`${actor.backgroundKey}.webp`));
  return row;
}

export interface InvitationView {
  code: string;
  url: string;
  datetime_created: string;
  datetime_expires: string;
  is_used: boolean;
  is_expired: boolean;
}

function invitationView(ctx: RequestContext, row: typeof invitations.$inferSelect): InvitationView {
  const origin = new URL(ctx.request.url).origin;
  return {
    code: row.code,
    url: `${origin}/auth/sign-up/${row.code}`,
    datetime_created: row.createdAt.toISOString(),
    datetime_expires: row.expiresAt.toISOString(),
    is_used: !!row.usedAt,
    is_expired: row.expiresAt.getTime() <= ctx.now().getTime(),
  };
}

export async function listInvitations(ctx: RequestContext): Promise<InvitationView[]> {
  const actor = requireActor(ctx);
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(eq(invitations.userId, actor.id))
    .orderBy(desc(invitations.createdAt))
    .limit(50);
  return rows.map((row) => invitationView(ctx, row));
}

/** A single-use code; a member holds at most INVITATION_QUOTA unused, unexpired codes at once. */
export async function createInvitation(ctx: RequestContext, input: unknown): Promise<InvitationView> {
  const actor = requireWriter(ctx);
  if (!can(actor, "create-invitation")) throw new AppError("forbidden");
  const { days } = parseInput(ZInvitationCreate, input);
  const now = ctx.now();
  const [{ active }] = await ctx.db
    .select({ active: count() })
    .from(invitations)
    .where(and(eq(invitations.userId, actor.id), isNull(invitations.usedAt), gt(invitations.expiresAt, now)));
  if (active >= INVITATION_QUOTA) {
    throw new AppError(
      "conflict",
      `У вас уже ${INVITATION_QUOTA} действующих приглашений — это предел. Дождитесь, пока ими воспользуются или они истекут.`,
    );
  }
  const [row] = await ctx.db
    .insert(invitations)
    .values({
      code: randomToken(12),
      userId: actor.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + days * 86_400_000),
    })
    .returning();
  return invitationView(ctx, row);
}
