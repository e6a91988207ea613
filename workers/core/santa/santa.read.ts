import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type SantaApplicationRow,
  type SantaExchangeRow,
  santaApplications,
  santaExchanges,
  type UserRow,
  users,
} from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { AppError } from "#workers/core/errors";
import { isSanctioned } from "#workers/core/moderation/sanctions.read";
import { pluralize } from "#workers/core/shared/plural";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { openAddress } from "./santa.crypto";
import { can } from "./santa.policy";
import { currentStep, exchangeStage, type SantaStage, STAGE_LABELS, STEP_STAGES } from "./santa.stage";

type Ctx = Pick<RequestContext, "db" | "vars" | "now" | "actor">;

/** The current exchange: the latest year's. */
export async function currentExchange(db: Db): Promise<SantaExchangeRow | null> {
  const [row] = await db.select().from(santaExchanges).orderBy(desc(santaExchanges.year)).limit(1);
  return row ?? null;
}

export function stageOf(exchange: SantaExchangeRow | null, now: Date): SantaStage {
  return exchangeStage(exchange, now);
}

export interface SantaCounts {
  applied: number;
  sent: number;
  received: number;
}

export async function countApplications(db: Db, exchangeId: number): Promise<SantaCounts> {
  const [row] = await db
    .select({
      applied: count(),
      // A gift marked received counts as sent too (a recipient may confirm before the santa marks it).
      sent: sql<number>`count(coalesce(${santaApplications.sentAt}, ${santaApplications.receivedAt}))`,
      received: count(santaApplications.receivedAt),
    })
    .from(santaApplications)
    .where(eq(santaApplications.exchangeId, exchangeId));
  return { applied: row?.applied ?? 0, sent: row?.sent ?? 0, received: row?.received ?? 0 };
}

/** GET /v1/secret-santa/meta/ (spec §7): the stage, its label, the dates, who may apply and the public counts. */
export interface SantaMeta {
  year: number | null;
  stage: SantaStage;
  stage_label: string;
  opens_at: string | null;
  closes_at: string | null;
  send_by: string | null;
  receive_by: string | null;
  min_account_days: number;
  min_activity: number;
  counts: SantaCounts;
}

export async function getSantaMeta(ctx: Pick<RequestContext, "db" | "now">): Promise<SantaMeta> {
  const exchange = await currentExchange(ctx.db);
  const stage = stageOf(exchange, ctx.now());
  const counts = exchange ? await countApplications(ctx.db, exchange.id) : { applied: 0, sent: 0, received: 0 };
  return {
    year: exchange?.year ?? null,
    stage,
    stage_label: STAGE_LABELS[stage],
    opens_at: exchange?.opensAt.toISOString() ?? null,
    closes_at: exchange?.closesAt.toISOString() ?? null,
    send_by: exchange?.sendBy.toISOString() ?? null,
    receive_by: exchange?.receiveBy.toISOString() ?? null,
    min_account_days: exchange?.minAccountDays ?? 0,
    min_activity: exchange?.minActivity ?? 0,
    counts,
  };
}

/** GET /v1/secret-santa/step/: the steps in order, the current one marked. */
export interface SantaStep {
  id: number;
  stage: (typeof STEP_STAGES)[number];
  title: string;
  text: string;
  /** When the step starts (the draw: when applications close). */
  starts_at: string | null;
  is_current: boolean;
  is_done: boolean;
}

export async function getSantaSteps(ctx: Pick<RequestContext, "db" | "now">): Promise<SantaStep[]> {
  const exchange = await currentExchange(ctx.db);
  if (!exchange) return [];
  return stepsOf(exchange, ctx.now());
}

export function stepsOf(exchange: SantaExchangeRow, now: Date): SantaStep[] {
  const current = currentStep(stageOf(exchange, now));
  const currentIndex = current ? STEP_STAGES.indexOf(current) : -1;
  const starts: Record<(typeof STEP_STAGES)[number], Date> = {
    applications: exchange.opensAt,
    drawing: exchange.closesAt,
    sending: exchange.drawnAt ?? exchange.closesAt,
    receiving: exchange.sendBy,
    finished: exchange.receiveBy,
  };
  return STEP_STAGES.map((stage, i) => {
    const text = exchange.steps.find((s) => s.stage === stage);
    return {
      id: i + 1,
      stage,
      title: text?.title ?? stage,
      text: text?.text ?? "",
      starts_at: starts[stage].toISOString(),
      is_current: i === currentIndex,
      is_done: currentIndex > i || (currentIndex === i && stage === "finished"),
    };
  });
}

/** GET /v1/secret-santa/faq/ */
export async function getSantaFaq(
  ctx: Pick<RequestContext, "db">,
): Promise<{ id: number; question: string; answer: string }[]> {
  const exchange = await currentExchange(ctx.db);
  return (exchange?.faq ?? []).map((item, i) => ({ id: i + 1, question: item.question, answer: item.answer }));
}

/** Whether a member may apply to an exchange, and why not (Russian, one reason each). */
export interface Eligibility {
  eligible: boolean;
  reasons: string[];
}

export async function eligibilityOf(
  ctx: Pick<RequestContext, "db" | "now">,
  actor: UserRow | null,
  exchange: SantaExchangeRow,
): Promise<Eligibility> {
  if (!actor) return { eligible: false, reasons: ["Войдите на сайт, чтобы подать заявку."] };
  const reasons: string[] = [];
  const now = ctx.now();
  if (!actor.isActivated) reasons.push("Подтвердите адрес электронной почты.");
  if (isSanctioned(actor, now)) reasons.push("Участники с действующей блокировкой не могут участвовать в обмене.");
  const days = Math.floor((now.getTime() - actor.createdAt.getTime()) / 86_400_000);
  if (days < exchange.minAccountDays) {
    reasons.push(
      `Аккаунту должно быть не меньше ${pluralize(exchange.minAccountDays, ["дня", "дней", "дней"])} (сейчас — ${pluralize(Math.max(0, days), ["день", "дня", "дней"])}).`,
    );
  }
  if (exchange.minActivity > 0) {
    const activity = await activityOf(ctx.db, actor.id);
    if (activity < exchange.minActivity) {
      reasons.push(
        `Нужно хотя бы ${pluralize(exchange.minActivity, ["сообщение", "сообщения", "сообщений"])} на сайте — статей, комментариев или записок (у вас — ${activity}).`,
      );
    }
  }
  return { eligible: reasons.length === 0, reasons };
}

/** Published posts, comments and shouts the member wrote. */
export async function activityOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM posts WHERE user_id = ${userId} AND is_published = 1)
         + (SELECT count(*) FROM comments WHERE user_id = ${userId} AND is_deleted = 0)
         + (SELECT count(*) FROM shouts WHERE user_id = ${userId}) AS n`);
  return Number(row?.n ?? 0);
}

/** The state of the gift an applicant is to receive (their santa stays secret). */
export interface GiftState {
  status: "none" | "waiting" | "sent" | "received";
  sent_at: string | null;
  tracking_number: string;
  received_at: string | null;
  /** A backup santa took the gift over. */
  by_backup: boolean;
  thanks_shout_id: number | null;
}

function giftOf(row: SantaApplicationRow): GiftState {
  const status = row.receivedAt ? "received" : row.sentAt ? "sent" : row.santaUserId ? "waiting" : "none";
  return {
    status,
    sent_at: row.sentAt?.toISOString() ?? null,
    tracking_number: row.trackingNumber,
    received_at: row.receivedAt?.toISOString() ?? null,
    by_backup: !!row.reassignedAt,
    thanks_shout_id: row.thanksShoutId,
  };
}

/** The member's own application. */
export interface OwnApplication {
  id: number;
  year: number;
  full_name: string;
  address: string;
  country: string;
  city: string;
  wishes: string;
  dislikes: string;
  same_country: boolean;
  is_backup: boolean;
  datetime: string;
  can_edit: boolean;
  /** Purged: the name and address were deleted after the exchange. */
  is_address_deleted: boolean;
  gift: GiftState;
}

/** What a santa sees of their recipient: the name, address and wishes — and the gift's state. */
export interface RecipientView {
  id: number;
  user: PublicUser;
  full_name: string;
  address: string;
  country: string;
  city: string;
  wishes: string;
  dislikes: string;
  /** This santa took the gift over as a backup. */
  is_backup_assignment: boolean;
  sent_at: string | null;
  tracking_number: string;
  received_at: string | null;
  thanks_shout_id: number | null;
  can_send: boolean;
}

/** What an admin sees: everything, the santa included. */
export interface AdminApplicationView extends OwnApplication {
  user: PublicUser;
  santa: PublicUser | null;
  original_santa: PublicUser | null;
}

async function opened(ctx: Ctx, row: SantaApplicationRow) {
  const value = await openAddress(
    ctx.vars.SANTA_ADDRESS_KEY,
    { exchangeId: row.exchangeId, userId: row.userId },
    row.sealed,
  );
  return value ?? { full_name: "", address: "" };
}

export async function ownView(ctx: Ctx, row: SantaApplicationRow, exchange: SantaExchangeRow): Promise<OwnApplication> {
  const { full_name, address } = await opened(ctx, row);
  return {
    id: row.id,
    year: exchange.year,
    full_name,
    address,
    country: row.country,
    city: row.city,
    wishes: row.wishes,
    dislikes: row.dislikes,
    same_country: row.sameCountry,
    is_backup: row.isBackup,
    datetime: row.createdAt.toISOString(),
    can_edit: stageOf(exchange, ctx.now()) === "applications",
    is_address_deleted: !row.sealed,
    gift: giftOf(row),
  };
}

export async function recipientView(ctx: Ctx, row: SantaApplicationRow, user: UserRow): Promise<RecipientView> {
  const { full_name, address } = await opened(ctx, row);
  return {
    id: row.id,
    user: serializePublicUser(user),
    full_name,
    address,
    country: row.country,
    city: row.city,
    wishes: row.wishes,
    dislikes: row.dislikes,
    is_backup_assignment: !!row.reassignedAt,
    sent_at: row.sentAt?.toISOString() ?? null,
    tracking_number: row.trackingNumber,
    received_at: row.receivedAt?.toISOString() ?? null,
    thanks_shout_id: row.thanksShoutId,
    can_send: !row.receivedAt,
  };
}

async function usersById(db: Db, ids: (number | null)[]): Promise<Map<number, UserRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u]));
}

export async function adminViews(
  ctx: Ctx,
  rows: SantaApplicationRow[],
  exchange: SantaExchangeRow,
): Promise<AdminApplicationView[]> {
  const people = await usersById(
    ctx.db,
    rows.flatMap((r) => [r.userId, r.santaUserId, r.originalSantaUserId]),
  );
  const pub = (id: number | null) => {
    const user = id === null ? undefined : people.get(id);
    return user ? serializePublicUser(user) : null;
  };
  return Promise.all(
    rows.map(async (row) => ({
      ...(await ownView(ctx, row, exchange)),
      user: pub(row.userId) as PublicUser,
      santa: pub(row.santaUserId),
      original_santa: pub(row.originalSantaUserId),
    })),
  );
}

/** GET /v1/secret-santa/application/: the member's application, their recipients and whether they may apply. */
export interface MySanta {
  stage: SantaStage;
  application: OwnApplication | null;
  recipients: RecipientView[];
  eligibility: Eligibility;
}

export async function getMySanta(ctx: RequestContext): Promise<MySanta> {
  const exchange = await currentExchange(ctx.db);
  const stage = stageOf(exchange, ctx.now());
  const actor = ctx.actor;
  if (!exchange) return { stage, application: null, recipients: [], eligibility: { eligible: false, reasons: [] } };
  if (!actor)
    return { stage, application: null, recipients: [], eligibility: await eligibilityOf(ctx, null, exchange) };
  // Two reads side by side, not one batch: drizzle's D1 batch maps joined rows by column name (both tables have `id`).
  const [mine, giving] = await Promise.all([
    ctx.db
      .select()
      .from(santaApplications)
      .where(and(eq(santaApplications.exchangeId, exchange.id), eq(santaApplications.userId, actor.id)))
      .limit(1),
    ctx.db
      .select({ application: santaApplications, user: users })
      .from(santaApplications)
      .innerJoin(users, eq(users.id, santaApplications.userId))
      .where(and(eq(santaApplications.exchangeId, exchange.id), eq(santaApplications.santaUserId, actor.id)))
      .orderBy(santaApplications.reassignedAt, santaApplications.id),
  ]);
  return {
    stage,
    application: mine[0] ? await ownView(ctx, mine[0], exchange) : null,
    recipients: await Promise.all(giving.map((g) => recipientView(ctx, g.application, g.user))),
    eligibility: mine[0] ? { eligible: true, reasons: [] } : await eligibilityOf(ctx, actor, exchange),
  };
}

/** An application with its exchange, or a 404. */
export async function findApplication(
  db: Db,
  id: unknown,
): Promise<{ row: SantaApplicationRow; exchange: SantaExchangeRow }> {
  const n = typeof id === "number" ? id : /^\d{1,15}$/.test(String(id ?? "")) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new AppError("not_found", "Заявка не найдена.");
  const [found] = await db
    .select({ row: santaApplications, exchange: santaExchanges })
    .from(santaApplications)
    .innerJoin(santaExchanges, eq(santaExchanges.id, santaApplications.exchangeId))
    .where(eq(santaApplications.id, n))
    .limit(1);
  if (!found) throw new AppError("not_found", "Заявка не найдена.");
  return found;
}

/**
 * GET /v1/secret-santa/application/{id}/: the member sees their own application, their santa the recipient's view,
 * an admin everything; anyone else gets a 404 (the application's existence stays private too).
 */
export async function getApplication(
  ctx: RequestContext,
  id: unknown,
): Promise<OwnApplication | RecipientView | AdminApplicationView> {
  if (!ctx.actor) throw new AppError("unauthenticated", "Войдите на сайт, чтобы увидеть заявку.");
  const { row, exchange } = await findApplication(ctx.db, id);
  const actor = ctx.actor;
  if (!can(actor, "view", row)) throw new AppError("not_found", "Заявка не найдена.");
  if (row.userId === actor.id) return ownView(ctx, row, exchange);
  if (row.santaUserId === actor.id) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
    return recipientView(ctx, row, user);
  }
  const [view] = await adminViews(ctx, [row], exchange);
  return view;
}

/** The admin page: the current (or a given year's) exchange and every application, addresses opened. */
export async function listApplicationsForAdmin(
  ctx: RequestContext,
  exchange: SantaExchangeRow,
): Promise<AdminApplicationView[]> {
  if (!can(ctx.actor, "manage")) throw new AppError("forbidden");
  const rows = await ctx.db
    .select()
    .from(santaApplications)
    .where(eq(santaApplications.exchangeId, exchange.id))
    .orderBy(santaApplications.id);
  return adminViews(ctx, rows, exchange);
}
