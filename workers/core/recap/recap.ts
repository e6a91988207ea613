import { and, eq, inArray, min, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { recapCache, users } from "#drizzle/schema";
import { type AvatarUrls, avatarUrls } from "#workers/core/accounts/accounts.serializers";
import { rawBatch } from "#workers/core/comments/d1";
import { AppError } from "#workers/core/errors";
import { excerpt } from "#workers/core/notifications/notifications.serializers";
import { postUrl } from "#workers/core/posts/posts.urls";
import { parseInput } from "#workers/core/shared/validation";
import { listedForGuests } from "#workers/core/shouts/shouts.read";
import { shoutUrl } from "#workers/core/shouts/shouts.urls";
import type { Db } from "#workers/platform/db";
import { computeMemberFigures, computeSiteFigures, type MemberFigures, type SiteFigures } from "./recap.compute";
import { RECAP_TTL_FINISHED_MS, RECAP_TTL_RUNNING_MS, RECAP_VERSION, TOP_SHOWN } from "./recap.constants";
import { dayLabel, defaultRecapYear, isRecapOpen, isRunning, moscowYear } from "./recap.period";
import { type Rhythm, rhythmOf } from "./recap.rhythm";

/**
 * GET /v1/year/{year}/ and /year (docs/decisions/0033-yearly-recap.md): the site's year for everyone and, for a
 * signed-in member, their own year on top. Figures are aggregated once per year and scope and kept in
 * recap_cache; who and what may be shown is decided here at read time — a member who turned on
 * «Не показывать меня в итогах года» (`is_recap_hidden`) is left out of every top list and of others' recaps at
 * once, and content that left view (unpublished posts, muted or members-only shouts) is never listed.
 */

export interface RecapUserRef {
  id: number;
  username: string;
  avatar: AvatarUrls;
}
export interface RecapPostRef {
  id: number;
  slug: string;
  title: string;
  url: string;
  pwnd: number;
  comments_count: number;
  user: RecapUserRef;
}
export interface RecapShoutRef {
  id: number;
  url: string;
  text: string;
  pwnd: number;
  user: RecapUserRef;
}
export interface SiteRecap {
  counts: { posts: number; shouts: number; comments: number; paws: number; new_members: number };
  top_posts: RecapPostRef[];
  top_shouts: RecapShoutRef[];
  busiest_day: { date: string; label: string; count: number } | null;
  top_tags: { slug: string; name: string; count: number }[];
  most_discussed: (RecapPostRef & { comments_in_year: number }) | null;
}
export interface MemberRecap {
  user: RecapUserRef;
  counts: { posts: number; shouts: number; comments: number };
  paws: { given: number; received: number };
  best_post: RecapPostRef | null;
  favourite_tags: { slug: string; name: string; count: number }[];
  rhythm: Rhythm;
  talked_with: { user: RecapUserRef; count: number }[];
}
export interface YearRecap {
  year: number;
  /** Years with a recap to show, newest first. */
  years: number[];
  is_open: boolean;
  /** When a running year's recap opens (ISO date), while it is closed. */
  opens_on: string | null;
  site: SiteRecap | null;
  me: MemberRecap | null;
  /** The member keeps themselves out of others' recaps and the top lists. */
  is_hidden: boolean;
}

const ZYear = z.coerce
  .number({ error: "Год — это число." })
  .int("Год — это целое число.")
  .min(1990, "Такого года на сайте не было.")
  .max(9999, "Такого года на сайте не было.");

/** Members who keep themselves out of the recap (`is_recap_hidden` in their settings). */
const hiddenUser = (alias: SQL) => sql`coalesce(json_extract(${alias}.settings, '$.is_recap_hidden'), 0) = 1`;
const idList = (ids: number[]) =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`NULL`;

type Ctx = {
  db: Db;
  env: Env;
  now: () => Date;
  actor: { id: number; isAdmin: boolean; username: string; avatarKey: string | null; settings: unknown } | null;
  /** A request's coalescing reader (RequestContext.read); jobs have none. */
  read?: Db["batch"];
};

function userRef(row: Record<string, unknown>, prefix = ""): RecapUserRef {
  const avatarKey = (row[`${prefix}avatar_key`] as string | null) ?? null;
  return {
    id: Number(row[`${prefix}id`]),
    username: String(row[`${prefix}username`]),
    avatar: avatarUrls({ avatarKey }),
  };
}

/** The stored figures of a scope, recomputed when missing, of an older shape or past their time. */
async function figures<T>(ctx: Ctx, year: number, scope: string, compute: () => Promise<T>): Promise<T> {
  return freshFigures(ctx, year, scope, await storedFigures(ctx, year, scope), compute);
}

type StoredFigures = typeof recapCache.$inferSelect | undefined;

/** A scope's stored row. On a page, a coalesced read (with the root loader's, the years' and the other scope's). */
async function storedFigures(ctx: Ctx, year: number, scope: string): Promise<StoredFigures> {
  const query = ctx.db
    .select()
    .from(recapCache)
    .where(and(eq(recapCache.year, year), eq(recapCache.scope, scope)))
    .limit(1);
  const [row] = ctx.read ? (await ctx.read([query]))[0] : await query;
  return row;
}

async function freshFigures<T>(
  ctx: Ctx,
  year: number,
  scope: string,
  row: StoredFigures,
  compute: () => Promise<T>,
): Promise<T> {
  const now = ctx.now();
  const ttl = isRunning(year, now) ? RECAP_TTL_RUNNING_MS : RECAP_TTL_FINISHED_MS;
  if (row && row.version === RECAP_VERSION && now.getTime() - row.computedAt.getTime() < ttl) return row.data as T;
  const data = await compute();
  await ctx.db
    .insert(recapCache)
    .values({ year, scope, version: RECAP_VERSION, data, computedAt: now })
    .onConflictDoUpdate({
      target: [recapCache.year, recapCache.scope],
      set: { version: RECAP_VERSION, data, computedAt: now },
    });
  return data;
}

export function siteFigures(ctx: Ctx, year: number): Promise<SiteFigures> {
  return figures(ctx, year, "site", () => computeSiteFigures(ctx, year));
}

export function memberFigures(ctx: Ctx, userId: number, year: number): Promise<MemberFigures> {
  return figures(ctx, year, `user:${userId}`, () => computeMemberFigures(ctx, userId, year));
}

/** Drops a member's stored figures (their recap is recomputed on the next read). */
export async function forgetRecaps(db: Db, scopes: string[]): Promise<void> {
  if (scopes.length) await db.delete(recapCache).where(inArray(recapCache.scope, scopes));
}

/** The posts, shouts and members the figures name, as far as they may still be shown. */
async function resolveRefs(
  ctx: Ctx,
  want: { posts: number[]; shouts: number[]; users: number[]; ownPostId?: number | null; ownerId?: number },
) {
  // `+p.is_published`: the ids are the way in (their primary keys); with a bare column SQLite took the published
  // posts' index and walked every published post (~20 ms on the bench's 96,000).
  const [posts, shouts, users, own] = await rawBatch(ctx, [
    sql`SELECT p.id, p.slug, p.title, p.pwnd, p.comments_count, u.id AS u_id, u.username AS u_username,
        u.avatar_key AS u_avatar_key
      FROM posts p INNER JOIN users u ON u.id = p.user_id
      WHERE p.id IN (${idList(want.posts)}) AND +p.is_published = 1 AND NOT ${hiddenUser(sql`u`)}`,
    sql`SELECT s.id, s.text, s.pwnd, u.id AS u_id, u.username AS u_username, u.avatar_key AS u_avatar_key
      FROM shouts s INNER JOIN users u ON u.id = s.user_id
      WHERE s.id IN (${idList(want.shouts)}) AND ${listedForGuests(sql`s.id`)} AND NOT ${hiddenUser(sql`u`)}`,
    sql`SELECT u.id, u.username, u.avatar_key FROM users u
      WHERE u.id IN (${idList(want.users)}) AND NOT ${hiddenUser(sql`u`)}`,
    sql`SELECT p.id, p.slug, p.title, p.pwnd, p.comments_count, u.id AS u_id, u.username AS u_username,
        u.avatar_key AS u_avatar_key
      FROM posts p INNER JOIN users u ON u.id = p.user_id
      WHERE p.id = ${want.ownPostId ?? null} AND p.user_id = ${want.ownerId ?? null} AND +p.is_published = 1`,
  ]);
  const postRef = (row: Record<string, unknown>): RecapPostRef => ({
    id: Number(row.id),
    slug: String(row.slug),
    title: String(row.title),
    url: postUrl(String(row.slug)),
    pwnd: Number(row.pwnd),
    comments_count: Number(row.comments_count),
    user: userRef(row, "u_"),
  });
  return {
    posts: new Map(posts.map((row) => [Number(row.id), postRef(row)])),
    shouts: new Map(
      shouts.map((row) => [
        Number(row.id),
        {
          id: Number(row.id),
          url: shoutUrl(Number(row.id)),
          text: excerpt(String(row.text)),
          pwnd: Number(row.pwnd),
          user: userRef(row, "u_"),
        } satisfies RecapShoutRef,
      ]),
    ),
    users: new Map(users.map((row) => [Number(row.id), userRef(row)])),
    ownPost: own[0] ? postRef(own[0]) : null,
  };
}

function pick<T>(ids: number[], found: Map<number, T>): T[] {
  return ids.flatMap((id) => (found.has(id) ? [found.get(id) as T] : [])).slice(0, TOP_SHOWN);
}

export function siteView(site: SiteFigures, refs: Awaited<ReturnType<typeof resolveRefs>>): SiteRecap {
  const discussed = site.most_discussed.find((item) => refs.posts.has(item.id));
  return {
    counts: {
      posts: site.posts,
      shouts: site.shouts,
      comments: site.comments,
      paws: site.paws,
      new_members: site.new_members,
    },
    top_posts: pick(site.top_post_ids, refs.posts),
    top_shouts: pick(site.top_shout_ids, refs.shouts),
    busiest_day: site.busiest_day ? { ...site.busiest_day, label: dayLabel(site.busiest_day.date) } : null,
    top_tags: site.top_tags,
    most_discussed: discussed
      ? { ...(refs.posts.get(discussed.id) as RecapPostRef), comments_in_year: discussed.count }
      : null,
  };
}

export function memberView(
  user: RecapUserRef,
  mine: MemberFigures,
  refs: Awaited<ReturnType<typeof resolveRefs>>,
): MemberRecap {
  return {
    user,
    counts: { posts: mine.posts, shouts: mine.shouts, comments: mine.comments },
    paws: { given: mine.paws_given, received: mine.paws_received },
    best_post: refs.ownPost,
    favourite_tags: mine.favourite_tags,
    rhythm: rhythmOf(mine.days),
    talked_with: mine.talked_with
      .filter((item) => refs.users.has(item.id))
      .slice(0, TOP_SHOWN)
      .map((item) => ({ user: refs.users.get(item.id) as RecapUserRef, count: item.count })),
  };
}

/** Years with content, newest first: from the first member's year to the latest open one. */
async function recapYears(ctx: Ctx, latest: number): Promise<number[]> {
  const query = ctx.db.select({ first: min(users.createdAt) }).from(users);
  // On a page, a coalesced read (with the root loader's and the stored figures').
  const [row] = ctx.read ? (await ctx.read([query]))[0] : await query;
  const first = row?.first ? moscowYear(row.first) : latest;
  const years: number[] = [];
  for (let year = latest; year >= Math.min(first, latest); year--) years.push(year);
  return years;
}

export function isHiddenFromRecap(settings: unknown): boolean {
  return (settings as Record<string, unknown> | null)?.is_recap_hidden === true;
}

/** A member's recap as the member sees it (or as a share shows it): figures resolved, others' privacy kept. */
export async function loadMemberRecap(ctx: Ctx, user: RecapUserRef, year: number): Promise<MemberRecap> {
  const mine = await memberFigures(ctx, user.id, year);
  const refs = await resolveRefs(ctx, {
    posts: [],
    shouts: [],
    users: mine.talked_with.map((item) => item.id),
    ownPostId: mine.best_post_id,
    ownerId: user.id,
  });
  return memberView(user, mine, refs);
}

/** The year a recap request asks for: `?year=` checked, or the one the page opens on. */
export function recapYear(ctx: Pick<Ctx, "now">, input: { year?: unknown }): number {
  return input.year === undefined || input.year === "" ? defaultRecapYear(ctx.now()) : parseInput(ZYear, input.year);
}

export async function getYearRecap(ctx: Ctx, input: { year?: unknown }): Promise<YearRecap> {
  const now = ctx.now();
  const year = recapYear(ctx, input);
  const isAdmin = ctx.actor?.isAdmin ?? false;
  const open = isRecapOpen(year, now) || (isAdmin && year <= moscowYear(now));
  const actor = ctx.actor;
  const siteScope = "site";
  const ownScope = actor ? `user:${actor.id}` : null;
  // The stored figures are read beside the years (one round trip); anything is computed only for a valid year.
  const [years, siteRow, ownRow] = await Promise.all([
    recapYears(ctx, isAdmin ? moscowYear(now) : defaultRecapYear(now)),
    open ? storedFigures(ctx, year, siteScope) : undefined,
    open && ownScope ? storedFigures(ctx, year, ownScope) : undefined,
  ]);
  if (year > moscowYear(now) || (years.length && year < years[years.length - 1])) {
    throw new AppError("not_found", `Итогов ${year} года нет.`);
  }
  const base = {
    year,
    years,
    is_open: open,
    opens_on: open ? null : `${year}-12-01`,
    is_hidden: isHiddenFromRecap(ctx.actor?.settings),
  };
  if (!open) return { ...base, site: null, me: null };

  const [site, mine] = await Promise.all([
    freshFigures(ctx, year, siteScope, siteRow, () => computeSiteFigures(ctx, year)),
    actor && ownScope
      ? freshFigures(ctx, year, ownScope, ownRow, () => computeMemberFigures(ctx, actor.id, year))
      : Promise.resolve(null),
  ]);
  const refs = await resolveRefs(ctx, {
    posts: [...site.top_post_ids, ...site.most_discussed.map((item) => item.id)],
    shouts: site.top_shout_ids,
    users: mine ? mine.talked_with.map((item) => item.id) : [],
    ownPostId: mine?.best_post_id,
    ownerId: actor?.id,
  });
  const me =
    actor && mine
      ? memberView({ id: actor.id, username: actor.username, avatar: avatarUrls(actor) }, mine, refs)
      : null;
  return { ...base, site: siteView(site, refs), me };
}
