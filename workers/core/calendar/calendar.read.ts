import { and, asc, eq, gte, inArray, lt, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import {
  type GameRow,
  gameReleasePlatforms,
  gameReleases,
  games,
  type PlatformRow,
  platforms,
  releaseSubscriptions,
} from "#drizzle/schema";
import { parsePathId } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { requireActor } from "#workers/core/shared/actor";
import { normaliseKey } from "#workers/core/shared/text";
import type { RequestContext } from "#workers/platform/context";
import { type Db, renamed } from "#workers/platform/db";
import { preparedReads } from "#workers/platform/prepared";
import {
  addMonths,
  dayOf,
  type Month,
  monthBounds,
  monthKey,
  monthOf,
  monthTitle,
  parseMonthKey,
} from "./calendar.dates";
import { SEARCH_MIN } from "./calendar.schemas";
import {
  type CoverShape,
  type GameRelease,
  listedDay,
  type PlatformShape,
  type ReleaseParts,
  serializeCover,
  serializePlatform,
  serializeRelease,
} from "./calendar.serializers";

/** Reading the calendar: months, a game, the title filter, a member's releases. Guests see everything. */

/** Most releases one list returns (a month holds far fewer; the bench's busiest has a few hundred). */
const LIST_MAX = 2000;
const SEARCH_MAX = 60;

const NOT_FOUND = "Игра не найдена.";

/** Every platform in the editors' order. */
export async function listPlatforms(ctx: Pick<RequestContext, "db" | "read">): Promise<PlatformShape[]> {
  const [rows] = await ctx.read([ctx.db.select().from(platforms).orderBy(asc(platforms.position), asc(platforms.id))]);
  return rows.map(serializePlatform);
}

/** A platform by slug or id (the page uses slugs, the API either); null when it names none. */
export async function findPlatform(ctx: Pick<RequestContext, "db">, value: string): Promise<PlatformRow | null> {
  const v = value.trim().toLowerCase();
  if (!v) return null;
  const where = /^\d{1,9}$/.test(v) ? eq(platforms.id, Number(v)) : eq(platforms.slug, v);
  return (await ctx.db.select().from(platforms).where(where).limit(1))[0] ?? null;
}

/**
 * The releases matching `where` (on game_releases and games), in calendar order, each with its platforms (in
 * the platforms' order) and whether the member follows it. Three reads side by side, no id lists (D1 caps
 * bound parameters): the platforms and subscriptions reads select by the same condition.
 */
async function releasesWhere(ctx: RequestContext, where: SQL | undefined, limit = LIST_MAX): Promise<ReleaseParts[]> {
  const memberId = ctx.sharedRender ? null : (ctx.actor?.id ?? null);
  return releaseParts(await ctx.read(releaseReads(ctx.db, where, memberId ?? 0, memberId ? limit : 0, limit)));
}

/** releasesWhere's three selects; `memberId` and the limits may be placeholders (monthReads). */
function releaseReads(
  db: Db,
  where: SQL | undefined,
  memberId: number | Placeholder,
  subscriptionsLimit: number | Placeholder,
  limit: number | Placeholder,
) {
  const matching = db
    .select({ id: gameReleases.id })
    .from(gameReleases)
    .innerJoin(games, eq(games.id, gameReleases.gameId))
    .where(where);
  const links = db
    .select({ releaseId: gameReleasePlatforms.releaseId, platformId: gameReleasePlatforms.platformId })
    .from(gameReleasePlatforms)
    .innerJoin(platforms, eq(platforms.id, gameReleasePlatforms.platformId))
    .where(inArray(gameReleasePlatforms.releaseId, matching))
    .orderBy(asc(platforms.position), asc(platforms.id));
  const subscriptions = db
    .select({ releaseId: releaseSubscriptions.releaseId })
    .from(releaseSubscriptions)
    .where(and(eq(releaseSubscriptions.userId, memberId), inArray(releaseSubscriptions.releaseId, matching)))
    .limit(subscriptionsLimit);
  // The game's id is renamed so that the join can go through the coalescing reader with the page's other reads
  // (a batch returns rows as objects keyed by column name: ../../platform/db.ts renamed).
  const rows = db
    .select({
      release: gameReleases,
      game: { id: renamed(games.id, "game_ref_id"), title: games.title, coverKey: games.coverKey },
    })
    .from(gameReleases)
    .innerJoin(games, eq(games.id, gameReleases.gameId))
    .where(where)
    .orderBy(asc(gameReleases.sortAt), asc(games.titleKey), asc(gameReleases.id))
    .limit(limit);
  return [rows, links, subscriptions] as const;
}

/** The releases with their platforms and the member's follows, from releaseReads' results. */
function releaseParts([rows, linkRows, subscribed]: BatchResponse<ReturnType<typeof releaseReads>>): ReleaseParts[] {
  const platformsOf = new Map<number, number[]>();
  for (const link of linkRows) {
    const list = platformsOf.get(link.releaseId) ?? [];
    list.push(link.platformId);
    platformsOf.set(link.releaseId, list);
  }
  const followed = new Set(subscribed.map((s) => s.releaseId));
  return rows.map((r) => ({
    release: r.release,
    game: r.game,
    platformIds: platformsOf.get(r.release.id) ?? [],
    isSubscribed: followed.has(r.release.id),
  }));
}

/**
 * A month's releases (`start` ≤ sort time < `end`), on every platform or on one: the calendar's reads, each shape
 * built once per isolate (workers/platform/prepared.ts).
 */
function monthReads(onOnePlatform: boolean) {
  return preparedReads(["start", "end", "platform", "memberId", "subscriptionsLimit"], (db, p) =>
    releaseReads(
      db,
      and(
        gte(gameReleases.sortAt, sql.param(p.start, gameReleases.sortAt)),
        lt(gameReleases.sortAt, sql.param(p.end, gameReleases.sortAt)),
        onOnePlatform ? onPlatform(p.platform) : undefined,
      ),
      p.memberId,
      p.subscriptionsLimit,
      LIST_MAX,
    ),
  );
}
const MONTH_READS = { all: monthReads(false), one: monthReads(true) };

/** Only releases on this platform. */
export function onPlatform(platformId: number | Placeholder): SQL {
  return sql`exists (select 1 from ${gameReleasePlatforms} where ${gameReleasePlatforms.releaseId} = ${gameReleases.id} and ${gameReleasePlatforms.platformId} = ${platformId})`;
}

export interface CalendarMonth<R = GameRelease> {
  /** "2027-3" (the `?date=` form). */
  date: string;
  /** «Март 2027» */
  title: string;
  year: number;
  month: number;
  previous: string;
  next: string;
  /** Releases of each Moscow day of the month, "YYYY-MM-DD" → releases (spec §3: releases keyed by date). */
  releases: Record<string, R[]>;
  /** Releases dated only by this month, or by a quarter or year ending with it: «Дата уточняется». */
  undated: R[];
  /** The platform filter, when one is set. */
  platform: PlatformShape | null;
  /** Today in Moscow time ("YYYY-MM-DD"). */
  today: string;
}

/** The month a `?date=` names (the current Moscow month when empty); a 400 when it names none. */
export function resolveMonth(ctx: Pick<RequestContext, "now">, date: unknown): Month {
  if (date === undefined || date === null || date === "") return monthOf(ctx.now());
  const month = typeof date === "string" ? parseMonthKey(date) : null;
  if (!month) throw AppError.field("date", "Неверный месяц: нужен вид ГГГГ-М, например 2027-3.");
  return month;
}

/**
 * GET /v1/game/releases/?date=YYYY-M&platform= and the /calendar page: a Moscow month's releases by day, the
 * imprecise ones apart, optionally on one platform (slug or id; an unknown one is a 400). Each release as
 * `serialize` shapes it: the API's GameRelease, the page's ReleaseTile.
 */
export async function listMonth<R>(
  ctx: RequestContext,
  query: { date?: unknown; platform?: unknown },
  serialize: (parts: ReleaseParts) => R,
): Promise<CalendarMonth<R>> {
  const month = resolveMonth(ctx, query.date);
  let platform: PlatformRow | null = null;
  if (typeof query.platform === "string" && query.platform) {
    platform = await findPlatform(ctx, query.platform);
    if (!platform) throw AppError.field("platform", "Такой платформы нет.");
  }
  const [start, end] = monthBounds(month);
  const memberId = ctx.sharedRender ? null : (ctx.actor?.id ?? null);
  const reads = MONTH_READS[platform ? "one" : "all"](ctx.db, {
    start: new Date(start),
    end: new Date(end),
    platform: platform?.id ?? 0,
    memberId: memberId ?? 0,
    subscriptionsLimit: memberId ? LIST_MAX : 0,
  });
  const list = releaseParts(await ctx.read(reads));
  const releases: Record<string, R[]> = {};
  const undated: R[] = [];
  for (const parts of list) {
    const day = listedDay(parts.release);
    const release = serialize(parts);
    if (!day) undated.push(release);
    else if (releases[day]) releases[day].push(release);
    else releases[day] = [release];
  }
  return {
    date: monthKey(month),
    title: monthTitle(month),
    year: month.year,
    month: month.month,
    previous: monthKey(addMonths(month, -1)),
    next: monthKey(addMonths(month, 1)),
    releases,
    undated,
    platform: platform ? serializePlatform(platform) : null,
    today: dayOf(ctx.now()),
  };
}

export interface GameDetail {
  id: number;
  title: string;
  cover: CoverShape | null;
  releases: GameRelease[];
}

export async function findGame(ctx: Pick<RequestContext, "db">, id: unknown): Promise<GameRow> {
  const gameId = parsePathId(id, NOT_FOUND);
  const game = (await ctx.db.select().from(games).where(eq(games.id, gameId)).limit(1))[0];
  if (!game) throw new AppError("not_found", NOT_FOUND);
  return game;
}

/** GET /v1/game/{id}/: a game and all its release dates. */
export async function getGame(ctx: RequestContext, id: unknown): Promise<GameDetail> {
  const game = await findGame(ctx, id);
  const releases = (await releasesWhere(ctx, eq(gameReleases.gameId, game.id))).map(serializeRelease);
  return { id: game.id, title: game.title, cover: serializeCover(game.coverKey), releases };
}

/** The page's filter box: releases of games whose title holds the words typed (case and ё ignored). */
export async function searchReleases<R>(
  ctx: RequestContext,
  q: unknown,
  serialize: (parts: ReleaseParts) => R,
): Promise<R[]> {
  const text = typeof q === "string" ? normaliseKey(q).replace(/\s+/g, " ").slice(0, 100) : "";
  if (text.length < SEARCH_MIN) throw AppError.field("q", `Введите хотя бы ${SEARCH_MIN} буквы названия.`);
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (await releasesWhere(ctx, sql`${games.titleKey} like ${pattern} escape '\\'`, SEARCH_MAX)).map(serialize);
}

export interface MyReleases<R = GameRelease> {
  upcoming: R[];
  past: R[];
}

/** «Мои релизы»: the member's followed releases, the coming ones first, then the last year's past ones. */
export async function listMyReleases<R>(
  ctx: RequestContext,
  serialize: (parts: ReleaseParts) => R,
): Promise<MyReleases<R>> {
  const actor = requireActor(ctx, "Войдите на сайт, чтобы следить за релизами.");
  const list = await releasesWhere(ctx, followedBy(actor.id));
  const today = dayOf(ctx.now());
  const upcoming: R[] = [];
  const past: R[] = [];
  for (const parts of list) {
    const day = listedDay(parts.release);
    if (day && day < today) past.push(serialize(parts));
    else upcoming.push(serialize(parts));
  }
  return { upcoming, past: past.reverse() };
}

/** Releases for the feeds: matching `where`, from `since` on, in date order. */
export async function feedReleases(ctx: RequestContext, where: SQL, since: Date, limit = 1000): Promise<GameRelease[]> {
  return (await releasesWhere(ctx, and(where, gte(gameReleases.sortAt, since)), limit)).map(serializeRelease);
}

/** Releases this member follows («Мои релизы», the private feed). */
export function followedBy(userId: number): SQL {
  return sql`exists (select 1 from ${releaseSubscriptions} where ${releaseSubscriptions.releaseId} = ${gameReleases.id} and ${releaseSubscriptions.userId} = ${userId})`;
}
