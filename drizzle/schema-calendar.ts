import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { createdAt, now } from "./columns";
import { users } from "./schema";

/**
 * The game release calendar (docs/decisions/0027-release-calendar.md). A game has one or more releases (per
 * platform, early access, region); a release date is a day (with or without a time) or only a month, quarter or
 * year. Dates are kept as instants: `released_at` is the exact moment, or midnight (Moscow time) of the day or of
 * the period's first day; `sort_at` places the release in a month — the day itself, or the first day of the
 * period's LAST month, so an imprecise date shows at the end of its period.
 */

/** Platforms (PC, PlayStation 5 …): the filter and the badges. `icon` names one of the platform glyphs. */
export const platforms = sqliteTable("platforms", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  icon: text("icon").notNull().default("other"),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/** Games. `title_key` is the normalised title (normaliseKey) the page's filter box searches. */
export const games = sqliteTable(
  "games",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    titleKey: text("title_key").notNull(),
    /** R2 key prefix of the cover: games/<id>/<token> (+ -200.webp, -400.webp); null without a cover. */
    coverKey: text("cover_key"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("games_title_key_idx").on(t.titleKey)],
);

/** One release date of a game: `precision` is day, month, quarter or year; `note` e.g. «Ранний доступ». */
export const gameReleases = sqliteTable(
  "game_releases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    releasedAt: integer("released_at", { mode: "timestamp_ms" }).notNull(),
    precision: text("precision", { enum: ["day", "month", "quarter", "year"] }).notNull(),
    /** A day release with a known time (shown, and placed in each member's own day); else a calendar date. */
    hasTime: integer("has_time", { mode: "boolean" }).notNull().default(false),
    sortAt: integer("sort_at", { mode: "timestamp_ms" }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("game_releases_sort_idx").on(t.sortAt), index("game_releases_game_idx").on(t.gameId)],
);

/** The platforms of a release. */
export const gameReleasePlatforms = sqliteTable(
  "game_release_platforms",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => gameReleases.id, { onDelete: "cascade" }),
    platformId: integer("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.platformId] }),
    index("game_release_platforms_platform_idx").on(t.platformId),
  ],
);

/** A member follows a release: a reminder on its day, a notice when its date changes, an entry in their feed. */
export const releaseSubscriptions = sqliteTable(
  "release_subscriptions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    releaseId: integer("release_id")
      .notNull()
      .references(() => gameReleases.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.releaseId] }), index("release_subscriptions_release_idx").on(t.releaseId)],
);

/**
 * Reminders sent: one row per member, release and release day (YYYY-MM-DD in the member's time zone), written
 * before the notification, so a rerun of the job sends nothing twice; a date moved to another day reminds again.
 */
export const releaseReminders = sqliteTable(
  "release_reminders",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    releaseId: integer("release_id")
      .notNull()
      .references(() => gameReleases.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.releaseId, t.day] })],
);

/**
 * A member's calendar settings: their time zone (IANA name; null = Moscow time) and the generation of their
 * private feed's token (the token is an HMAC of the member and this number: a reset bumps it, the old URL dies).
 */
export const calendarMembers = sqliteTable("calendar_members", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  timeZone: text("time_zone"),
  feedGeneration: integer("feed_generation").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

export type PlatformRow = typeof platforms.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type GameReleaseRow = typeof gameReleases.$inferSelect;
