import type { UserRow } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { sanctionMessage } from "#workers/core/moderation/sanctions.constants";
import { NOT_ACTIVATED } from "#workers/core/social/activation.constants";
import type { RequestContext } from "#workers/platform/context";

/** The signed-in member acting, or a 401 with the area's reason («Войдите на сайт, чтобы …»). */
export function requireActor(ctx: RequestContext, message?: string): UserRow {
  if (!ctx.actor) throw new AppError("unauthenticated", message);
  return ctx.actor;
}

/**
 * The signed-in member allowed to write: a 401 for a guest, a 403 naming the reason and the end date for a banned
 * or blocked member («Вы заблокированы до …: причина»), or one whose e-mail is not activated yet (docs/decisions/0029).
 * Every service that changes what others see calls it
 * (docs/decisions/0024-sanctions-and-write-rights.md lists what a sanctioned member may still do).
 */
export function requireWriter(ctx: RequestContext, message?: string): UserRow {
  const actor = requireActor(ctx, message);
  if (ctx.sanction) throw new AppError("forbidden", sanctionMessage(ctx.sanction));
  if (!actor.isActivated) throw new AppError("forbidden", NOT_ACTIVATED);
  return actor;
}
