import { and, desc, eq, gte, isNotNull, sql, sum } from "drizzle-orm";
import { type DonationRow, donations, siteSettings, type UserRow, users } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { type AuditEntry, auditInsert } from "#workers/core/audit/audit";
import { type Paged, parsePage, parsePathId, toPage } from "#workers/core/comments/paging";
import { DONATION_CONFIG, supporterDaysFor } from "#workers/core/config/donations.config";
import { AppError } from "#workers/core/errors";
import { requireWriter } from "#workers/core/shared/actor";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { can } from "./donations.policy";
import { type Provider, ZDonationGoal, ZLinkDonation, ZManualDonation } from "./donations.schemas";
import {
  type AdminDonationItem,
  type DonationItem,
  serializeAdminDonation,
  serializeDonation,
} from "./donations.serializers";
import { refreshSupporter } from "./supporters";

const GOAL_KEY = "donation_goal";
const NOT_FOUND = "Пожертвование не найдено.";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A donation on its way in, from a webhook or an admin. */
export interface NewDonation {
  provider: Provider;
  externalId: string | null;
  amount: number;
  userId: number | null;
  name?: string;
  isAnonymous?: boolean;
  message?: string;
  donatedAt: Date;
  addedById?: number | null;
}

/**
 * Records a donation once per (provider, operation id) — a repeat is a no-op that returns null — gives its member
 * their supporter days and drops the cached /donate and profile pages. `audit` goes into the same batch.
 */
export async function recordDonation(
  ctx: RequestContext,
  input: NewDonation,
  audit?: Omit<AuditEntry, "at">,
): Promise<DonationRow | null> {
  const insert = ctx.db
    .insert(donations)
    .values({
      provider: input.provider,
      externalId: input.externalId,
      amount: input.amount,
      userId: input.userId,
      name: input.name ?? "",
      isAnonymous: input.isAnonymous ?? false,
      message: input.message ?? "",
      supporterDays: input.userId ? supporterDaysFor(input.amount) : 0,
      addedById: input.addedById ?? null,
      donatedAt: input.donatedAt,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing()
    .returning();
  const [inserted] = audit
    ? await ctx.db.batch([insert, auditInsert(ctx.db, { ...audit, at: ctx.now() })])
    : [await insert];
  const row = inserted[0];
  if (!row) return null;
  await afterChange(ctx, [row.userId]);
  return row;
}

/** Supporter periods of the members concerned, and the cached pages that show them. */
async function afterChange(ctx: RequestContext, userIds: (number | null)[]): Promise<void> {
  const members = [...new Set(userIds.filter((id): id is number => id !== null))];
  for (const id of members) await refreshSupporter(ctx.db, id, ctx.now());
  ctx.invalidate(["/donate", ...members.map((id) => `/users/${id}`)]);
}

/** The member a payment label names: «123» or «user:123» (what the site puts into the payment form). */
export async function memberFromLabel(db: Db, label: string): Promise<number | null> {
  const match = /^(?:user[:_-]?)?(\d{1,12})$/i.exec(label.trim());
  if (!match) return null;
  const row = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, Number(match[1])) });
  return row?.id ?? null;
}

async function memberByName(db: Db, username: string): Promise<UserRow | null> {
  if (!username) return null;
  const user = await db.query.users.findFirst({ where: eq(users.usernameKey, normaliseKey(username)) });
  if (!user) throw AppError.field("username", "Участник с таким именем не найден.");
  return user;
}

/** GET /v1/donation/?page=: every donation, the latest first (public). */
export async function listDonations(ctx: RequestContext, page: unknown): Promise<Paged<DonationItem>> {
  const pageNumber = parsePage(page);
  const rows = await pageOfDonations(ctx.db, pageNumber);
  return toPage(
    ctx,
    pageNumber,
    rows.map((r) => serializeDonation(r.donation, r.user)),
    DONATION_CONFIG.pageSize,
  );
}

function pageOfDonations(db: Db, page: number) {
  const size = DONATION_CONFIG.pageSize;
  return db
    .select({ donation: donations, user: users })
    .from(donations)
    .leftJoin(users, eq(users.id, donations.userId))
    .orderBy(desc(donations.donatedAt), desc(donations.id))
    .limit(size + 1)
    .offset((page - 1) * size);
}

/** The start of the month or year containing `now`, in the site's time (Moscow). */
export function periodStart(now: Date, unit: "month" | "year"): Date {
  const offset = DONATION_CONFIG.timeZoneOffsetMs;
  const local = new Date(now.getTime() + offset);
  return new Date(Date.UTC(local.getUTCFullYear(), unit === "month" ? local.getUTCMonth() : 0, 1) - offset);
}

export interface TopSupporter {
  user: PublicUser;
  /** Kopecks this year. */
  amount: number;
  count: number;
}

export interface DonationSummary {
  /** The month's goal and what came this month, in kopecks. */
  goal: number;
  month_total: number;
  month_count: number;
  /** 0–100, for the progress bar (the total may pass the goal). */
  percent: number;
  year_total: number;
  /** When the month began (ISO), for its name. */
  month_start: string;
  /** Members who gave the most this year, under their name (anonymous donations left out). */
  top_supporters: TopSupporter[];
}

export async function getMonthlyGoal(ctx: Pick<RequestContext, "db">): Promise<number> {
  const row = await ctx.db.query.siteSettings.findFirst({ where: eq(siteSettings.key, GOAL_KEY) });
  return typeof row?.value === "number" && row.value > 0 ? row.value : DONATION_CONFIG.defaultMonthlyGoal;
}

/** GET /v1/donation/summary/: the month's goal and progress, the year's total and top supporters (public). */
export async function getDonationSummary(ctx: RequestContext): Promise<DonationSummary> {
  const now = ctx.now();
  const month = periodStart(now, "month");
  const year = periodStart(now, "year");
  const totals = (since: Date) =>
    ctx.db
      .select({ total: sum(donations.amount).mapWith(Number), n: sql<number>`count(*)` })
      .from(donations)
      .where(gte(donations.donatedAt, since));
  const amount = sum(donations.amount).mapWith(Number);
  const [goal, [monthRow], [yearRow], top] = await Promise.all([
    getMonthlyGoal(ctx),
    totals(month),
    totals(year),
    ctx.db
      .select({ user: users, amount, n: sql<number>`count(*)` })
      .from(donations)
      .innerJoin(users, eq(users.id, donations.userId))
      .where(and(gte(donations.donatedAt, year), eq(donations.isAnonymous, false), isNotNull(donations.userId)))
      .groupBy(donations.userId)
      .orderBy(desc(amount), users.id)
      .limit(DONATION_CONFIG.topSupporters),
  ]);
  const monthTotal = monthRow?.total ?? 0;
  return {
    goal,
    month_total: monthTotal,
    month_count: monthRow?.n ?? 0,
    percent: Math.min(100, Math.floor((monthTotal * 100) / goal)),
    year_total: yearRow?.total ?? 0,
    month_start: month.toISOString(),
    top_supporters: top.map((r) => ({ user: serializePublicUser(r.user), amount: r.amount, count: r.n })),
  };
}

function requireManager(ctx: RequestContext): UserRow {
  const actor = requireWriter(ctx, "Войдите на сайт, чтобы управлять пожертвованиями.");
  if (!can(actor, "manage")) throw new AppError("forbidden", "Пожертвования ведут только администраторы.");
  return actor;
}

/** The admin page's list: every field, the member even behind «Аноним». */
export async function listAdminDonations(ctx: RequestContext, page: unknown): Promise<Paged<AdminDonationItem>> {
  requireManager(ctx);
  const pageNumber = parsePage(page);
  const rows = await pageOfDonations(ctx.db, pageNumber);
  return toPage(
    ctx,
    pageNumber,
    rows.map((r) => serializeAdminDonation(r.donation, r.user)),
    DONATION_CONFIG.pageSize,
  );
}

async function adminItem(ctx: RequestContext, id: number): Promise<AdminDonationItem> {
  const [row] = await ctx.db
    .select({ donation: donations, user: users })
    .from(donations)
    .leftJoin(users, eq(users.id, donations.userId))
    .where(eq(donations.id, id))
    .limit(1);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return serializeAdminDonation(row.donation, row.user);
}

/** POST /v1/donation/: an admin enters a bank transfer, a Boosty payment or another (audit `donation.create`). */
export async function addManualDonation(ctx: RequestContext, input: unknown): Promise<AdminDonationItem> {
  const actor = requireManager(ctx);
  const data = parseInput(ZManualDonation, input);
  const donatedAt = data.donated_at ? new Date(data.donated_at) : ctx.now();
  if (donatedAt.getTime() > ctx.now().getTime() + DAY_MS) {
    throw AppError.field("donated_at", "Дата пожертвования не может быть в будущем.");
  }
  const member = await memberByName(ctx.db, data.username);
  const reference = data.reference || null;
  if (reference) {
    const seen = await ctx.db.query.donations.findFirst({
      columns: { id: true },
      where: and(eq(donations.provider, data.provider), eq(donations.externalId, reference)),
    });
    if (seen)
      throw new AppError("conflict", "Платёж с этим номером уже внесён.", {
        errors: { reference: ["Платёж с этим номером уже внесён."] },
      });
  }
  const row = await recordDonation(
    ctx,
    {
      provider: data.provider,
      externalId: reference,
      amount: data.amount_rub,
      userId: member?.id ?? null,
      name: data.name,
      isAnonymous: data.is_anonymous,
      message: data.message,
      donatedAt,
      addedById: actor.id,
    },
    {
      actorId: actor.id,
      action: "donation.create",
      targetType: "donation",
      targetId: reference,
      targetUserId: member?.id ?? null,
      meta: { provider: data.provider, amount: data.amount_rub },
    },
  );
  if (!row) throw new AppError("conflict", "Платёж с этим номером уже внесён.");
  return adminItem(ctx, row.id);
}

/** PATCH /v1/donation/{id}/: an admin links a donation to a member or unlinks it (audit `donation.link`). */
export async function linkDonation(ctx: RequestContext, id: unknown, input: unknown): Promise<AdminDonationItem> {
  const actor = requireManager(ctx);
  const donationId = parsePathId(id, NOT_FOUND);
  const data = parseInput(ZLinkDonation, input);
  const current = await ctx.db.query.donations.findFirst({ where: eq(donations.id, donationId) });
  if (!current) throw new AppError("not_found", NOT_FOUND);
  const member = await memberByName(ctx.db, data.username);
  const userId = member?.id ?? null;
  await ctx.db.batch([
    ctx.db
      .update(donations)
      .set({ userId, supporterDays: userId ? supporterDaysFor(current.amount) : 0 })
      .where(eq(donations.id, donationId)),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "donation.link",
      targetType: "donation",
      targetId: donationId,
      targetUserId: userId ?? current.userId,
      meta: { from: current.userId, to: userId },
      at: ctx.now(),
    }),
  ]);
  await afterChange(ctx, [current.userId, userId]);
  return adminItem(ctx, donationId);
}

/** DELETE /v1/donation/{id}/: an admin removes a mistaken entry (audit `donation.delete`); the period shrinks. */
export async function deleteDonation(ctx: RequestContext, id: unknown): Promise<void> {
  const actor = requireManager(ctx);
  const donationId = parsePathId(id, NOT_FOUND);
  const current = await ctx.db.query.donations.findFirst({ where: eq(donations.id, donationId) });
  if (!current) throw new AppError("not_found", NOT_FOUND);
  await ctx.db.batch([
    ctx.db.delete(donations).where(eq(donations.id, donationId)),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "donation.delete",
      targetType: "donation",
      targetId: donationId,
      targetUserId: current.userId,
      meta: { provider: current.provider, amount: current.amount, external_id: current.externalId },
      at: ctx.now(),
    }),
  ]);
  await afterChange(ctx, [current.userId]);
}

/** PATCH /v1/donation/goal/: the month's goal (audit `donation.goal`). */
export async function setDonationGoal(ctx: RequestContext, input: unknown): Promise<{ goal: number }> {
  const actor = requireManager(ctx);
  const { goal_rub: goal } = parseInput(ZDonationGoal, input);
  const before = await getMonthlyGoal(ctx);
  await ctx.db.batch([
    ctx.db
      .insert(siteSettings)
      .values({ key: GOAL_KEY, value: goal })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: goal } }),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "donation.goal",
      targetType: "config",
      targetId: GOAL_KEY,
      meta: { from: before, to: goal },
      at: ctx.now(),
    }),
  ]);
  ctx.invalidate(["/donate"]);
  return { goal };
}
