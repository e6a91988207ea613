import { and, asc, eq, gt, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { userIgnores, users } from "#drizzle/schema";
import { parsePathId } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { requireActor } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { can } from "./notifications.policy";

const SIGN_IN = "Войдите на сайт, чтобы игнорировать участников.";
const DAY_MS = 24 * 60 * 60 * 1000;

/** An ignore in force at `now`: for good (no end) or until a time still ahead. */
export function ignoreInForce(now: Date) {
  return or(isNull(userIgnores.until), gt(userIgnores.until, now));
}

/** `{days}`: ignore for that many days; null or absent: for good. */
export const ZIgnore = z
  .object({
    days: z
      .number({ error: "Срок — число дней." })
      .int("Срок — целое число дней.")
      .min(1, "Срок — хотя бы 1 день.")
      .max(365, "Срок — не больше 365 дней.")
      .nullable()
      .optional(),
  })
  .strict();

async function loadIgnoreTarget(ctx: RequestContext, userId: unknown) {
  const actor = requireActor(ctx, SIGN_IN);
  const id = parsePathId(userId, "Пользователь не найден.");
  if (id === actor.id) throw new AppError("invalid", "Нельзя игнорировать самого себя.");
  const target = await ctx.db.query.users.findFirst({ where: eq(users.id, id), columns: { id: true } });
  if (!target) throw new AppError("not_found", "Пользователь не найден.");
  if (!can(actor, "ignore", target)) throw new AppError("forbidden");
  return { actor, id };
}

/**
 * POST /v1/user/{id}/ignore/: without a body, toggles ignoring a member — no notifications from them while
 * ignored. With `{days}` (a number, or null for good) it ignores them for that term (replacing an earlier term).
 * Members only, a sanctioned one too (it concerns nobody else); yourself is a 400, an unknown member a 404.
 */
export async function toggleIgnore(
  ctx: RequestContext,
  userId: unknown,
  input: unknown = {},
): Promise<{ is_ignored: boolean; datetime_until: string | null }> {
  const { actor, id } = await loadIgnoreTarget(ctx, userId);
  const data = parseInput(ZIgnore, input ?? {});
  const now = ctx.now();
  const key = and(eq(userIgnores.userId, actor.id), eq(userIgnores.ignoredUserId, id));
  if (data.days === undefined) {
    const removed = await ctx.db
      .delete(userIgnores)
      .where(and(key, ignoreInForce(now)))
      .returning({ id: userIgnores.ignoredUserId });
    if (removed.length) return { is_ignored: false, datetime_until: null };
  }
  const until = data.days ? new Date(now.getTime() + data.days * DAY_MS) : null;
  await ctx.db
    .insert(userIgnores)
    .values({ userId: actor.id, ignoredUserId: id, createdAt: now, until })
    .onConflictDoUpdate({ target: [userIgnores.userId, userIgnores.ignoredUserId], set: { createdAt: now, until } });
  return { is_ignored: true, datetime_until: until?.toISOString() ?? null };
}

/** Stops ignoring a member (the settings list's «Перестать игнорировать»). */
export async function stopIgnoring(ctx: RequestContext, userId: unknown): Promise<{ is_ignored: false }> {
  const { actor, id } = await loadIgnoreTarget(ctx, userId);
  await ctx.db.delete(userIgnores).where(and(eq(userIgnores.userId, actor.id), eq(userIgnores.ignoredUserId, id)));
  return { is_ignored: false };
}

export interface IgnoredMember {
  id: number;
  username: string;
  datetime_created: string;
  datetime_until: string | null;
}

/** The members the actor ignores now, by name. */
export async function listIgnored(ctx: RequestContext): Promise<IgnoredMember[]> {
  const actor = requireActor(ctx, SIGN_IN);
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, createdAt: userIgnores.createdAt, until: userIgnores.until })
    .from(userIgnores)
    .innerJoin(users, eq(users.id, userIgnores.ignoredUserId))
    .where(and(eq(userIgnores.userId, actor.id), ignoreInForce(ctx.now())))
    .orderBy(asc(users.usernameKey))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    datetime_created: r.createdAt.toISOString(),
    datetime_until: r.until?.toISOString() ?? null,
  }));
}

/** Whether the actor ignores this member now (for the profile's button). */
export async function isIgnoring(ctx: RequestContext, userId: number): Promise<{ until: string | null } | null> {
  if (!ctx.actor) return null;
  return ignoringOf(await ignoringQuery(ctx, ctx.actor.id, userId));
}

/** The query of `isIgnoring` for `actorId`, for a page that reads it in one batch with others. */
export function ignoringQuery(ctx: RequestContext, actorId: number, userId: number) {
  return ctx.db
    .select({ until: userIgnores.until })
    .from(userIgnores)
    .where(and(eq(userIgnores.userId, actorId), eq(userIgnores.ignoredUserId, userId), ignoreInForce(ctx.now())))
    .limit(1);
}

export function ignoringOf(rows: { until: Date | null }[]): { until: string | null } | null {
  const [row] = rows;
  return row ? { until: row.until?.toISOString() ?? null } : null;
}
