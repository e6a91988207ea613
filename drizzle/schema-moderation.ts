import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./schema";

/**
 * Sanctions (docs/decisions/0024-sanctions-and-write-rights.md): one row per ban (no end) or block (an end time).
 * A sanction is active while it is not lifted and its end (if any) is in the future: the end time decides at read
 * time, no job lifts a block. `users.is_banned` / `users.blocked_until` mirror the active one (written in the
 * same batch) so reading a member costs no extra query.
 */
export const sanctions = sqliteTable(
  "sanctions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Whom. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who imposed it; null once that member is deleted. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** `ban` (indefinite) or `block` (for `days`). */
    kind: text("kind", { enum: ["ban", "block"] }).notNull(),
    reason: text("reason").notNull(),
    days: integer("days"),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    /** Null for a ban. */
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    liftedAt: integer("lifted_at", { mode: "timestamp_ms" }),
    liftedById: integer("lifted_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("sanctions_user_idx").on(t.userId, t.startsAt)],
);
export type SanctionRow = typeof sanctions.$inferSelect;

/**
 * Device fingerprints (docs/decisions/0025-device-fingerprints.md): the hash only, per member, with when it was
 * first and last seen. Kept 180 days after it was last seen.
 */
export const userFingerprints = sqliteTable(
  "user_fingerprints",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
    firstSeenAt: integer("first_seen_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    seenCount: integer("seen_count").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hash] }),
    index("user_fingerprints_hash_idx").on(t.hash),
    index("user_fingerprints_seen_idx").on(t.lastSeenAt),
  ],
);
