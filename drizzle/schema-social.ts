import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./schema";

/**
 * Social sign-in (docs/decisions/0029-social-sign-in.md): the provider accounts a member signs in with
 * (spec §3 Current user `auth_accounts[]`). One provider account belongs to one member.
 */
export const authAccounts = sqliteTable(
  "auth_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** vk, yandex, twitch, discord, google, steam (workers/core/social/providers.ts). */
    provider: text("provider").notNull(),
    /** The member's stable id at the provider (OIDC `sub`, the numeric id, Steam's SteamID64). */
    uid: text("uid").notNull(),
    /** The name shown at the provider, for the settings list. */
    name: text("name").notNull().default(""),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("auth_accounts_provider_uid").on(t.provider, t.uid), index("auth_accounts_user_idx").on(t.userId)],
);

/** States of sign-in round trips already completed: a replayed callback finds its state here and is refused. */
export const authStates = sqliteTable("auth_states", {
  /** SHA-256 of the state value. */
  id: text("id").primaryKey(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

/** Single-use e-mail activation links (id is the SHA-256 of the token sent by mail). */
export const emailActivations = sqliteTable(
  "email_activations",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("email_activations_user_idx").on(t.userId)],
);

/** Gaming accounts shown on profiles (spec §3 Social account): one per schema per member. */
export const socialAccounts = sqliteTable(
  "social_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A schema slug of workers/core/social/social-schemas.ts (steam, psn, xbox, …). */
    schema: text("schema").notNull(),
    socialUid: text("social_uid").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("social_accounts_user_schema").on(t.userId, t.schema)],
);

/** Twitch EventSub `stream.online` subscriptions made for members with `is_twitch_activity_enabled`. */
export const twitchSubscriptions = sqliteTable("twitch_subscriptions", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  broadcasterId: text("broadcaster_id").notNull(),
  /** The subscription id Twitch returned (null while Twitch did not accept it). */
  subscriptionId: text("subscription_id"),
  createdAt: createdAt(),
});

/** EventSub message ids already handled (Twitch may resend; a replay is acknowledged and ignored). */
export const twitchMessages = sqliteTable("twitch_messages", {
  id: text("id").primaryKey(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});

export type AuthAccountRow = typeof authAccounts.$inferSelect;
export type SocialAccountRow = typeof socialAccounts.$inferSelect;
