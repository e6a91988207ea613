import { and, desc, eq, isNull } from "drizzle-orm";
import { type SanctionRow, sanctions, type UserRow, users } from "#drizzle/schema";
import { auditInsert } from "#workers/core/audit/audit";
import { parsePathId } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { publish } from "#workers/realtime/publish";
import { can, moderationRank } from "./moderation.policy";
import type { SanctionNotice } from "./sanctions.constants";
import { activeSanction, sanctionNotice } from "./sanctions.read";
import { ZBan, ZBlock } from "./sanctions.schemas";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = "Пользователь не найден.";
const SIGN_IN = "Войдите на сайт.";

/** Spec: the answer of ban/block — the days of the term (null for a ban) and the sanction itself. */
export interface SanctionResult {
  days: number | null;
  is_banned: true;
  sanction: SanctionView;
}

export interface UserRef {
  id: number;
  username: string;
}

/** A sanction as the moderators' member view and the API show it. */
export interface SanctionView {
  id: number;
  kind: "ban" | "block";
  reason: string;
  days: number | null;
  datetime_start: string;
  datetime_end: string | null;
  datetime_lifted: string | null;
  actor: UserRef | null;
  lifted_by: UserRef | null;
  /** Not lifted and not over at the time of the request. */
  is_active: boolean;
}

export function serializeSanction(row: SanctionRow, names: Map<number, string>, now: Date): SanctionView {
  const ref = (id: number | null) => (id == null ? null : { id, username: names.get(id) ?? "удалённый участник" });
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    days: row.days,
    datetime_start: row.startsAt.toISOString(),
    datetime_end: row.endsAt?.toISOString() ?? null,
    datetime_lifted: row.liftedAt?.toISOString() ?? null,
    actor: ref(row.actorId),
    lifted_by: ref(row.liftedById),
    is_active: !row.liftedAt && (!row.endsAt || row.endsAt.getTime() > now.getTime()),
  };
}

/** The target of a moderation action, checked against the policy: 401, 403 (with the rule's reason) or 404. */
async function loadTarget(ctx: RequestContext, userId: unknown, action: "sanction" | "lift") {
  const actor = requireWriter(ctx, SIGN_IN);
  const id = parsePathId(userId, NOT_FOUND);
  const target = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!can(actor, action, target ?? { id, isAdmin: false, isMod: false })) {
    throw new AppError("forbidden", refusal(actor, target ?? null));
  }
  if (!target) throw new AppError("not_found", NOT_FOUND);
  return { actor, target };
}

function refusal(actor: UserRow, target: UserRow | null): string {
  if (moderationRank(actor) === 0) return "Ограничивать участников могут только модераторы и администраторы.";
  if (target && target.id === actor.id) return "Нельзя ограничить самого себя.";
  if (target?.isAdmin) return "Администратора ограничить нельзя.";
  if (target?.isMod) return "Модератора может ограничить только администратор.";
  return "У вас нет прав на это действие.";
}

function block(notice: SanctionNotice | null, target: number): Parameters<typeof publish>[1] {
  return { type: "block_updated", obj: { id: target, is_banned: !!notice, sanction: notice } };
}

async function impose(
  ctx: RequestContext,
  { actor, target }: { actor: UserRow; target: UserRow },
  kind: "ban" | "block",
  input: { reason: string; days: number | null },
): Promise<SanctionResult> {
  const now = ctx.now();
  const endsAt = input.days ? new Date(now.getTime() + input.days * DAY_MS) : null;
  // One active sanction a member: a new one replaces the running one (lifted by the same moderator now).
  const previous = await activeSanction(ctx.db, target.id, now);
  const [rows] = await ctx.db.batch([
    ctx.db
      .insert(sanctions)
      .values({
        userId: target.id,
        actorId: actor.id,
        kind,
        reason: input.reason,
        days: input.days,
        startsAt: now,
        endsAt,
        createdAt: now,
      })
      .returning(),
    ctx.db
      .update(users)
      .set({ isBanned: kind === "ban", blockedUntil: endsAt })
      .where(eq(users.id, target.id)),
    ...(previous
      ? [
          ctx.db
            .update(sanctions)
            .set({ liftedAt: now, liftedById: actor.id })
            .where(and(eq(sanctions.id, previous.id), isNull(sanctions.liftedAt))),
        ]
      : []),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: `user.${kind}`,
      targetType: "user",
      targetId: target.id,
      targetUserId: target.id,
      reason: input.reason,
      meta: { days: input.days, ...(previous ? { replaced: previous.id } : {}) },
      at: now,
    }),
  ]);
  const row = rows[0];
  publish(ctx, block(sanctionNotice(row), target.id), { kind: "user", id: target.id });
  const names = new Map([
    [actor.id, actor.username],
    [target.id, target.username],
  ]);
  return { days: input.days, is_banned: true, sanction: serializeSanction(row, names, now) };
}

/** POST /v1/user/{id}/ban/ {reason}: an indefinite ban. */
export async function banUser(ctx: RequestContext, userId: unknown, input: unknown): Promise<SanctionResult> {
  const people = await loadTarget(ctx, userId, "sanction");
  const { reason } = parseInput(ZBan, input);
  return impose(ctx, people, "ban", { reason, days: null });
}

/** POST /v1/user/{id}/block/ {reason, days}: a block for that many days; the answer returns the days. */
export async function blockUser(ctx: RequestContext, userId: unknown, input: unknown): Promise<SanctionResult> {
  const people = await loadTarget(ctx, userId, "sanction");
  const { reason, days } = parseInput(ZBlock, input);
  return impose(ctx, people, "block", { reason, days });
}

/** POST /v1/user/{id}/activate/: lifts the member's ban or block early. */
export async function activateUser(
  ctx: RequestContext,
  userId: unknown,
): Promise<{ is_banned: false; lifted: boolean }> {
  const { actor, target } = await loadTarget(ctx, userId, "lift");
  const now = ctx.now();
  const active = await activeSanction(ctx.db, target.id, now);
  if (!active && !target.isBanned) {
    throw new AppError("conflict", "У участника нет действующего бана или блокировки.");
  }
  await ctx.db.batch([
    ctx.db.update(users).set({ isBanned: false, blockedUntil: null }).where(eq(users.id, target.id)),
    ...(active
      ? [ctx.db.update(sanctions).set({ liftedAt: now, liftedById: actor.id }).where(eq(sanctions.id, active.id))]
      : []),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "user.activate",
      targetType: "user",
      targetId: target.id,
      targetUserId: target.id,
      reason: active?.reason ?? null,
      meta: active ? { sanction: active.id, kind: active.kind } : null,
      at: now,
    }),
  ]);
  publish(ctx, block(null, target.id), { kind: "user", id: target.id });
  return { is_banned: false, lifted: true };
}

/** The member's sanctions, newest first (the moderators' member view). */
export async function listSanctions(ctx: RequestContext, userId: number): Promise<SanctionView[]> {
  const rows = await ctx.db
    .select()
    .from(sanctions)
    .where(eq(sanctions.userId, userId))
    .orderBy(desc(sanctions.id))
    .limit(100);
  const ids = [...new Set(rows.flatMap((r) => [r.userId, r.actorId, r.liftedById]).filter((v) => v != null))];
  const names = new Map<number, string>();
  if (ids.length) {
    const people = await ctx.db.query.users.findMany({
      where: (u, { inArray }) => inArray(u.id, ids as number[]),
      columns: { id: true, username: true },
    });
    for (const p of people) names.set(p.id, p.username);
  }
  const now = ctx.now();
  return rows.map((r) => serializeSanction(r, names, now));
}
