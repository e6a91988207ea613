import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./schema";

/**
 * The yearly recap (workers/core/recap): figures aggregated once and kept here. `scope` is `site` or `user:<id>`.
 * A row is fresh while `version` equals the recap's current version (RECAP_VERSION, bumped when the figures
 * change shape) and, for a year still running, for RECAP_TTL; a past year's row stays.
 */
export const recapCache = sqliteTable(
  "recap_cache",
  {
    year: integer("year").notNull(),
    scope: text("scope").notNull(),
    version: integer("version").notNull(),
    data: text("data", { mode: "json" }).$type<unknown>().notNull(),
    computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.scope] })],
);

/** A member's shared recap: a public link showing only the parts they chose (`parts`). */
export const recapShares = sqliteTable(
  "recap_shares",
  {
    /** Random URL-safe token: the link's path. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    parts: text("parts", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("recap_shares_user_idx").on(t.userId, t.year)],
);
