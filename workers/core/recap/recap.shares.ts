import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { recapShares, users } from "#drizzle/schema";
import { avatarUrls } from "#workers/core/accounts/accounts.serializers";
import { AppError } from "#workers/core/errors";
import { requireActor, requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { randomToken } from "#workers/platform/crypto";
import { loadMemberRecap, type MemberRecap, type RecapUserRef } from "./recap";
import { SHARE_PART_KEYS, type SharePart } from "./recap.constants";
import { isRecapOpen } from "./recap.period";

/**
 * Sharing one's recap: a public link (`/year/shared/{id}`) that shows only the parts the member chose. A member
 * has at most one link per year: sharing again replaces it (the old link stops working), and they can stop
 * sharing. The recap behind the link is read live, so the figures stay current and others' privacy holds.
 */

const SIGN_IN = "Войдите на сайт, чтобы поделиться итогами года.";

export const ZShareInput = z.object({
  year: z.coerce.number({ error: "Год — это число." }).int("Год — это целое число.").min(2000).max(9999),
  parts: z
    .array(z.enum(SHARE_PART_KEYS as [SharePart, ...SharePart[]], { error: "Такой части итогов нет." }), {
      error: "Выберите, чем поделиться.",
    })
    .min(1, "Выберите хотя бы одну часть итогов.")
    .max(SHARE_PART_KEYS.length)
    .transform((parts) => [...new Set(parts)]),
});

export interface RecapShare {
  id: string;
  year: number;
  parts: SharePart[];
  url: string;
}

export const sharedRecapUrl = (id: string) => `/year/shared/${id}`;

export async function shareRecap(ctx: RequestContext, input: unknown): Promise<RecapShare> {
  const actor = requireWriter(ctx, SIGN_IN);
  const { year, parts } = parseInput(ZShareInput, input);
  if (!isRecapOpen(year, ctx.now())) throw AppError.field("year", `Итоги ${year} года ещё не открылись.`);
  const id = randomToken(12);
  await ctx.db.batch([
    ctx.db.delete(recapShares).where(and(eq(recapShares.userId, actor.id), eq(recapShares.year, year))),
    ctx.db.insert(recapShares).values({ id, userId: actor.id, year, parts, createdAt: ctx.now() }),
  ]);
  return { id, year, parts, url: sharedRecapUrl(id) };
}

export async function stopSharingRecap(ctx: RequestContext, input: unknown): Promise<{ year: number }> {
  const actor = requireActor(ctx, SIGN_IN);
  const { year } = parseInput(ZShareInput.pick({ year: true }), input);
  await ctx.db.delete(recapShares).where(and(eq(recapShares.userId, actor.id), eq(recapShares.year, year)));
  return { year };
}

/** The member's current link for a year, if they share it. */
export async function myRecapShare(ctx: RequestContext, year: number): Promise<RecapShare | null> {
  if (!ctx.actor) return null;
  // A coalesced read: on /year it goes with the recap's first reads.
  const [[row]] = await ctx.read([
    ctx.db
      .select()
      .from(recapShares)
      .where(and(eq(recapShares.userId, ctx.actor.id), eq(recapShares.year, year)))
      .limit(1),
  ]);
  return row ? { id: row.id, year: row.year, parts: row.parts as SharePart[], url: sharedRecapUrl(row.id) } : null;
}

export interface SharedRecap {
  id: string;
  year: number;
  parts: SharePart[];
  user: RecapUserRef;
  recap: Partial<MemberRecap>;
}

/** Keeps only the chosen parts of a member's recap. */
export function chosenParts(recap: MemberRecap, parts: SharePart[]): Partial<MemberRecap> {
  const has = (part: SharePart) => parts.includes(part);
  return {
    user: recap.user,
    ...(has("counts") ? { counts: recap.counts } : {}),
    ...(has("paws") ? { paws: recap.paws } : {}),
    ...(has("best_post") ? { best_post: recap.best_post } : {}),
    ...(has("tags") ? { favourite_tags: recap.favourite_tags } : {}),
    ...(has("rhythm") || has("streak") ? { rhythm: pickRhythm(recap, has("rhythm"), has("streak")) } : {}),
    ...(has("people") ? { talked_with: recap.talked_with } : {}),
  };
}

function pickRhythm(recap: MemberRecap, rhythm: boolean, streak: boolean): MemberRecap["rhythm"] {
  return {
    active_days: recap.rhythm.active_days,
    most_active_month: rhythm ? recap.rhythm.most_active_month : null,
    most_active_weekday: rhythm ? recap.rhythm.most_active_weekday : null,
    longest_streak: streak ? recap.rhythm.longest_streak : null,
  };
}

export async function getSharedRecap(ctx: RequestContext, id: unknown): Promise<SharedRecap> {
  const token = typeof id === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(id) ? id : null;
  const found = token
    ? await ctx.db
        .select({ share: recapShares, user: users })
        .from(recapShares)
        .innerJoin(users, eq(users.id, recapShares.userId))
        .where(eq(recapShares.id, token))
        .get()
    : undefined;
  if (!found) throw new AppError("not_found", "Эта ссылка на итоги года больше не работает.");
  const user = { id: found.user.id, username: found.user.username, avatar: avatarUrls(found.user) };
  const parts = found.share.parts as SharePart[];
  const recap = await loadMemberRecap(ctx, user, found.share.year);
  return { id: found.share.id, year: found.share.year, parts, user, recap: chosenParts(recap, parts) };
}
