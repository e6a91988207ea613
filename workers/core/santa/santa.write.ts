import { and, eq, isNull } from "drizzle-orm";
import { type SantaApplicationRow, type SantaExchangeRow, santaApplications, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { requireWriter } from "#workers/core/shared/actor";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import { createShout } from "#workers/core/shouts/shouts";
import type { RequestContext } from "#workers/platform/context";
import { sealAddress } from "./santa.crypto";
import { notifySanta, SANTA_TEXTS } from "./santa.notices";
import { can } from "./santa.policy";
import {
  currentExchange,
  eligibilityOf,
  findApplication,
  type OwnApplication,
  ownView,
  type RecipientView,
  recipientView,
  stageOf,
} from "./santa.read";
import { type TApplication, ZApplication, ZReceive, ZSend } from "./santa.schemas";
import { SANTA_PATH } from "./santa.urls";

const SIGN_IN = "Войдите на сайт, чтобы участвовать в «Тайном Санте».";
const CLOSED = "Приём заявок закрыт.";

async function rowValues(ctx: RequestContext, exchange: SantaExchangeRow, userId: number, data: TApplication) {
  return {
    sealed: await sealAddress(
      ctx.vars.SANTA_ADDRESS_KEY,
      { exchangeId: exchange.id, userId },
      {
        full_name: data.full_name,
        address: data.address,
      },
    ),
    country: data.country,
    countryKey: normaliseKey(data.country),
    city: data.city,
    wishes: data.wishes,
    dislikes: data.dislikes,
    sameCountry: data.same_country,
    isBackup: data.is_backup,
    updatedAt: ctx.now(),
  };
}

/** POST /v1/secret-santa/application/: apply to the current exchange while applications are open. */
export async function applyToSanta(ctx: RequestContext, input: unknown): Promise<OwnApplication> {
  const actor = requireWriter(ctx, SIGN_IN);
  const exchange = await currentExchange(ctx.db);
  if (!exchange || stageOf(exchange, ctx.now()) !== "applications") throw new AppError("conflict", CLOSED);
  const data = parseInput(ZApplication, input);
  const eligibility = await eligibilityOf(ctx, actor, exchange);
  if (!eligibility.eligible) throw new AppError("forbidden", eligibility.reasons.join(" "));
  const [row] = await ctx.db
    .insert(santaApplications)
    .values({
      exchangeId: exchange.id,
      userId: actor.id,
      ...(await rowValues(ctx, exchange, actor.id, data)),
      createdAt: ctx.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("conflict", "Вы уже подали заявку: её можно изменить.");
  ctx.invalidate([SANTA_PATH]);
  return ownView(ctx, row, exchange);
}

/** PATCH /v1/secret-santa/application/{id}/: the member changes their application until applications close. */
export async function updateSantaApplication(
  ctx: RequestContext,
  id: unknown,
  input: unknown,
): Promise<OwnApplication> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { row, exchange } = await findApplication(ctx.db, id);
  if (!can(actor, "view", row)) throw new AppError("not_found", "Заявка не найдена.");
  if (!can(actor, "edit", row)) throw new AppError("forbidden", "Изменить заявку может только её автор.");
  if (stageOf(exchange, ctx.now()) !== "applications")
    throw new AppError("conflict", `${CLOSED} Заявку больше нельзя изменить.`);
  const data = parseInput(ZApplication, input);
  const [updated] = await ctx.db
    .update(santaApplications)
    .set(await rowValues(ctx, exchange, actor.id, data))
    .where(and(eq(santaApplications.id, row.id), isNull(santaApplications.santaUserId)))
    .returning();
  if (!updated) throw new AppError("conflict", `${CLOSED} Заявку больше нельзя изменить.`);
  return ownView(ctx, updated, exchange);
}

function requireDrawn(exchange: SantaExchangeRow): void {
  if (!exchange.drawnAt) throw new AppError("conflict", "Жеребьёвки ещё не было.");
}

/**
 * PATCH /v1/secret-santa/application/{id}/send/ (the id is the recipient's application): the santa marks the gift
 * sent, with an optional tracking number; sending again only updates the number. The recipient is told once.
 */
export async function markGiftSent(ctx: RequestContext, id: unknown, input: unknown): Promise<RecipientView> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { row, exchange } = await findApplication(ctx.db, id);
  // The santa who missed the deadline learns why (they no longer see the recipient).
  if (row.originalSantaUserId === actor.id && row.santaUserId !== actor.id) {
    throw new AppError("forbidden", "Этот подарок уже передан запасному Санте.");
  }
  if (!can(actor, "view", row)) throw new AppError("not_found", "Заявка не найдена.");
  if (!can(actor, "send", row))
    throw new AppError("forbidden", "Отметить отправку может только Санта этого получателя.");
  requireDrawn(exchange);
  const data = parseInput(ZSend, input ?? {});
  if (row.receivedAt) throw new AppError("conflict", "Получатель уже отметил подарок полученным.");
  const now = ctx.now();
  const [first] = await ctx.db
    .update(santaApplications)
    .set({ sentAt: now, trackingNumber: data.tracking_number, updatedAt: now })
    .where(
      and(
        eq(santaApplications.id, row.id),
        eq(santaApplications.santaUserId, actor.id),
        isNull(santaApplications.sentAt),
      ),
    )
    .returning();
  let updated: SantaApplicationRow | undefined = first;
  if (first) {
    await notifySanta(ctx, row.userId, exchange.id, SANTA_TEXTS.sent(data.tracking_number));
    ctx.invalidate([SANTA_PATH]);
  } else {
    [updated] = await ctx.db
      .update(santaApplications)
      .set({ trackingNumber: data.tracking_number, updatedAt: now })
      .where(and(eq(santaApplications.id, row.id), eq(santaApplications.santaUserId, actor.id)))
      .returning();
  }
  if (!updated) throw new AppError("conflict", "Подарок передан другому Санте.");
  const [recipient] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  return recipientView(ctx, updated, recipient);
}

/**
 * PATCH /v1/secret-santa/application/{id}/receive/ (the member's own application): the recipient marks the gift
 * received, with an optional thank-you shout on the bonfire (text and pictures, through the shouts service). The
 * santa is told. A gift received counts as sent even if the santa never marked it.
 */
export async function markGiftReceived(
  ctx: RequestContext,
  id: unknown,
  input: { thanks?: unknown; files?: unknown[] },
): Promise<OwnApplication> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { row, exchange } = await findApplication(ctx.db, id);
  if (!can(actor, "view", row)) throw new AppError("not_found", "Заявка не найдена.");
  if (!can(actor, "receive", row)) throw new AppError("forbidden", "Отметить получение может только получатель.");
  requireDrawn(exchange);
  if (!row.santaUserId) throw new AppError("conflict", "У этой заявки нет Санты.");
  if (row.receivedAt) throw new AppError("conflict", "Вы уже отметили подарок полученным.");
  const data = parseInput(ZReceive, { thanks: input?.thanks });
  const files = Array.isArray(input?.files) ? input.files : [];
  // The shout first: a bad picture or text refuses the whole request before anything is written.
  const shout = data.thanks || files.length ? await createShout(ctx, { text: data.thanks, files }) : null;
  const now = ctx.now();
  const [updated] = await ctx.db
    .update(santaApplications)
    .set({ receivedAt: now, sentAt: row.sentAt ?? now, thanksShoutId: shout?.id ?? null, updatedAt: now })
    .where(and(eq(santaApplications.id, row.id), isNull(santaApplications.receivedAt)))
    .returning();
  if (!updated) throw new AppError("conflict", "Вы уже отметили подарок полученным.");
  if (updated.santaUserId) {
    await notifySanta(ctx, updated.santaUserId, exchange.id, SANTA_TEXTS.received(actor.username, shout?.id ?? null));
  }
  ctx.invalidate([SANTA_PATH]);
  return ownView(ctx, updated, exchange);
}
