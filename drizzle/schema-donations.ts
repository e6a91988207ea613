import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./schema";

/**
 * Donations (docs/decisions/0028-donations-and-medals.md). One row per payment: from a provider's webhook
 * (`yoomoney`, `stripe`) or entered by an admin (`bank`, `boosty`, `other`). `external_id` is the provider's
 * operation id: the unique index makes a repeated notification a no-op. Amounts are integer kopecks.
 */
export const donations = sqliteTable(
  "donations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    provider: text("provider", { enum: ["yoomoney", "stripe", "bank", "boosty", "other"] }).notNull(),
    /** The provider's operation id (ЮMoney operation_id, Stripe event id); for manual entries an optional reference. */
    externalId: text("external_id"),
    /** Kopecks (RUB). */
    amount: integer("amount").notNull(),
    /** The member it came from (payment label or an admin's link); null for a guest or unknown donor. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name the donor gave; shown unless `is_anonymous` (then «Аноним»). */
    name: text("name").notNull().default(""),
    isAnonymous: integer("is_anonymous", { mode: "boolean" }).notNull().default(false),
    /** The donor's message, plain text. */
    message: text("message").notNull().default(""),
    /** The supporter days this donation gave its member (0 when it is linked to nobody). */
    supporterDays: integer("supporter_days").notNull().default(0),
    /** The admin who entered or linked it; null for webhooks. */
    addedById: integer("added_by_id").references(() => users.id, { onDelete: "set null" }),
    /** When the money came (the provider's time when it gives one). */
    donatedAt: integer("donated_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("donations_external_idx").on(t.provider, t.externalId),
    index("donations_donated_idx").on(t.donatedAt),
    index("donations_user_idx").on(t.userId, t.donatedAt),
  ],
);
export type DonationRow = typeof donations.$inferSelect;

/**
 * Medals. `rule` names the automatic rule of an automatic medal (workers/core/medals/medals.rules.ts); the daily
 * job awards it to every member the rule finds. `image_key` is the R2 key prefix of its picture (null: the icon).
 */
export const medals = sqliteTable(
  "medals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    imageKey: text("image_key"),
    isAutomatic: integer("is_automatic", { mode: "boolean" }).notNull().default(false),
    rule: text("rule"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("medals_rule_idx").on(t.rule)],
);
export type MedalRow = typeof medals.$inferSelect;

/** A medal awarded to a member, once (unique index): by an admin with a note, or by the daily job. */
export const userMedals = sqliteTable(
  "user_medals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    medalId: integer("medal_id")
      .notNull()
      .references(() => medals.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    note: text("note").notNull().default(""),
    /** The admin who awarded it; null for the daily job. */
    awardedById: integer("awarded_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_medals_once_idx").on(t.medalId, t.userId), index("user_medals_user_idx").on(t.userId, t.createdAt)],
);
export type UserMedalRow = typeof userMedals.$inferSelect;

