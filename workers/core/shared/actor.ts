import type { UserRow } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";

/** The signed-in member acting, or a 401 with the area's reason («Войдите на сайт, чтобы …»). */
export function requireActor(ctx: RequestContext, message?: string): UserRow {
  if (!ctx.actor) throw new AppError("unauthenticated", message);
  return ctx.actor;
}
