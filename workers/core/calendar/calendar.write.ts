import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type GameReleaseRow,
  type GameRow,
  gameReleasePlatforms,
  gameReleases,
  games,
  platforms,
  releaseSubscriptions,
  type UserRow,
} from "#drizzle/schema";
import { auditInsert } from "#workers/core/audit/audit";
import { AppError } from "#workers/core/errors";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { bestEffort } from "#workers/core/notifications/triggers/best-effort";
import { requireWriter } from "#workers/core/shared/actor";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import { fanOutNotification } from "#workers/jobs/queue.producer";
import type { RequestContext } from "#workers/platform/context";
import { randomToken } from "#workers/platform/crypto";
import { putAll, readUpload, widthVariants } from "#workers/platform/images";
import { monthKey, monthOf, type ReleaseDate, releaseDateKey, releaseDateLabel } from "./calendar.dates";
import { can } from "./calendar.policy";
import { findGame, type GameDetail, getGame } from "./calendar.read";
import {
  type TReleaseRef,
  ZGameCreate,
  ZGameUpdate,
  ZPlatformFields,
  ZPlatformUpdate,
  ZReleaseCreate,
  ZReleaseRef,
} from "./calendar.schemas";
import { COVER_WIDTHS, type PlatformShape, serializePlatform } from "./calendar.serializers";
import { gameUrl, monthUrl } from "./calendar.urls";

/**
 * Editors' changes (is_db_editor and admins): games, their covers and release dates, platforms. Each change is
 * checked here, written in one D1 batch with its audit-log entry, purges the cached guest calendar pages it
 * touches, and tells the members who follow a release when its date moved.
 */

function requireEditor(ctx: RequestContext): UserRow {
  const actor = requireWriter(ctx, "Войдите на сайт, чтобы править календарь.");
  if (!can(actor, "edit")) throw new AppError("forbidden", "Править календарь могут только редакторы базы игр.");
  return actor;
}

// ─── covers ────────────────────────────────────────────────────────────────────────────────────────────────

/** Checks and stores a cover (header first, then decode; WebP 200 and 400 px wide); returns its key prefix. */
async function storeCover(ctx: RequestContext, file: unknown): Promise<string> {
  const bytes = await readUpload(file, "cover");
  const variants = widthVariants(bytes, [...COVER_WIDTHS], { field: "cover" });
  const key = `games/${randomToken(12).replace(/[^\w-]/g, "")}`;
  await putAll(
    ctx.env.MEDIA,
    variants.map((v, i) => ({ key: `${key}-${COVER_WIDTHS[i]}.webp`, body: v.body })),
  );
  return key;
}

function dropCover(ctx: RequestContext, key: string | null): void {
  if (!key) return;
  ctx.waitUntil(ctx.env.MEDIA.delete(COVER_WIDTHS.map((w) => `${key}-${w}.webp`)).catch(() => {}));
}

/** A file actually sent (an empty file input sends an empty, nameless part). */
function sentFile(file: unknown): file is File {
  return file instanceof File && file.size > 0;
}

// ─── shared steps ──────────────────────────────────────────────────────────────────────────────────────────

async function checkPlatforms(ctx: RequestContext, ids: number[]): Promise<void> {
  const found = await ctx.db.select({ id: platforms.id }).from(platforms).where(inArray(platforms.id, ids));
  if (found.length !== ids.length) throw AppError.field("platforms", "Такой платформы нет.");
}

/** The cached guest calendar pages that show these dates: each month, with and without each platform filter. */
async function invalidateMonths(ctx: RequestContext, dates: Date[]): Promise<void> {
  const slugs = (await ctx.db.select({ slug: platforms.slug }).from(platforms)).map((p) => p.slug);
  const months = [...new Set(dates.map((d) => monthKey(monthOf(d))))];
  const paths = [monthUrl(null), ...slugs.map((s) => monthUrl(null, s))];
  for (const m of months) {
    paths.push(monthUrl(m), ...slugs.map((s) => monthUrl(m, s)));
  }
  ctx.invalidate(paths);
}

function platformRows(releaseId: number, ids: number[]) {
  return ids.map((platformId) => ({ releaseId, platformId }));
}

function releaseValues(date: ReleaseDate, note: string, at: Date) {
  return {
    releasedAt: date.releasedAt,
    precision: date.precision,
    hasTime: date.hasTime,
    sortAt: date.sortAt,
    note,
    updatedAt: at,
  };
}

// ─── games ─────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /v1/game/ (spec §7): a game with its first release date, and its cover when one is sent. Nothing stays
 * half-written: the game, release and audit entry go in one batch; a cover is removed again if it fails.
 */
export async function createGame(ctx: RequestContext, input: unknown, cover?: unknown): Promise<GameDetail> {
  const actor = requireEditor(ctx);
  const fields = parseInput(ZGameCreate, input);
  await checkPlatforms(ctx, fields.platforms);
  const now = ctx.now();
  const coverKey = sentFile(cover) ? await storeCover(ctx, cover) : null;
  const [game] = await ctx.db
    .insert(games)
    .values({
      title: fields.title,
      titleKey: normaliseKey(fields.title),
      coverKey,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: games.id })
    .catch((error) => {
      dropCover(ctx, coverKey);
      throw error;
    });
  try {
    await ctx.db.batch([
      ...releaseInsert(ctx, game.id, fields, now),
      auditInsert(ctx.db, {
        actorId: actor.id,
        action: "game.create",
        targetType: "game",
        targetId: game.id,
        meta: { title: fields.title, date: releaseDateKey(fields.datetime_released), platforms: fields.platforms },
        at: now,
      }),
    ]);
  } catch (error) {
    // Never a game without its date: the game row goes again (its cover too).
    await ctx.db.delete(games).where(eq(games.id, game.id));
    dropCover(ctx, coverKey);
    throw error;
  }
  await invalidateMonths(ctx, [fields.datetime_released.sortAt]);
  return getGame(ctx, game.id);
}

/** A new release of a game and its platforms (the release's id is taken inside the same batch). */
function releaseInsert(
  ctx: RequestContext,
  gameId: number,
  fields: { datetime_released: ReleaseDate; note: string; platforms: number[] },
  now: Date,
) {
  const lastRelease = sql`(select max(${gameReleases.id}) from ${gameReleases} where ${gameReleases.gameId} = ${gameId})`;
  return [
    ctx.db
      .insert(gameReleases)
      .values({ gameId, ...releaseValues(fields.datetime_released, fields.note, now), createdAt: now }),
    ctx.db.insert(gameReleasePlatforms).select(
      ctx.db
        .select({ releaseId: sql<number>`${lastRelease}`.as("release_id"), platformId: platforms.id })
        .from(platforms)
        .where(inArray(platforms.id, fields.platforms)),
    ),
  ] as const;
}

/** Which release of `game` a call means: `release` (must be the game's) or the game's only one. */
async function pickRelease(ctx: RequestContext, game: GameRow, releaseId: number | undefined): Promise<GameReleaseRow> {
  const rows = await ctx.db.select().from(gameReleases).where(eq(gameReleases.gameId, game.id));
  if (releaseId !== undefined) {
    const found = rows.find((r) => r.id === releaseId);
    if (!found) throw AppError.field("release", "У этой игры нет такого релиза.");
    return found;
  }
  if (rows.length !== 1)
    throw AppError.field("release", "У игры несколько дат выхода: укажите, какую менять (release).");
  return rows[0];
}

/**
 * PATCH /v1/game/{id}/: the title, the cover (a new file replaces it, `remove_cover` removes it) and — when
 * given — the platforms, date or note of one release. Followers of a release whose date moved are told the old
 * and the new date.
 */
export async function updateGame(
  ctx: RequestContext,
  id: unknown,
  input: unknown,
  cover?: unknown,
): Promise<GameDetail> {
  const actor = requireEditor(ctx);
  const game = await findGame(ctx, id);
  const fields = parseInput(ZGameUpdate, input);
  const touchesRelease =
    fields.platforms !== undefined || fields.datetime_released !== undefined || fields.note !== undefined;
  const release = touchesRelease || fields.release !== undefined ? await pickRelease(ctx, game, fields.release) : null;
  if (fields.platforms) await checkPlatforms(ctx, fields.platforms);
  const now = ctx.now();
  const newCover = sentFile(cover) ? await storeCover(ctx, cover) : null;
  const coverKey = newCover ?? (fields.remove_cover ? null : game.coverKey);
  const title = fields.title ?? game.title;
  try {
    const statements = [];
    statements.push(
      ctx.db
        .update(games)
        .set({ title, titleKey: normaliseKey(title), coverKey, updatedAt: now })
        .where(eq(games.id, game.id)),
    );
    let moved: { before: GameReleaseRow; after: ReleaseDate } | null = null;
    if (release && touchesRelease) {
      const date = fields.datetime_released ?? release;
      statements.push(...releaseUpdate(ctx, release, date, fields.note ?? release.note, fields.platforms, now));
      if (fields.datetime_released && releaseDateKey(fields.datetime_released) !== releaseDateKey(release)) {
        moved = { before: release, after: fields.datetime_released };
      }
    }
    statements.push(
      auditInsert(ctx.db, {
        actorId: actor.id,
        action: "game.update",
        targetType: "game",
        targetId: game.id,
        meta: {
          ...(fields.title && fields.title !== game.title ? { title: [game.title, fields.title] } : {}),
          ...(newCover || fields.remove_cover ? { cover: newCover ? "replaced" : "removed" } : {}),
          ...(release && touchesRelease
            ? {
                release: release.id,
                ...(moved ? { date: [releaseDateKey(release), releaseDateKey(moved.after)] } : {}),
                ...(fields.platforms ? { platforms: fields.platforms } : {}),
                ...(fields.note !== undefined ? { note: fields.note } : {}),
              }
            : {}),
        },
        at: now,
      }),
    );
    await ctx.db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    if (newCover || fields.remove_cover) dropCover(ctx, coverKey === game.coverKey ? null : game.coverKey);
    const dates = [release?.sortAt, fields.datetime_released?.sortAt].filter((d): d is Date => !!d);
    if (!dates.length) dates.push(...(await releaseSortDates(ctx, game.id)));
    await invalidateMonths(ctx, dates);
    if (moved && release) await tellFollowers(ctx, actor, { ...game, title }, release, moved.after);
    return getGame(ctx, game.id);
  } catch (error) {
    dropCover(ctx, newCover);
    throw error;
  }
}

async function releaseSortDates(ctx: RequestContext, gameId: number): Promise<Date[]> {
  const rows = await ctx.db
    .select({ sortAt: gameReleases.sortAt })
    .from(gameReleases)
    .where(eq(gameReleases.gameId, gameId));
  return rows.map((r) => r.sortAt);
}

/** The statements that change one release (its date, note and, when given, its platforms). */
function releaseUpdate(
  ctx: RequestContext,
  release: GameReleaseRow,
  date: Pick<ReleaseDate, "releasedAt" | "precision" | "hasTime" | "sortAt">,
  note: string,
  platformIds: number[] | undefined,
  now: Date,
) {
  const update = ctx.db
    .update(gameReleases)
    .set(releaseValues(date, note, now))
    .where(eq(gameReleases.id, release.id));
  if (!platformIds) return [update];
  return [
    update,
    ctx.db.delete(gameReleasePlatforms).where(eq(gameReleasePlatforms.releaseId, release.id)),
    ctx.db.insert(gameReleasePlatforms).values(platformRows(release.id, platformIds)),
  ];
}

/**
 * Notifies each follower of a release (type 9, gamepad) that its date moved: «было …, стало …». Through the queue
 * (docs/decisions/0037-queues-fan-out.md): a popular release may have thousands of followers.
 */
async function tellFollowers(
  ctx: RequestContext,
  actor: UserRow,
  game: Pick<GameRow, "id" | "title">,
  before: GameReleaseRow,
  after: ReleaseDate,
): Promise<void> {
  const followers = await ctx.db
    .select({ userId: releaseSubscriptions.userId })
    .from(releaseSubscriptions)
    .where(eq(releaseSubscriptions.releaseId, before.id));
  if (!followers.length) return;
  const at = ctx.now().getTime();
  await bestEffort(
    "queueing notifications about a moved release",
    () =>
      fanOutNotification(ctx.env, {
        key: `release-moved:${before.id}:${at}`,
        recipients: followers.map((f) => f.userId),
        actorId: actor.id,
        showActor: false,
        type: STREAM_TYPE.game,
        texts: {
          pre_title: "Дата выхода изменилась:",
          title: game.title,
          title_url: gameUrl(game.id),
          message: `Было: ${releaseDateLabel(before)}. Стало: ${releaseDateLabel(after)}.`,
          message_url: gameUrl(game.id),
        },
        sourceKey: `release:${before.id}`,
        at,
      }),
    0,
  );
}

// ─── releases ──────────────────────────────────────────────────────────────────────────────────────────────

/** POST /v1/release/: another release date of a game (another platform, early access, a region). */
export async function addRelease(ctx: RequestContext, input: unknown): Promise<GameDetail> {
  const actor = requireEditor(ctx);
  const fields = parseInput(ZReleaseCreate, input);
  const game = await findGame(ctx, fields.game).catch(() => {
    throw AppError.field("game", "Такой игры нет.");
  });
  await checkPlatforms(ctx, fields.platforms);
  const now = ctx.now();
  await ctx.db.batch([
    ...releaseInsert(ctx, game.id, fields, now),
    ctx.db.update(games).set({ updatedAt: now }).where(eq(games.id, game.id)),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "release.create",
      targetType: "game",
      targetId: game.id,
      meta: { date: releaseDateKey(fields.datetime_released), platforms: fields.platforms, note: fields.note },
      at: now,
    }),
  ]);
  await invalidateMonths(ctx, [fields.datetime_released.sortAt]);
  return getGame(ctx, game.id);
}

/**
 * The release a `{release}` or `{game, date_released}` names: `date_released` as the release shows it
 * ("2027-03-14", "2027-Q4" …), or the Moscow day of a timed one. A 404 when none matches.
 */
export async function resolveRelease(
  ctx: RequestContext,
  ref: TReleaseRef,
): Promise<{ release: GameReleaseRow; game: GameRow }> {
  const rows = await ctx.db
    .select({ release: gameReleases, game: games })
    .from(gameReleases)
    .innerJoin(games, eq(games.id, gameReleases.gameId))
    .where("release" in ref ? eq(gameReleases.id, ref.release) : eq(gameReleases.gameId, ref.game));
  const found =
    "release" in ref
      ? rows[0]
      : (rows.find((r) => releaseDateKey(r.release) === ref.date_released) ??
        rows.find(
          (r) =>
            releaseDateKey(r.release).slice(0, 10) === ref.date_released.slice(0, 10) && r.release.precision === "day",
        ));
  if (!found) throw new AppError("not_found", "Такого релиза нет.");
  return found;
}

/**
 * POST /v1/release/delete/ (spec §7): removes one release date (its followers' subscriptions go with it); the
 * game goes too when it was its last one.
 */
export async function deleteRelease(
  ctx: RequestContext,
  input: unknown,
): Promise<{ deleted: true; game_deleted: boolean }> {
  const actor = requireEditor(ctx);
  const ref = parseInput(ZReleaseRef, input);
  const { release, game } = await resolveRelease(ctx, ref);
  const now = ctx.now();
  const others = await ctx.db
    .select({ id: gameReleases.id })
    .from(gameReleases)
    .where(and(eq(gameReleases.gameId, game.id), sql`${gameReleases.id} <> ${release.id}`))
    .limit(1);
  const last = others.length === 0;
  await ctx.db.batch([
    last
      ? ctx.db.delete(games).where(eq(games.id, game.id))
      : ctx.db.delete(gameReleases).where(eq(gameReleases.id, release.id)),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: last ? "game.delete" : "release.delete",
      targetType: "game",
      targetId: game.id,
      meta: { title: game.title, date: releaseDateKey(release) },
      at: now,
    }),
  ]);
  if (last) dropCover(ctx, game.coverKey);
  await invalidateMonths(ctx, [release.sortAt]);
  return { deleted: true, game_deleted: last };
}

// ─── platforms ─────────────────────────────────────────────────────────────────────────────────────────────

async function uniqueSlug(ctx: RequestContext, slug: string, exceptId?: number): Promise<void> {
  const taken = (await ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.slug, slug)).limit(1))[0];
  if (taken && taken.id !== exceptId) throw AppError.field("slug", "Платформа с таким адресом уже есть.");
}

/** POST /v1/platform/: a new platform. */
export async function createPlatform(ctx: RequestContext, input: unknown): Promise<PlatformShape> {
  const actor = requireEditor(ctx);
  const fields = parseInput(ZPlatformFields, input);
  await uniqueSlug(ctx, fields.slug);
  const now = ctx.now();
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(platforms)
      .values({ ...fields, createdAt: now })
      .returning(),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "platform.create",
      targetType: "platform",
      targetId: fields.slug,
      meta: fields,
      at: now,
    }),
  ]);
  ctx.invalidate(["/calendar"]);
  return serializePlatform(inserted[0]);
}

/** PATCH /v1/platform/{id}/: its title, address, icon or place in the order. */
export async function updatePlatform(ctx: RequestContext, id: unknown, input: unknown): Promise<PlatformShape> {
  const actor = requireEditor(ctx);
  const platformId = typeof id === "string" && /^\d{1,9}$/.test(id) ? Number(id) : Number.NaN;
  const current = Number.isSafeInteger(platformId)
    ? (await ctx.db.select().from(platforms).where(eq(platforms.id, platformId)).limit(1))[0]
    : undefined;
  if (!current) throw new AppError("not_found", "Такой платформы нет.");
  const fields = parseInput(ZPlatformUpdate, input);
  if (fields.slug) await uniqueSlug(ctx, fields.slug, current.id);
  const now = ctx.now();
  const [updated] = await ctx.db.batch([
    ctx.db.update(platforms).set(fields).where(eq(platforms.id, current.id)).returning(),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "platform.update",
      targetType: "platform",
      targetId: current.id,
      meta: fields,
      at: now,
    }),
  ]);
  ctx.invalidate(["/calendar", `/calendar?platform=${current.slug}`]);
  return serializePlatform(updated[0]);
}
