import { and, eq } from "drizzle-orm";
import { userIgnores, users } from "#drizzle/schema";
import { parsePathId } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { requireActor } from "#workers/core/shared/actor";
import type { RequestContext } from "#workers/platform/context";
import { can } from "./notifications.policy";

const SIGN_IN = "Войдите на сайт, чтобы игнорировать участников.";

/**
 * POST /v1/user/{id}/ignore/: toggles ignoring a member — no notifications from them while ignored. Members
 * only; yourself is a 400, an unknown member a 404.
 */
export async function toggleIgnore(ctx: RequestContext, userId: unknown): Promise<{ is_ignored: boolean }> {
  const actor = requireActor(ctx, SIGN_IN);
  const id = parsePathId(userId, "Пользователь не найден.");
  if (id === actor.id) throw new AppError("invalid", "Нельзя игнорировать самого себя.");
  const target = await ctx.db.query.users.findFirst({ where: eq(users.id, id), columns: { id: true } });
  if (!target) throw new AppError("not_found", "Пользователь не найден.");
  if (!can(actor, "ignore", target)) throw new AppError("forbidden");
  const key = and(eq(userIgnores.userId, actor.id), eq(userIgnores.ignoredUserId, id));
  const removed = await ctx.db.delete(userIgnores).where(key).returning({ id: userIgnores.ignoredUserId });
  if (removed.length) return { is_ignored: false };
  await ctx.db
    .insert(userIgnores)
    .values({ userId: actor.id, ignoredUserId: id, createdAt: ctx.now() })
    .onConflictDoNothing();
  return { is_ignored: true };
}
