import { and, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { auditLog, users } from "#drizzle/schema";
import { type Paged, toPage } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { can } from "#workers/core/reports/reports.policy";
import { requireActor } from "#workers/core/shared/actor";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { AUDIT_TARGET_LABELS, auditLabel } from "./audit.labels";

/** Reading the audit log (/admin/audit, GET /v1/audit/): moderators and admins, newest first, filtered. */

export const AUDIT_PAGE_SIZE = 50;

const ZName = z.string().trim().max(40, "Не длиннее 40 символов.").optional();
export const ZAuditFilter = z.strictObject({
  page: z.coerce.number({ error: "Номер страницы — число." }).int().min(1).max(100_000).default(1),
  /** The acting member's name or id. */
  actor: ZName,
  /** The member concerned, by name or id. */
  target: ZName,
  action: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_.]*$/, "Неизвестное действие.")
    .optional(),
});

interface Person {
  id: number;
  username: string;
}

export interface AuditItem {
  id: number;
  action: string;
  /** The action in Russian. */
  label: string;
  target_type: string;
  target_label: string;
  target_id: string | null;
  /** Where the target can be seen, when it can. */
  target_url: string | null;
  actor: Person | null;
  target_user: Person | null;
  reason: string | null;
  meta: Record<string, unknown> | null;
  datetime: string;
}

function targetUrl(type: string, id: string | null, meta: Record<string, unknown> | null): string | null {
  if (typeof meta?.url === "string" && meta.url.startsWith("/")) return meta.url;
  if (!id) return null;
  if (type === "user") return `/users/${id}`;
  if (type === "shout") return `/bonfire/${id}`;
  return null;
}

/** A member named in a filter: by id or by name; unknown → a 400 on that field. */
async function memberId(ctx: RequestContext, field: string, value: string | undefined): Promise<number | null> {
  const text = value?.replace(/^@/, "").trim();
  if (!text) return null;
  if (/^[0-9]{1,15}$/.test(text)) return Number(text);
  const row = await ctx.db.query.users.findFirst({
    where: eq(users.usernameKey, normaliseKey(text)),
    columns: { id: true },
  });
  if (!row) throw AppError.field(field, `Участника «${text}» нет.`);
  return row.id;
}

export async function listAudit(ctx: RequestContext, input: unknown): Promise<Paged<AuditItem>> {
  const actor = requireActor(ctx);
  if (!can(actor, "moderate")) throw new AppError("forbidden", "Журнал читают только модераторы.");
  const filter = parseInput(ZAuditFilter, input ?? {});
  const [actorId, targetId] = await Promise.all([
    memberId(ctx, "actor", filter.actor),
    memberId(ctx, "target", filter.target),
  ]);
  const conditions: SQL[] = [];
  if (actorId !== null) conditions.push(eq(auditLog.actorId, actorId));
  if (targetId !== null) conditions.push(eq(auditLog.targetUserId, targetId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  const actors = alias(users, "actors");
  const targets = alias(users, "targets");
  const rows = await ctx.db
    .select({
      entry: auditLog,
      actorName: actors.username,
      targetName: targets.username,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(targets, eq(targets.id, auditLog.targetUserId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((filter.page - 1) * AUDIT_PAGE_SIZE);
  const items = rows.map(({ entry, actorName, targetName }) => ({
    id: entry.id,
    action: entry.action,
    label: auditLabel(entry.action),
    target_type: entry.targetType,
    target_label: AUDIT_TARGET_LABELS[entry.targetType] ?? entry.targetType,
    target_id: entry.targetId,
    target_url: targetUrl(entry.targetType, entry.targetId, entry.meta ?? null),
    actor: entry.actorId && actorName ? { id: entry.actorId, username: actorName } : null,
    target_user: entry.targetUserId && targetName ? { id: entry.targetUserId, username: targetName } : null,
    reason: entry.reason,
    meta: entry.meta ?? null,
    datetime: entry.createdAt.toISOString(),
  }));
  return toPage(ctx, filter.page, items, AUDIT_PAGE_SIZE);
}
