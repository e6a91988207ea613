import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { auditLog, users } from "#drizzle/schema";
import { parsePathId } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { requireActor } from "#workers/core/shared/actor";
import type { RequestContext } from "#workers/platform/context";
import { type FingerprintMatch, fingerprintCount, fingerprintMatches } from "./fingerprints";
import { can } from "./moderation.policy";
import { listSanctions, type SanctionView, type UserRef } from "./sanctions";
import { isSanctioned } from "./sanctions.read";

export interface MemberAuditEntry {
  id: number;
  action: string;
  actor: UserRef | null;
  reason: string | null;
  meta: Record<string, unknown> | null;
  datetime: string;
}

export interface MemberModeration {
  user: {
    id: number;
    username: string;
    is_admin: boolean;
    is_mod: boolean;
    is_banned: boolean;
    is_fp_required: boolean;
    datetime_created: string;
    datetime_last_seen: string | null;
  };
  sanctions: SanctionView[];
  audit: MemberAuditEntry[];
  fingerprints: { count: number; matches: FingerprintMatch[] };
  /** What the viewer may do here (the page shows only those forms). */
  can: { sanction: boolean; set_fp_required: boolean };
}

/** The moderators' view of a member (GET /v1/user/{id}/moderation/, /admin/users/:id). */
export async function memberModeration(ctx: RequestContext, userId: unknown): Promise<MemberModeration> {
  const actor = requireActor(ctx, "Войдите на сайт.");
  if (!can(actor, "view-member")) throw new AppError("forbidden", "Эта страница — для модераторов.");
  const id = parsePathId(userId, "Пользователь не найден.");
  const target = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!target) throw new AppError("not_found", "Пользователь не найден.");
  const actors = alias(users, "audit_actor");
  const [sanctions, auditRows, count, matches] = await Promise.all([
    listSanctions(ctx, id),
    ctx.db
      .select({ entry: auditLog, actorName: actors.username })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .where(eq(auditLog.targetUserId, id))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(100),
    fingerprintCount(ctx.db, id),
    fingerprintMatches(ctx.db, id),
  ]);
  return {
    user: {
      id: target.id,
      username: target.username,
      is_admin: target.isAdmin,
      is_mod: target.isMod,
      is_banned: isSanctioned(target, ctx.now()),
      is_fp_required: target.isFpRequired,
      datetime_created: target.createdAt.toISOString(),
      datetime_last_seen: target.lastSeenAt?.toISOString() ?? null,
    },
    sanctions,
    audit: auditRows.map(({ entry, actorName }) => ({
      id: entry.id,
      action: entry.action,
      actor: entry.actorId == null ? null : { id: entry.actorId, username: actorName ?? "удалённый участник" },
      reason: entry.reason,
      meta: entry.meta ?? null,
      datetime: entry.createdAt.toISOString(),
    })),
    fingerprints: { count, matches },
    can: { sanction: can(actor, "sanction", target), set_fp_required: can(actor, "set-fp-required", target) },
  };
}
