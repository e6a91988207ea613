import { and, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { userFingerprints, users } from "#drizzle/schema";
import { auditInsert } from "#workers/core/audit/audit";
import { parsePathId } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { requireActor, requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { can } from "./moderation.policy";

/**
 * Device fingerprints (docs/decisions/0025-device-fingerprints.md). A member with `is_fp_required` sends
 * `PATCH /v1/user/fp/ {data}`: base64 of JSON `{hash, components}` computed in the browser by ThumbmarkJS. Only the
 * hash is kept (per member, first and last seen); the components are checked for shape and dropped. Moderators
 * see which other accounts were seen with the same hash. Hashes unseen for FINGERPRINT_KEEP_DAYS are deleted.
 */
export const FINGERPRINT_KEEP_DAYS = 180;
/** The base64 text: a hash and the components of one device stay well under this. */
export const FINGERPRINT_MAX_CHARS = 16_000;

const ZFingerprintBody = z
  .object({
    data: z
      .string({ error: "Передайте отпечаток в поле data." })
      .min(1, "Передайте отпечаток в поле data.")
      .max(FINGERPRINT_MAX_CHARS, "Отпечаток слишком большой.")
      .regex(/^[A-Za-z0-9+/=_-]+$/, "Отпечаток должен быть в base64."),
  })
  .strict();

const ZFingerprintData = z.object({
  hash: z.string().regex(/^[0-9a-fA-F]{16,128}$/),
  components: z.record(z.string(), z.unknown()).optional(),
});

function decode(data: string): z.output<typeof ZFingerprintData> {
  let parsed: unknown;
  try {
    const binary = atob(data.replace(/-/g, "+").replace(/_/g, "/"));
    parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    throw AppError.field("data", "Отпечаток не читается: ожидается base64 от JSON.");
  }
  const result = ZFingerprintData.safeParse(parsed);
  if (!result.success) throw AppError.field("data", "В отпечатке нет хеша (16–128 шестнадцатеричных знаков).");
  return result.data;
}

/** PATCH /v1/user/fp/: records the device's hash for the member (first seen / last seen / times). */
export async function saveFingerprint(ctx: RequestContext, input: unknown): Promise<{ saved: true }> {
  // A sanctioned member sends it too (ban evasion is what it is for).
  const actor = requireActor(ctx, "Войдите на сайт.");
  const { data } = parseInput(ZFingerprintBody, input);
  const { hash } = decode(data);
  const now = ctx.now();
  await ctx.db
    .insert(userFingerprints)
    .values({ userId: actor.id, hash: hash.toLowerCase(), firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [userFingerprints.userId, userFingerprints.hash],
      set: { lastSeenAt: now, seenCount: sql`${userFingerprints.seenCount} + 1` },
    });
  return { saved: true };
}

export interface FingerprintMatch {
  user: { id: number; username: string; is_banned: boolean };
  /** How many of the member's hashes this account shares. */
  shared: number;
  datetime_last_seen: string;
}

/** Other accounts seen with any of the member's hashes, most recently seen first (moderators only). */
export async function fingerprintMatches(db: Db, userId: number): Promise<FingerprintMatch[]> {
  const mine = db
    .select({ hash: userFingerprints.hash })
    .from(userFingerprints)
    .where(eq(userFingerprints.userId, userId));
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      isBanned: users.isBanned,
      blockedUntil: users.blockedUntil,
      shared: sql<number>`count(*)`,
      lastSeen: sql<number>`max(${userFingerprints.lastSeenAt})`,
    })
    .from(userFingerprints)
    .innerJoin(users, eq(users.id, userFingerprints.userId))
    .where(and(inArray(userFingerprints.hash, mine), ne(userFingerprints.userId, userId)))
    .groupBy(users.id)
    .orderBy(desc(sql`max(${userFingerprints.lastSeenAt})`))
    .limit(50);
  const now = Date.now();
  return rows.map((r) => ({
    user: {
      id: r.id,
      username: r.username,
      is_banned: r.isBanned || (!!r.blockedUntil && r.blockedUntil.getTime() > now),
    },
    shared: Number(r.shared),
    datetime_last_seen: new Date(Number(r.lastSeen)).toISOString(),
  }));
}

/** How many device hashes the member has on record. */
export async function fingerprintCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(userFingerprints)
    .where(eq(userFingerprints.userId, userId));
  return Number(row?.n ?? 0);
}

/** Admins switch `is_fp_required` for a member (audited). */
export async function setFingerprintRequired(
  ctx: RequestContext,
  userId: unknown,
  input: unknown,
): Promise<{ is_fp_required: boolean }> {
  const actor = requireWriter(ctx, "Войдите на сайт.");
  const id = parsePathId(userId, "Пользователь не найден.");
  const target = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!can(actor, "set-fp-required", target ?? { id, isAdmin: false, isMod: false })) {
    throw new AppError("forbidden", "Требовать отпечаток устройства может только администратор.");
  }
  if (!target) throw new AppError("not_found", "Пользователь не найден.");
  const { is_fp_required: value } = parseInput(z.object({ is_fp_required: z.boolean() }).strict(), input);
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.update(users).set({ isFpRequired: value }).where(eq(users.id, target.id)),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: value ? "user.fp_require" : "user.fp_unrequire",
      targetType: "user",
      targetId: target.id,
      targetUserId: target.id,
      at: now,
    }),
  ]);
  return { is_fp_required: value };
}

/** The retention job's statement: hashes not seen for FINGERPRINT_KEEP_DAYS go. */
export async function purgeOldFingerprints(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - FINGERPRINT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(userFingerprints).where(lt(userFingerprints.lastSeenAt, cutoff));
}

/** The scheduled job that keeps the retention promise of decision 0025. */
export const fingerprintRetentionJob = {
  name: "fingerprint-retention",
  run: ({ db, now }: { db: Db; now: Date }) => purgeOldFingerprints(db, now),
};
