import type { GameReleaseRow, GameRow, PlatformRow } from "#drizzle/schema";
import { mediaUrl } from "#workers/core/shared/media";
import {
  monthKey,
  monthOf,
  type Precision,
  releaseDateKey,
  releaseDateLabel,
  releaseDay,
  releaseTime,
} from "./calendar.dates";

/** Cover widths in pixels (WebP variants games/<…>-<width>.webp); the calendar shows the small one, 2x the large. */
export const COVER_WIDTHS = [200, 400] as const;

/** Spec §3 Game release's cover: `{id}` plus where to get it. */
export interface CoverShape {
  id: string;
  url: string;
  url_2x: string;
}

/** Spec §3 Game release (one release date of a game). */
export interface GameRelease {
  id: number;
  game: number;
  title: string;
  cover: CoverShape | null;
  platforms: { id: number }[];
  /** The instant (ISO): the exact moment, or Moscow midnight of the day or of the period's first day. */
  datetime_released: string;
  precision: Precision;
  /** The date as editors type it (Moscow time): "2027-03-14", "2027-03-14T18:00", "2027-03", "2027-Q4", "2027". */
  date_released: string;
  /** «14 марта 2027», «IV квартал 2027» … */
  date_label: string;
  /** The Moscow day ("YYYY-MM-DD") of a day release; null for a month, quarter or year. */
  day: string | null;
  /** The month the calendar shows it in (`?date=` form): its day's, or the last of its period. */
  month: string;
  has_time: boolean;
  note: string;
  is_subscribed: boolean;
}

export interface PlatformShape {
  id: number;
  slug: string;
  title: string;
  icon: string;
  position: number;
}

export function serializeCover(coverKey: string | null): CoverShape | null {
  if (!coverKey) return null;
  return {
    id: coverKey.slice(coverKey.lastIndexOf("/") + 1),
    url: mediaUrl(`${coverKey}-${COVER_WIDTHS[0]}.webp`),
    url_2x: mediaUrl(`${coverKey}-${COVER_WIDTHS[1]}.webp`),
  };
}

/** What a release is read from: its row, its game's, its platforms' ids (in the platforms' order), the member's follow. */
export interface ReleaseParts {
  release: Pick<GameReleaseRow, "id" | "releasedAt" | "precision" | "hasTime" | "note" | "sortAt">;
  game: Pick<GameRow, "id" | "title" | "coverKey">;
  platformIds: number[];
  isSubscribed: boolean;
}

/** The Moscow day ("YYYY-MM-DD") a release is listed under; null for a month, quarter or year. */
export function listedDay(release: ReleaseParts["release"]): string | null {
  return release.precision === "day" ? releaseDay(release) : null;
}

export function serializeRelease({ release, game, platformIds, isSubscribed }: ReleaseParts): GameRelease {
  return {
    id: release.id,
    game: game.id,
    title: game.title,
    cover: serializeCover(game.coverKey),
    platforms: platformIds.map((id) => ({ id })),
    datetime_released: release.releasedAt.toISOString(),
    precision: release.precision,
    date_released: releaseDateKey(release),
    date_label: releaseDateLabel(release),
    day: listedDay(release),
    month: monthKey(monthOf(release.sortAt)),
    has_time: release.hasTime,
    note: release.note,
    is_subscribed: isSubscribed,
  };
}

/**
 * A release as the calendar's lists show it (a month, the title filter, «Мои релизы»): what a tile reads and
 * nothing more. The page's hydration data holds every value of every release once more, and React Router's encoder
 * costs about a microsecond a value: a busy month has two hundred releases, whose GameRelease (the API's shape)
 * carried 25 values each and a tile carries 12.
 */
export interface ReleaseTile {
  id: number;
  game: number;
  title: string;
  /** The cover's small picture and the one for 2x screens; null when the game has none. */
  cover: string | null;
  cover_2x: string | null;
  /** Platform ids in the platforms' order. */
  platforms: number[];
  /** «14 марта 2027», «IV квартал 2027» … */
  date_label: string;
  /** «18:00» (Moscow) when the release has a time. */
  time: string | null;
  note: string;
  is_subscribed: boolean;
}

export function serializeTile({ release, game, platformIds, isSubscribed }: ReleaseParts): ReleaseTile {
  const cover = serializeCover(game.coverKey);
  return {
    id: release.id,
    game: game.id,
    title: game.title,
    cover: cover?.url ?? null,
    cover_2x: cover?.url_2x ?? null,
    platforms: platformIds,
    date_label: releaseDateLabel(release),
    time: release.hasTime ? releaseTime(release) : null,
    note: release.note,
    is_subscribed: isSubscribed,
  };
}

export function serializePlatform(row: PlatformRow): PlatformShape {
  return { id: row.id, slug: row.slug, title: row.title, icon: row.icon, position: row.position };
}
