import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, now } from "./columns";
import { shouts, users } from "./schema";

/**
 * Secret Santa (docs/decisions/0032-secret-santa.md). One exchange a year: admins set its dates, step and FAQ texts
 * and who may take part; members apply; when applications close a job draws one cycle over all applicants and
 * writes each applicant's santa onto their application. The gift to an applicant is tracked on that applicant's
 * row (sent, received); a backup santa who takes over replaces `santa_user_id` and keeps the original in
 * `original_santa_user_id`.
 */

/** A step's texts, keyed by the stage it describes (workers/core/santa/santa.stage.ts). */
export type SantaStepText = { stage: string; title: string; text: string };
export type SantaFaqItem = { question: string; answer: string };

export const santaExchanges = sqliteTable("santa_exchanges", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The year the exchange belongs to (one exchange a year). */
  year: integer("year").notNull().unique(),
  opensAt: integer("opens_at", { mode: "timestamp_ms" }).notNull(),
  closesAt: integer("closes_at", { mode: "timestamp_ms" }).notNull(),
  sendBy: integer("send_by", { mode: "timestamp_ms" }).notNull(),
  receiveBy: integer("receive_by", { mode: "timestamp_ms" }).notNull(),
  steps: text("steps", { mode: "json" }).$type<SantaStepText[]>().notNull(),
  faq: text("faq", { mode: "json" }).$type<SantaFaqItem[]>().notNull(),
  /** Eligibility: the account is at least this many days old when applying. */
  minAccountDays: integer("min_account_days").notNull().default(30),
  /** Eligibility: at least this many published posts, comments and shouts written. */
  minActivity: integer("min_activity").notNull().default(0),
  /** Set by the draw (once); null until then. */
  drawnAt: integer("drawn_at", { mode: "timestamp_ms" }),
  /** Set instead of `drawn_at` when too few members applied for a cycle (fewer than three). */
  cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  /** When the job deleted the names and addresses (docs/decisions/0032: 30 days after `receive_by`). */
  addressesPurgedAt: integer("addresses_purged_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});
export type SantaExchangeRow = typeof santaExchanges.$inferSelect;

export const santaApplications = sqliteTable(
  "santa_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    exchangeId: integer("exchange_id")
      .notNull()
      .references(() => santaExchanges.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The full name and postal address, AES-GCM encrypted (workers/core/santa/santa.crypto.ts) with the key in
     * SANTA_ADDRESS_KEY and the exchange and member as associated data; null once deleted after the exchange.
     */
    sealed: text("sealed"),
    country: text("country").notNull(),
    /** `country` normalised (normaliseKey) for same-country matching. */
    countryKey: text("country_key").notNull(),
    city: text("city").notNull(),
    wishes: text("wishes").notNull().default(""),
    /** What not to send. */
    dislikes: text("dislikes").notNull().default(""),
    /** The applicant asked to give and receive within their own country when possible. */
    sameCountry: integer("same_country", { mode: "boolean" }).notNull().default(false),
    /** The applicant volunteers as a backup santa for gifts not sent in time. */
    isBackup: integer("is_backup", { mode: "boolean" }).notNull().default(false),
    /** Who gives a gift to this applicant (set by the draw; a backup santa replaces it). */
    santaUserId: integer("santa_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The santa the draw chose, kept when a backup santa takes over (and for next year's «no repeat» rule). */
    originalSantaUserId: integer("original_santa_user_id").references(() => users.id, { onDelete: "set null" }),
    reassignedAt: integer("reassigned_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    trackingNumber: text("tracking_number").notNull().default(""),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }),
    thanksShoutId: integer("thanks_shout_id").references(() => shouts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    uniqueIndex("santa_applications_member_idx").on(t.exchangeId, t.userId),
    index("santa_applications_santa_idx").on(t.santaUserId, t.exchangeId),
  ],
);
export type SantaApplicationRow = typeof santaApplications.$inferSelect;

/**
 * Notifications the scheduled job sends once (draw results, reminders, backup hand-overs): the job inserts the
 * marker first and only the run that inserted it notifies, so reruns send nothing twice.
 */
export const santaNotices = sqliteTable(
  "santa_notices",
  {
    exchangeId: integer("exchange_id")
      .notNull()
      .references(() => santaExchanges.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** e.g. `drawn`, `cancelled`, `send_soon`, `receive_soon`, `backup:<application id>`. */
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.exchangeId, t.userId, t.kind] })],
);
