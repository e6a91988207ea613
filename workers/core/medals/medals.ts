import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type MedalRow, medals, type UserRow, userMedals, users } from "#drizzle/schema";
import { getUserById } from "#workers/core/accounts/profile";
import { auditInsert } from "#workers/core/audit/audit";
import { type Paged, parsePage, parsePathId, toPage } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { notify } from "#workers/core/notifications/notifications";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { bestEffort } from "#workers/core/notifications/triggers/best-effort";
import { requireWriter } from "#workers/core/shared/actor";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import { RECIPIENT_TOKEN } from "#workers/jobs/queue.messages";
import { fanOutNotification } from "#workers/jobs/queue.producer";
import type { RequestContext } from "#workers/platform/context";
import { randomToken } from "#workers/platform/crypto";
import { putAll, readUpload, squareVariants } from "#workers/platform/images";
import { can } from "./medals.policy";
import { RULE_QUERIES } from "./medals.rules";
import { MEDAL_SIZES, type MedalRule, ZAward, ZMedal } from "./medals.schemas";
import { type MedalItem, serializeMedal, serializeUserMedal, type UserMedalItem } from "./medals.serializers";

const NOT_FOUND = "Медаль не найдена.";
const PAGE_SIZE = 20;
/** At most this many members get one automatic medal in one run; the rest wait for the next run. */
export const AUTO_AWARD_BATCH = 200;

function requireManager(ctx: RequestContext): UserRow {
  const actor = requireWriter(ctx, "Войдите на сайт, чтобы управлять медалями.");
  if (!can(actor, "manage")) throw new AppError("forbidden", "Медалями распоряжаются только администраторы.");
  return actor;
}

async function findMedal(ctx: RequestContext, id: unknown): Promise<MedalRow> {
  const medalId = parsePathId(id, NOT_FOUND);
  const row = await ctx.db.query.medals.findFirst({ where: eq(medals.id, medalId) });
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return row;
}

/** GET /v1/medal/: every medal, automatic ones first (public: the profile explains what a medal means). */
export async function listMedals(ctx: RequestContext): Promise<MedalItem[]> {
  const rows = await ctx.db.select().from(medals).orderBy(desc(medals.isAutomatic), asc(medals.id));
  return rows.map(serializeMedal);
}

/** The picture through the image pipeline: square WebP variants in R2; returns the key prefix. */
async function storePicture(ctx: RequestContext, file: unknown): Promise<{ key: string; objects: string[] }> {
  const bytes = await readUpload(file, "picture");
  const sizes = [MEDAL_SIZES.small, MEDAL_SIZES.big];
  const variants = squareVariants(bytes, sizes, { field: "picture" });
  const key = `medals/${randomToken(9)}`;
  const objects = sizes.map((size, i) => ({ key: `${key}-${size}.webp`, body: variants[i] }));
  await putAll(ctx.env.MEDIA, objects);
  return { key, objects: objects.map((o) => o.key) };
}

function pictureKeys(key: string | null): string[] {
  return key ? [MEDAL_SIZES.small, MEDAL_SIZES.big].map((size) => `${key}-${size}.webp`) : [];
}

async function ruleIsFree(ctx: RequestContext, rule: MedalRule | "", exceptId?: number): Promise<void> {
  if (!rule) return;
  const other = await ctx.db.query.medals.findFirst({ columns: { id: true }, where: eq(medals.rule, rule) });
  if (other && other.id !== exceptId) {
    throw new AppError("conflict", "Медаль с этим правилом уже есть.", {
      errors: { rule: ["Медаль с этим правилом уже есть."] },
    });
  }
}

/** POST /v1/medal/: an admin creates a medal, with a picture when `picture` is a file (audit `medal.create`). */
export async function createMedal(ctx: RequestContext, input: unknown, picture?: unknown): Promise<MedalItem> {
  const actor = requireManager(ctx);
  const data = parseInput(ZMedal, input);
  await ruleIsFree(ctx, data.rule);
  const stored = picture !== undefined ? await storePicture(ctx, picture) : null;
  try {
    const [[row]] = await ctx.db.batch([
      ctx.db
        .insert(medals)
        .values({
          name: data.name,
          description: data.description,
          isAutomatic: data.is_automatic,
          rule: data.is_automatic ? data.rule : null,
          imageKey: stored?.key ?? null,
          createdAt: ctx.now(),
        })
        .returning(),
      auditInsert(ctx.db, {
        actorId: actor.id,
        action: "medal.create",
        targetType: "medal",
        meta: { name: data.name, rule: data.rule || null },
        at: ctx.now(),
      }),
    ]);
    return serializeMedal(row);
  } catch (error) {
    if (stored) await ctx.env.MEDIA.delete(stored.objects);
    throw error;
  }
}

/** PATCH /v1/medal/{id}/: name, description, automatic rule; a new picture replaces the old (audit `medal.update`). */
export async function updateMedal(
  ctx: RequestContext,
  id: unknown,
  input: unknown,
  picture?: unknown,
): Promise<MedalItem> {
  const actor = requireManager(ctx);
  const medal = await findMedal(ctx, id);
  const data = parseInput(ZMedal, input);
  await ruleIsFree(ctx, data.rule, medal.id);
  const stored = picture !== undefined ? await storePicture(ctx, picture) : null;
  try {
    const [[row]] = await ctx.db.batch([
      ctx.db
        .update(medals)
        .set({
          name: data.name,
          description: data.description,
          isAutomatic: data.is_automatic,
          rule: data.is_automatic ? data.rule : null,
          ...(stored ? { imageKey: stored.key } : {}),
        })
        .where(eq(medals.id, medal.id))
        .returning(),
      auditInsert(ctx.db, {
        actorId: actor.id,
        action: "medal.update",
        targetType: "medal",
        targetId: medal.id,
        meta: { name: data.name, rule: data.rule || null, picture: !!stored },
        at: ctx.now(),
      }),
    ]);
    if (stored && medal.imageKey) ctx.waitUntil(ctx.env.MEDIA.delete(pictureKeys(medal.imageKey)));
    return serializeMedal(row);
  } catch (error) {
    if (stored) await ctx.env.MEDIA.delete(stored.objects);
    throw error;
  }
}

/** POST /v1/medal/{id}/picture/: a new picture (multipart field `picture`). */
export async function setMedalPicture(ctx: RequestContext, id: unknown, file: unknown): Promise<MedalItem> {
  requireManager(ctx);
  const medal = await findMedal(ctx, id);
  return updateMedal(
    ctx,
    medal.id,
    { name: medal.name, description: medal.description, is_automatic: medal.isAutomatic, rule: medal.rule ?? "" },
    file ?? null,
  );
}

async function memberFor(ctx: RequestContext, award: { user_id?: number; username: string }): Promise<UserRow> {
  const user = award.user_id
    ? await ctx.db.query.users.findFirst({ where: eq(users.id, award.user_id) })
    : await ctx.db.query.users.findFirst({ where: eq(users.usernameKey, normaliseKey(award.username)) });
  if (!user) throw AppError.field("username", "Участник не найден.");
  return user;
}

/** The texts of a medal's notification (type 6, medal icon), linking to the member's medals. */
function awardTexts(medal: MedalRow, note: string, member: number | typeof RECIPIENT_TOKEN) {
  return {
    pre_title: "Вам вручена медаль",
    title: medal.name,
    title_url: `/users/${member}/medals`,
    message: note || medal.description,
    message_url: `/users/${member}/medals`,
  };
}

/** Tells a member about their medal: notification type 6 (medal icon) from the site itself, and a web push. */
async function notifyAward(ctx: RequestContext, userId: number, medal: MedalRow, note: string): Promise<void> {
  await bestEffort(
    "notification about a medal",
    () =>
      notify(ctx, {
        recipientId: userId,
        actor: null,
        type: STREAM_TYPE.medal,
        texts: awardTexts(medal, note, userId),
        sourceKey: `medal:${medal.id}`,
      }),
    null,
  );
}

/** POST /v1/medal/{id}/award/: an admin awards a medal with a note (audit `medal.award`); once per member. */
export async function awardMedal(ctx: RequestContext, id: unknown, input: unknown): Promise<UserMedalItem> {
  const actor = requireManager(ctx);
  const medal = await findMedal(ctx, id);
  const data = parseInput(ZAward, input);
  const member = await memberFor(ctx, data);
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(userMedals)
      .values({ medalId: medal.id, userId: member.id, note: data.note, awardedById: actor.id, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning(),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "medal.award",
      targetType: "medal",
      targetId: medal.id,
      targetUserId: member.id,
      reason: data.note || null,
      at: ctx.now(),
    }),
  ]);
  const award = inserted[0];
  if (!award) {
    throw new AppError("conflict", `У участника ${member.username} уже есть эта медаль.`, {
      errors: { username: [`У участника ${member.username} уже есть эта медаль.`] },
    });
  }
  await notifyAward(ctx, member.id, medal, data.note);
  return serializeUserMedal(award, medal);
}

/** DELETE /v1/medal/{id}/award/{userId}/: an admin takes a medal back (audit `medal.revoke`). */
export async function revokeMedal(ctx: RequestContext, id: unknown, userId: unknown): Promise<void> {
  const actor = requireManager(ctx);
  const medal = await findMedal(ctx, id);
  const memberId = parsePathId(userId, "Участник не найден.");
  const [removed] = await ctx.db.batch([
    ctx.db
      .delete(userMedals)
      .where(and(eq(userMedals.medalId, medal.id), eq(userMedals.userId, memberId)))
      .returning({ id: userMedals.id }),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "medal.revoke",
      targetType: "medal",
      targetId: medal.id,
      targetUserId: memberId,
      at: ctx.now(),
    }),
  ]);
  if (!removed.length) throw new AppError("not_found", "У участника нет этой медали.");
}

/** GET /v1/user/{id}/medals/?page=: a member's medals, the latest first, with dates and notes (public). */
export async function listUserMedals(
  ctx: RequestContext,
  userId: unknown,
  page: unknown,
): Promise<Paged<UserMedalItem>> {
  const user = await getUserById(ctx, String(userId));
  const pageNumber = parsePage(page);
  const rows = await ctx.db
    .select({ award: userMedals, medal: medals })
    .from(userMedals)
    .innerJoin(medals, eq(medals.id, userMedals.medalId))
    .where(eq(userMedals.userId, user.id))
    .orderBy(desc(userMedals.createdAt), desc(userMedals.id))
    .limit(PAGE_SIZE + 1)
    .offset((pageNumber - 1) * PAGE_SIZE);
  return toPage(
    ctx,
    pageNumber,
    rows.map((r) => serializeUserMedal(r.award, r.medal)),
    PAGE_SIZE,
  );
}

/**
 * The daily job's work: each automatic medal whose rule is built goes to every member (not banned) the rule finds
 * and who lacks it — the unique index makes a rerun award nothing twice — and each new holder is notified.
 * Returns how many were awarded and whether a rule hit the batch limit (then the job runs again next tick).
 */
export async function awardAutomaticMedals(ctx: RequestContext): Promise<{ awarded: number; more: boolean }> {
  const now = ctx.now();
  const automatic = await ctx.db.select().from(medals).where(eq(medals.isAutomatic, true));
  let awarded = 0;
  let more = false;
  for (const medal of automatic) {
    const query = medal.rule ? RULE_QUERIES[medal.rule as MedalRule] : null;
    if (!query) continue;
    const rows = await ctx.db.all<{ user_id: number }>(sql`
      INSERT INTO user_medals (medal_id, user_id, note, created_at)
      SELECT ${medal.id}, u.id, '', ${now.getTime()} FROM users u
      WHERE u.is_banned = 0 AND u.id IN (${query(now)})
        AND NOT EXISTS (SELECT 1 FROM user_medals m WHERE m.medal_id = ${medal.id} AND m.user_id = u.id)
      ORDER BY u.id LIMIT ${AUTO_AWARD_BATCH}
      ON CONFLICT DO NOTHING
      RETURNING user_id`);
    if (rows.length >= AUTO_AWARD_BATCH) more = true;
    awarded += rows.length;
    if (!rows.length) continue;
    // The winners hear about it through the queue (docs/decisions/0037): one message per hundred members.
    await bestEffort(
      "queueing notifications about an automatic medal",
      () =>
        fanOutNotification(ctx.env, {
          key: `medal:${medal.id}:${now.getTime()}`,
          recipients: rows.map((r) => r.user_id),
          actorId: null,
          type: STREAM_TYPE.medal,
          texts: awardTexts(medal, "", RECIPIENT_TOKEN),
          sourceKey: `medal:${medal.id}`,
          at: now.getTime(),
        }),
      0,
    );
  }
  return { awarded, more };
}
