import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, now } from "./columns";

/**
 * The news feed (docs/decisions/0030-news-feed.md): sources an admin manages, polled by a scheduled job; each
 * new entry joins a group of recent entries about the same story, or starts one. A group's headline and image
 * come from its best entry.
 */

/**
 * A feed an admin added (RSS 2.0, Atom, RDF or JSON Feed). `next_poll_at` is when the job polls it next
 * (`interval_minutes` after a success, a growing back-off after `failures` failures in a row); `etag` and
 * `last_modified` make the next request conditional (a 304 costs nothing).
 */
export const feedSources = sqliteTable(
  "feed_sources",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    url: text("url").notNull().unique(),
    /** The site shown beside its entries, e.g. «stopgame.ru». */
    domain: text("domain").notNull(),
    iconUrl: text("icon_url"),
    isEnabled: integer("is_enabled", { mode: "boolean" }).notNull().default(true),
    intervalMinutes: integer("interval_minutes").notNull().default(30),
    etag: text("etag"),
    lastModified: text("last_modified"),
    nextPollAt: integer("next_poll_at", { mode: "timestamp_ms" }).notNull().default(now),
    lastPolledAt: integer("last_polled_at", { mode: "timestamp_ms" }),
    lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    lastErrorAt: integer("last_error_at", { mode: "timestamp_ms" }),
    failures: integer("failures").notNull().default(0),
    entriesCount: integer("entries_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("feed_sources_due_idx").on(t.isEnabled, t.nextPollAt)],
);

/**
 * One story told by one or more entries. `published_at` is its first entry's time (the feed's order, stable for
 * paging); `updated_at` the latest entry's. `best_entry_id` gives the headline and image (the entry with an
 * image, then the earliest).
 */
export const feedGroups = sqliteTable(
  "feed_groups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    headline: text("headline").notNull(),
    imageUrl: text("image_url"),
    bestEntryId: integer("best_entry_id"),
    entriesCount: integer("entries_count").notNull().default(0),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
    createdAt: createdAt(),
  },
  (t) => [index("feed_groups_published_idx").on(t.publishedAt, t.id)],
);

/**
 * One item of a source's feed. `guid` is the item's GUID (or its URL when it has none), unique per source;
 * `url_key` the canonical URL (no fragment, no tracking parameters), unique across sources. `title_tokens` are
 * the title's normalised word forms the grouping compares (feed.grouping.ts). Texts are plain text.
 */
export const feedEntries = sqliteTable(
  "feed_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sourceId: integer("source_id")
      .notNull()
      .references(() => feedSources.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => feedGroups.id, { onDelete: "cascade" }),
    guid: text("guid").notNull(),
    url: text("url").notNull(),
    urlKey: text("url_key").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    imageUrl: text("image_url"),
    titleTokens: text("title_tokens").notNull().default(""),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("feed_entries_source_guid_idx").on(t.sourceId, t.guid),
    uniqueIndex("feed_entries_url_key_idx").on(t.urlKey),
    index("feed_entries_group_idx").on(t.groupId, t.publishedAt),
    index("feed_entries_published_idx").on(t.publishedAt, t.id),
  ],
);

export type FeedSourceRow = typeof feedSources.$inferSelect;
export type FeedGroupRow = typeof feedGroups.$inferSelect;
export type FeedEntryRow = typeof feedEntries.$inferSelect;
