import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type ReportCaseRow, reportCases, reports, users } from "#drizzle/schema";
import { auditInsert } from "#workers/core/audit/audit";
import { deleteComment } from "#workers/core/comments/comments";
import { rawBatch } from "#workers/core/comments/d1";
import { type Paged, parsePage, parsePathId, toPage } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { notify } from "#workers/core/notifications/notifications";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { notifyAll } from "#workers/core/notifications/triggers/best-effort";
import { deletePost, unpublishPost } from "#workers/core/posts/posts.write";
import { requireActor, requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import { deleteShoutComment } from "#workers/core/shouts/shout-comments";
import { deleteShout, toggleMuteShout } from "#workers/core/shouts/shouts";
import type { RequestContext } from "#workers/platform/context";
import { hit } from "#workers/platform/rate-limit";
import {
  REASON_LABELS,
  REPORT_TARGETS,
  REPORTS_PER_HOUR,
  type ReportOutcome,
  type ReportReason,
  type ReportTarget,
  TARGET_LABELS,
} from "./reports.constants";
import { can } from "./reports.policy";
import { ZReportCreate, ZReportResolve } from "./reports.schemas";
import { itemKey, loadTargets, type TargetContent } from "./reports.targets";

/**
 * Reports (docs/decisions/0026-roles-reports-audit.md): a member reports an item once; the reports on one item
 * group into one open case with a count; moderators resolve the case with one outcome, and every reporter is told.
 */

const SIGN_IN = "Войдите на сайт, чтобы пожаловаться.";
const MODERATORS_ONLY = "Жалобы разбирают только модераторы.";
const CASE_NOT_FOUND = "Жалоба не найдена.";
const SNAPSHOT_MAX = 500;

export interface ReportCreated {
  case_id: number;
  reports_count: number;
  detail: string;
}

/** POST /v1/report/ {target_type, target_id, reason, text}: a member reports an item (once). */
export async function createReport(ctx: RequestContext, input: unknown): Promise<ReportCreated> {
  const actor = requireWriter(ctx, SIGN_IN);
  const data = parseInput(ZReportCreate, input ?? {});
  const target = (await loadTargets(ctx, [{ type: data.target_type, id: data.target_id }])).get(
    itemKey(data.target_type, data.target_id),
  );
  if (!target?.exists || (target.type === "post" && target.is_hidden)) throw new AppError("not_found", "Не найдено.");
  const authorId = target.author?.id ?? null;
  if (!can(actor, "report", { userId: authorId })) {
    throw new AppError(
      "forbidden",
      data.target_type === "user" ? "На себя пожаловаться нельзя." : "На своё пожаловаться нельзя.",
    );
  }
  const already = await ctx.db.query.reports.findFirst({
    where: and(
      eq(reports.userId, actor.id),
      eq(reports.targetType, data.target_type),
      eq(reports.targetId, data.target_id),
    ),
    columns: { id: true },
  });
  if (already) throw new AppError("conflict", alreadyReported(data.target_type));
  await hit(
    ctx.db,
    [
      {
        key: `report:user:${actor.id}`,
        limit: REPORTS_PER_HOUR,
        windowSeconds: 3600,
        message: (s) => `Слишком много жалоб подряд. Попробуйте через ${Math.ceil(s / 60)} мин.`,
      },
    ],
    ctx.now(),
  );
  const now = ctx.now();
  const snapshot = (target.title ? `${target.title}\n${target.text}` : target.text).trim().slice(0, SNAPSHOT_MAX);
  const openCase = sql`(SELECT id FROM report_cases WHERE target_type = ${data.target_type}
    AND target_id = ${data.target_id} AND status = 'open')`;
  try {
    const [, , [row]] = await rawBatch(ctx, [
      // One open case per item (the partial unique index): a new one, or one more report on it.
      sql`INSERT INTO report_cases (target_type, target_id, target_user_id, snapshot, status, reports_count,
          created_at, updated_at)
        VALUES (${data.target_type}, ${data.target_id}, ${authorId}, ${snapshot}, 'open', 1, ${now.getTime()}, ${now.getTime()})
        ON CONFLICT (target_type, target_id) WHERE status = 'open'
        DO UPDATE SET reports_count = reports_count + 1, updated_at = excluded.updated_at`,
      sql`INSERT INTO reports (case_id, user_id, target_type, target_id, reason, text, created_at)
        VALUES (${openCase}, ${actor.id}, ${data.target_type}, ${data.target_id}, ${data.reason}, ${data.text},
          ${now.getTime()})`,
      sql`SELECT id, reports_count AS n FROM report_cases WHERE id = ${openCase}`,
    ]);
    return { case_id: Number(row.id), reports_count: Number(row.n), detail: "Спасибо! Модераторы рассмотрят жалобу." };
  } catch (error) {
    // Two reports of one member at once: the unique index keeps one, the other batch rolled back whole.
    if (String(error).includes("UNIQUE")) throw new AppError("conflict", alreadyReported(data.target_type));
    throw error;
  }
}

/** The report page: the item as it will be reported, and whether the member has reported it already. */
export async function reportFormData(
  ctx: RequestContext,
  type: unknown,
  id: unknown,
): Promise<{ content: TargetContent; target_label: string; already: boolean }> {
  const actor = requireActor(ctx, SIGN_IN);
  if (typeof type !== "string" || !(REPORT_TARGETS as readonly string[]).includes(type)) {
    throw new AppError("not_found", "Не найдено.");
  }
  const targetType = type as ReportTarget;
  const targetId = parsePathId(id);
  const content = (await loadTargets(ctx, [{ type: targetType, id: targetId }])).get(itemKey(targetType, targetId));
  if (!content?.exists || (targetType === "post" && content.is_hidden)) throw new AppError("not_found", "Не найдено.");
  if (!can(actor, "report", { userId: content.author?.id ?? null })) {
    throw new AppError(
      "forbidden",
      targetType === "user" ? "На себя пожаловаться нельзя." : "На своё пожаловаться нельзя.",
    );
  }
  const already = (await reportedItems(ctx, targetType, [targetId])).has(targetId);
  return { content, target_label: TARGET_LABELS[targetType], already };
}

function alreadyReported(type: ReportTarget): string {
  return `Вы уже пожаловались на ${TARGET_LABELS[type]}. Модераторы рассмотрят жалобу.`;
}

/** Whether the member has reported these items (menus show «Жалоба отправлена» instead of the button). */
export async function reportedItems(ctx: RequestContext, type: ReportTarget, ids: number[]): Promise<Set<number>> {
  if (!ctx.actor || !ids.length) return new Set();
  const rows = await ctx.db
    .select({ id: reports.targetId })
    .from(reports)
    .where(and(eq(reports.userId, ctx.actor.id), eq(reports.targetType, type), inArray(reports.targetId, ids)));
  return new Set(rows.map((r) => r.id));
}

export interface ReportEntry {
  user: { id: number; username: string } | null;
  reason: ReportReason;
  reason_label: string;
  text: string;
  datetime: string;
}

export interface ReportCaseView {
  id: number;
  target_type: ReportTarget;
  /** «статью», «записку» … */
  target_label: string;
  target_id: number;
  status: "open" | "resolved";
  outcome: ReportOutcome | null;
  reports_count: number;
  /** How many reports give each reason. */
  reasons: { reason: ReportReason; label: string; count: number }[];
  /** The reports, oldest first (at most REPORTS_SHOWN). */
  reports: ReportEntry[];
  /** The item now; when it is gone, `snapshot` keeps what it said at the first report. */
  content: TargetContent;
  snapshot: string;
  datetime: string;
  datetime_updated: string;
}

const REPORTS_SHOWN = 20;
export const CASES_PAGE_SIZE = 20;

/** A moderator or admin acting (a sanctioned one may read the cases but resolve none: `write`). */
function requireModerator(ctx: RequestContext, write = false) {
  const actor = write ? requireWriter(ctx) : requireActor(ctx);
  if (!can(actor, "moderate")) throw new AppError("forbidden", MODERATORS_ONLY);
  return actor;
}

async function caseViews(ctx: RequestContext, rows: ReportCaseRow[]): Promise<ReportCaseView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [entries, targets] = await Promise.all([
    ctx.db
      .select({ report: reports, username: users.username })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.userId))
      .where(inArray(reports.caseId, ids))
      .orderBy(asc(reports.id)),
    loadTargets(
      ctx,
      rows.map((r) => ({ type: r.targetType, id: r.targetId })),
    ),
  ]);
  return rows.map((row) => {
    const own = entries.filter((e) => e.report.caseId === row.id);
    const tally = new Map<ReportReason, number>();
    for (const e of own)
      tally.set(e.report.reason as ReportReason, (tally.get(e.report.reason as ReportReason) ?? 0) + 1);
    const type = row.targetType as ReportTarget;
    return {
      id: row.id,
      target_type: type,
      target_label: TARGET_LABELS[type] ?? type,
      target_id: row.targetId,
      status: row.status as "open" | "resolved",
      outcome: (row.outcome as ReportOutcome | null) ?? null,
      reports_count: row.reportsCount,
      reasons: [...tally].map(([reason, n]) => ({ reason, label: REASON_LABELS[reason] ?? reason, count: n })),
      reports: own.slice(0, REPORTS_SHOWN).map((e) => ({
        user: e.username ? { id: e.report.userId, username: e.username } : null,
        reason: e.report.reason as ReportReason,
        reason_label: REASON_LABELS[e.report.reason as ReportReason] ?? e.report.reason,
        text: e.report.text,
        datetime: e.report.createdAt.toISOString(),
      })),
      content: targets.get(itemKey(row.targetType, row.targetId)) as TargetContent,
      snapshot: row.snapshot,
      datetime: row.createdAt.toISOString(),
      datetime_updated: row.updatedAt.toISOString(),
    };
  });
}

/** GET /v1/report/?page=: the open cases, oldest first (moderators and admins). */
export async function listOpenCases(
  ctx: RequestContext,
  page: unknown,
): Promise<Paged<ReportCaseView> & { count: number }> {
  requireModerator(ctx);
  const pageNumber = parsePage(page);
  const [rows, [total]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(reportCases)
      .where(eq(reportCases.status, "open"))
      .orderBy(asc(reportCases.createdAt), asc(reportCases.id))
      .limit(CASES_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * CASES_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(reportCases).where(eq(reportCases.status, "open")),
  ]);
  const views = await caseViews(ctx, rows);
  return { ...toPage(ctx, pageNumber, views, CASES_PAGE_SIZE), count: total?.n ?? 0 };
}

/** How many cases wait (the admin menu's badge). */
export async function countOpenCases(ctx: RequestContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(reportCases).where(eq(reportCases.status, "open"));
  return row?.n ?? 0;
}

/** The texts reporters get, by outcome. */
const OUTCOME_TEXTS: Record<ReportOutcome, string> = {
  dismiss: "нарушений не найдено",
  hide: "содержимое скрыто",
  delete: "содержимое удалено",
  sanction: "автор наказан",
};

/** Runs the outcome on the item with the content services (their rules and audit entries apply). */
async function applyOutcome(ctx: RequestContext, outcome: ReportOutcome, content: TargetContent): Promise<void> {
  if (outcome === "dismiss" || outcome === "sanction") return;
  if (!content.exists) return; // gone already: closing the case is all that is left
  const { type, id } = content;
  if (outcome === "hide") {
    if (type === "shout") {
      if (!content.is_hidden) await toggleMuteShout(ctx, id);
    } else if (type === "post") {
      if (!content.is_hidden && content.slug) await unpublishPost(ctx, content.slug);
    } else {
      throw AppError.field("outcome", "Скрыть можно статью или записку; комментарий — только удалить.");
    }
    return;
  }
  if (type === "user")
    throw AppError.field("outcome", "Профиль удалить нельзя: накажите участника или отклоните жалобу.");
  try {
    if (type === "post" && content.slug) await deletePost(ctx, content.slug);
    else if (type === "shout") await deleteShout(ctx, id);
    else if (type === "comment") await deleteComment(ctx, id);
    else if (type === "shout_comment") await deleteShoutComment(ctx, id);
  } catch (error) {
    // Gone meanwhile, or out of reach (a comment under a post taken off the site): closing the case is what is left.
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
  }
}

/**
 * POST /v1/report/{id}/resolve/ {outcome}: a moderator closes an open case — dismiss, hide or delete the item
 * (through the content services), or mark the author sanctioned (the sanction itself is given on the member's
 * moderation page). One audit entry; each reporter gets a notification.
 */
export async function resolveCase(
  ctx: RequestContext,
  caseId: unknown,
  input: unknown,
): Promise<{ id: number; status: "resolved"; outcome: ReportOutcome; notified: number }> {
  const actor = requireModerator(ctx, true);
  const id = parsePathId(caseId, CASE_NOT_FOUND);
  const { outcome } = parseInput(ZReportResolve, input ?? {});
  const row = await ctx.db.query.reportCases.findFirst({ where: eq(reportCases.id, id) });
  if (!row) throw new AppError("not_found", CASE_NOT_FOUND);
  if (row.status !== "open") throw new AppError("conflict", "Эта жалоба уже рассмотрена.");
  const [view] = await caseViews(ctx, [row]);
  await applyOutcome(ctx, outcome, view.content);
  const now = ctx.now();
  const [closed] = await ctx.db.batch([
    ctx.db
      .update(reportCases)
      .set({ status: "resolved", outcome, resolvedAt: now, resolvedBy: actor.id, updatedAt: now })
      .where(and(eq(reportCases.id, id), eq(reportCases.status, "open")))
      .returning({ id: reportCases.id }),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: `report.${outcome}`,
      targetType: row.targetType,
      targetId: row.targetId,
      targetUserId: row.targetUserId,
      meta: {
        case: row.id,
        reports_count: row.reportsCount,
        reasons: view.reasons.map((r) => r.reason),
        ...(view.content.url && outcome !== "delete" ? { url: view.content.url } : {}),
        excerpt: row.snapshot.slice(0, 140),
      },
      at: now,
    }),
  ]);
  if (!closed.length) throw new AppError("conflict", "Эта жалоба уже рассмотрена.");
  const reporters = await ctx.db
    .select({ userId: reports.userId })
    .from(reports)
    .where(eq(reports.caseId, id))
    .orderBy(desc(reports.id));
  const titleUrl = outcome === "delete" ? "" : (view.content.url ?? "");
  const notified = await notifyAll(
    "notification about a resolved report",
    reporters.map(({ userId }) =>
      notify(ctx, {
        recipientId: userId,
        actor,
        showActor: false,
        type: STREAM_TYPE.mention,
        texts: {
          pre_title: `Ваша жалоба на ${view.target_label} рассмотрена:`,
          title: OUTCOME_TEXTS[outcome],
          title_url: titleUrl,
          message: view.snapshot.slice(0, 140),
        },
        sourceKey: `report:${id}`,
      }),
    ),
  );
  return { id, status: "resolved", outcome, notified: notified.length };
}
