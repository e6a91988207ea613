import { and, desc, eq, gt, ne } from "drizzle-orm";
import { sessions } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";

export interface SessionView {
  /** A short, stable label for the session (never the token or its hash in full). */
  id: string;
  user_agent: string | null;
  ip: string | null;
  datetime_created: string;
  datetime_last_used: string;
  is_current: boolean;
}

/** The member's live sessions, newest use first. */
export async function listSessions(ctx: RequestContext): Promise<SessionView[]> {
  if (!ctx.actor) throw new AppError("unauthenticated");
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, ctx.actor.id), gt(sessions.expiresAt, ctx.now())))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id.slice(0, 8),
    user_agent: row.userAgent,
    ip: row.ip,
    datetime_created: row.createdAt.toISOString(),
    datetime_last_used: row.lastUsedAt.toISOString(),
    is_current: row.id === ctx.sessionId,
  }));
}

/** Signs the member out everywhere but here; returns how many sessions ended. */
export async function revokeOtherSessions(ctx: RequestContext): Promise<{ revoked: number }> {
  if (!ctx.actor || !ctx.sessionId) throw new AppError("unauthenticated");
  const removed = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, ctx.actor.id), ne(sessions.id, ctx.sessionId)))
    .returning({ id: sessions.id });
  return { revoked: removed.length };
}
