import { eq } from "drizzle-orm";
import { type SantaExchangeRow, santaExchanges } from "#drizzle/schema";
import { auditInsert } from "#workers/core/audit/audit";
import { AppError } from "#workers/core/errors";
import { requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { can } from "./santa.policy";
import { currentExchange } from "./santa.read";
import { ZExchange } from "./santa.schemas";
import { DEFAULT_FAQ, DEFAULT_STEPS } from "./santa.stage";
import { SANTA_PATH } from "./santa.urls";

function requireManager(ctx: RequestContext) {
  const actor = requireWriter(ctx, "Войдите на сайт.");
  if (!can(actor, "manage"))
    throw new AppError("forbidden", "Настраивать «Тайного Санту» могут только администраторы.");
  return actor;
}

/** The form's starting values: the current exchange, or a new one for this year (December dates, default texts). */
export async function exchangeForEditing(
  ctx: RequestContext,
): Promise<{ exchange: SantaExchangeRow | null; draft: SantaExchangeRow }> {
  requireManager(ctx);
  const exchange = await currentExchange(ctx.db);
  const year = ctx.now().getUTCFullYear();
  const moscow = (month: number, day: number, hour = 21) => new Date(Date.UTC(year, month, day, hour - 3, 0));
  const draft: SantaExchangeRow = exchange ?? {
    id: 0,
    year,
    opensAt: moscow(10, 15),
    closesAt: moscow(11, 5),
    sendBy: moscow(11, 15),
    receiveBy: new Date(Date.UTC(year + 1, 0, 15, 18, 0)),
    steps: DEFAULT_STEPS,
    faq: DEFAULT_FAQ,
    minAccountDays: 30,
    minActivity: 5,
    drawnAt: null,
    cancelledAt: null,
    addressesPurgedAt: null,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
  };
  return { exchange, draft };
}

/**
 * Saves a year's exchange (admins): creates it or changes its dates, texts and eligibility; written with its
 * audit entry (`santa.create` / `santa.update`). Once the draw is done the closing date no longer matters, and an
 * exchange cannot be moved to another year.
 */
export async function saveSantaExchange(ctx: RequestContext, input: unknown): Promise<SantaExchangeRow> {
  const actor = requireManager(ctx);
  const data = parseInput(ZExchange, input);
  const now = ctx.now();
  const values = {
    year: data.year,
    opensAt: data.opens_at,
    closesAt: data.closes_at,
    sendBy: data.send_by,
    receiveBy: data.receive_by,
    steps: data.steps,
    faq: data.faq,
    minAccountDays: data.min_account_days,
    minActivity: data.min_activity,
    updatedAt: now,
  };
  const [existing] = await ctx.db.select().from(santaExchanges).where(eq(santaExchanges.year, data.year)).limit(1);
  const entry = {
    actorId: actor.id,
    action: existing ? "santa.update" : "santa.create",
    targetType: "santa_exchange",
    targetId: data.year,
    meta: {
      opens_at: data.opens_at.toISOString(),
      closes_at: data.closes_at.toISOString(),
      send_by: data.send_by.toISOString(),
      receive_by: data.receive_by.toISOString(),
      min_account_days: data.min_account_days,
      min_activity: data.min_activity,
    },
    at: now,
  };
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(santaExchanges)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: santaExchanges.year, set: values })
      .returning(),
    auditInsert(ctx.db, entry),
  ]);
  ctx.invalidate([SANTA_PATH]);
  return row;
}
