import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type SantaExchangeRow, santaApplications, santaExchanges, users } from "#drizzle/schema";
import { isSanctioned } from "#workers/core/moderation/sanctions.read";
import type { RequestContext } from "#workers/platform/context";
import { drawCycle } from "./santa.match";
import { notifyOnce, SANTA_TEXTS } from "./santa.notices";

/**
 * What the scheduled job does for Secret Santa (docs/decisions/0032), each step idempotent: the draw when
 * applications close, reminders before the deadlines, backup santas for gifts not sent in time, and deleting the
 * names and addresses 30 days after the exchange ends.
 */

const DAY_MS = 86_400_000;
/** Reminders go out this long before each deadline. */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;
/** Names and addresses are deleted this long after `receive_by` (at once when the exchange is cancelled). */
export const ADDRESS_RETENTION_MS = 30 * DAY_MS;

export async function runSantaJob(ctx: RequestContext): Promise<void> {
  const now = ctx.now();
  // Exchanges with anything left to do: not yet purged.
  const exchanges = await ctx.db.select().from(santaExchanges).where(isNull(santaExchanges.addressesPurgedAt));
  for (const exchange of exchanges) {
    if (!exchange.drawnAt && !exchange.cancelledAt && now >= exchange.closesAt) await drawExchange(ctx, exchange);
    const fresh = (await ctx.db.select().from(santaExchanges).where(eq(santaExchanges.id, exchange.id)))[0];
    if (!fresh) continue;
    if (fresh.drawnAt) {
      await remind(ctx, fresh);
      if (now >= fresh.sendBy) await assignBackups(ctx, fresh);
    }
    await purgeAddresses(ctx, fresh);
  }
}

/** Last year's giver → receiver pairs (the drawn santa and any backup), to avoid repeating them. */
async function lastYearPairs(ctx: RequestContext, exchange: SantaExchangeRow): Promise<[number, number][]> {
  const rows = await ctx.db
    .select({
      userId: santaApplications.userId,
      santa: santaApplications.santaUserId,
      original: santaApplications.originalSantaUserId,
    })
    .from(santaApplications)
    .innerJoin(santaExchanges, eq(santaExchanges.id, santaApplications.exchangeId))
    .where(eq(santaExchanges.year, exchange.year - 1));
  return rows.flatMap((r) =>
    [r.santa, r.original].filter((g): g is number => g !== null).map((giver) => [giver, r.userId] as [number, number]),
  );
}

/**
 * The draw: one cycle over every applicant not sanctioned at this moment. With fewer than three the exchange is
 * cancelled, applicants are told and their addresses deleted. Guarded by `drawn_at IS NULL`: a second run (or a
 * concurrent one: D1 runs a batch as one transaction) writes nothing.
 */
export async function drawExchange(ctx: RequestContext, exchange: SantaExchangeRow): Promise<void> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      id: santaApplications.id,
      userId: santaApplications.userId,
      countryKey: santaApplications.countryKey,
      sameCountry: santaApplications.sameCountry,
      username: users.username,
      isBanned: users.isBanned,
      blockedUntil: users.blockedUntil,
    })
    .from(santaApplications)
    .innerJoin(users, eq(users.id, santaApplications.userId))
    .where(eq(santaApplications.exchangeId, exchange.id));
  const taking = rows.filter((r) => !isSanctioned(r, now));
  const left = rows.filter((r) => isSanctioned(r, now));
  const open = and(
    eq(santaExchanges.id, exchange.id),
    isNull(santaExchanges.drawnAt),
    isNull(santaExchanges.cancelledAt),
  );
  const stillOpen = sql`EXISTS (SELECT 1 FROM santa_exchanges WHERE id = ${exchange.id} AND drawn_at IS NULL AND cancelled_at IS NULL)`;

  const pairs = drawCycle(
    taking.map((r) => ({ id: r.userId, country: r.countryKey, sameCountry: r.sameCountry })),
    { avoid: await lastYearPairs(ctx, exchange) },
  );
  if (!pairs) {
    const cancelled = await ctx.db
      .update(santaExchanges)
      .set({ cancelledAt: now, updatedAt: now })
      .where(open)
      .returning({ id: santaExchanges.id });
    if (!cancelled.length) return;
    for (const r of rows)
      await notifyOnce(ctx, { exchangeId: exchange.id, userId: r.userId, kind: "cancelled" }, SANTA_TEXTS.cancelled());
    return;
  }
  const applicationOf = new Map(taking.map((r) => [r.userId, r]));
  const updates = pairs.map(([giver, receiver]) =>
    ctx.db
      .update(santaApplications)
      .set({ santaUserId: giver, originalSantaUserId: giver, updatedAt: now })
      .where(and(eq(santaApplications.id, (applicationOf.get(receiver) as (typeof taking)[number]).id), stillOpen)),
  );
  const mark = ctx.db
    .update(santaExchanges)
    .set({ drawnAt: now, updatedAt: now })
    .where(open)
    .returning({ id: santaExchanges.id });
  // The applications first (each checks the exchange is still undrawn), the exchange's mark last, in one transaction.
  const results = await ctx.db.batch([...updates, mark] as unknown as [typeof mark, ...(typeof mark)[]]);
  if (!(results.at(-1) as { id: number }[]).length) return;
  await tellDrawn(
    ctx,
    exchange,
    left.map((r) => r.userId),
  );
}

/** Each santa learns their recipient's name (once); applicants left out learn why. */
async function tellDrawn(ctx: RequestContext, exchange: SantaExchangeRow, leftOut: number[]): Promise<void> {
  const assigned = await ctx.db
    .select({ santa: santaApplications.santaUserId, username: users.username })
    .from(santaApplications)
    .innerJoin(users, eq(users.id, santaApplications.userId))
    .where(and(eq(santaApplications.exchangeId, exchange.id), isNotNull(santaApplications.santaUserId)));
  for (const a of assigned) {
    await notifyOnce(
      ctx,
      { exchangeId: exchange.id, userId: a.santa as number, kind: "drawn" },
      SANTA_TEXTS.drawn(a.username),
    );
  }
  for (const userId of leftOut) {
    await notifyOnce(ctx, { exchangeId: exchange.id, userId, kind: "not_drawn" }, SANTA_TEXTS.notDrawn());
  }
}

/** Three days before each deadline: santas with a gift not sent, then recipients who have not marked theirs received. */
async function remind(ctx: RequestContext, exchange: SantaExchangeRow): Promise<void> {
  const t = ctx.now().getTime();
  if (t >= exchange.sendBy.getTime() - REMINDER_BEFORE_MS && t < exchange.sendBy.getTime()) {
    const santas = await ctx.db
      .selectDistinct({ santa: santaApplications.santaUserId })
      .from(santaApplications)
      .where(
        and(
          eq(santaApplications.exchangeId, exchange.id),
          isNotNull(santaApplications.santaUserId),
          isNull(santaApplications.sentAt),
          isNull(santaApplications.receivedAt),
        ),
      );
    for (const { santa } of santas) {
      await notifyOnce(
        ctx,
        { exchangeId: exchange.id, userId: santa as number, kind: "send_soon" },
        SANTA_TEXTS.sendSoon(exchange.sendBy),
      );
    }
  }
  if (t >= exchange.receiveBy.getTime() - REMINDER_BEFORE_MS && t < exchange.receiveBy.getTime()) {
    const waiting = await ctx.db
      .select({ userId: santaApplications.userId })
      .from(santaApplications)
      .where(
        and(
          eq(santaApplications.exchangeId, exchange.id),
          isNotNull(santaApplications.santaUserId),
          isNull(santaApplications.receivedAt),
        ),
      );
    for (const { userId } of waiting) {
      await notifyOnce(
        ctx,
        { exchangeId: exchange.id, userId, kind: "receive_soon" },
        SANTA_TEXTS.receiveSoon(exchange.receiveBy),
      );
    }
  }
}

/**
 * After the send-by date, every gift still not sent goes to a backup santa: an applicant who volunteered and has
 * sent their own gift (not the recipient, not the santa who missed it), the one with the fewest backup gifts first.
 * The recipient, the backup and the santa who missed it are told (once each). With no volunteer left the
 * recipient is told that one is being looked for, and the next run tries again.
 */
export async function assignBackups(ctx: RequestContext, exchange: SantaExchangeRow): Promise<void> {
  const now = ctx.now();
  const late = await ctx.db
    .select({ application: santaApplications, username: users.username })
    .from(santaApplications)
    .innerJoin(users, eq(users.id, santaApplications.userId))
    .where(
      and(
        eq(santaApplications.exchangeId, exchange.id),
        isNotNull(santaApplications.santaUserId),
        isNull(santaApplications.sentAt),
        isNull(santaApplications.receivedAt),
        isNull(santaApplications.reassignedAt),
      ),
    );
  if (!late.length) return;
  for (const { application, username } of late) {
    const volunteers = await ctx.db.all<{ user_id: number; load: number }>(sql`
      SELECT v.user_id AS user_id,
             (SELECT count(*) FROM santa_applications b
               WHERE b.exchange_id = v.exchange_id AND b.santa_user_id = v.user_id AND b.reassigned_at IS NOT NULL) AS load
        FROM santa_applications v
        JOIN users u ON u.id = v.user_id
       WHERE v.exchange_id = ${exchange.id} AND v.is_backup = 1
         AND v.user_id NOT IN (${application.userId}, ${application.santaUserId})
         AND u.is_banned = 0 AND (u.blocked_until IS NULL OR u.blocked_until <= ${now.getTime()})
         AND EXISTS (SELECT 1 FROM santa_applications own
                      WHERE own.exchange_id = v.exchange_id AND own.santa_user_id = v.user_id
                        AND own.reassigned_at IS NULL AND own.sent_at IS NOT NULL)
       ORDER BY load, random()
       LIMIT 1`);
    const backup = volunteers[0]?.user_id;
    if (!backup) {
      await notifyOnce(
        ctx,
        { exchangeId: exchange.id, userId: application.userId, kind: `no_backup:${application.id}` },
        SANTA_TEXTS.noBackup(),
      );
      continue;
    }
    const [moved] = await ctx.db
      .update(santaApplications)
      .set({ santaUserId: backup, reassignedAt: now, updatedAt: now })
      .where(
        and(
          eq(santaApplications.id, application.id),
          isNull(santaApplications.sentAt),
          isNull(santaApplications.receivedAt),
          isNull(santaApplications.reassignedAt),
        ),
      )
      .returning({ id: santaApplications.id });
    if (!moved) continue;
    const kind = `backup:${application.id}`;
    await notifyOnce(ctx, { exchangeId: exchange.id, userId: application.userId, kind }, SANTA_TEXTS.backupRecipient());
    await notifyOnce(ctx, { exchangeId: exchange.id, userId: backup, kind }, SANTA_TEXTS.backupSanta(username));
    if (application.santaUserId) {
      await notifyOnce(
        ctx,
        { exchangeId: exchange.id, userId: application.santaUserId, kind },
        SANTA_TEXTS.backupTaken(username),
      );
    }
  }
}

/** Deletes the sealed names and addresses when their time has come (once: `addresses_purged_at`). */
export async function purgeAddresses(ctx: RequestContext, exchange: SantaExchangeRow): Promise<void> {
  const now = ctx.now();
  const due =
    exchange.cancelledAt ?? (exchange.drawnAt ? new Date(exchange.receiveBy.getTime() + ADDRESS_RETENTION_MS) : null);
  if (!due || now < due || exchange.addressesPurgedAt) return;
  await ctx.db.batch([
    ctx.db.update(santaApplications).set({ sealed: null }).where(eq(santaApplications.exchangeId, exchange.id)),
    ctx.db.update(santaExchanges).set({ addressesPurgedAt: now }).where(eq(santaExchanges.id, exchange.id)),
  ]);
}
