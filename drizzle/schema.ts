import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);

/** Members. `username_key`/`email_key` hold normalised lower-case forms (SQLite lower() is ASCII-only). */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull(),
  usernameKey: text("username_key").notNull().unique(),
  email: text("email").notNull(),
  emailKey: text("email_key").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  theme: text("theme").notNull().default("darkorange"),
  avatarKey: text("avatar_key"),
  backgroundKey: text("background_key"),
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  isMod: integer("is_mod", { mode: "boolean" }).notNull().default(false),
  isDbEditor: integer("is_db_editor", { mode: "boolean" }).notNull().default(false),
  isBanned: integer("is_banned", { mode: "boolean" }).notNull().default(false),
  isSupporter: integer("is_supporter", { mode: "boolean" }).notNull().default(false),
  isFpRequired: integer("is_fp_required", { mode: "boolean" }).notNull().default(false),
  roles: text("roles", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  /** Member settings flags as JSON; defaults are applied by the serializer (see accounts.schemas.ts). */
  settings: text("settings", { mode: "json" }).$type<Record<string, boolean>>().notNull().default(sql`'{}'`),
  invitedBy: integer("invited_by"),
  createdAt: createdAt(),
  lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
});

/** Server-side sessions; the cookie holds a random token, the row id is its SHA-256. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull().default(now),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use password reset tokens (id is the SHA-256 of the token sent by mail). */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Invitation codes for invitation-only sign-up. */
export const invitations = sqliteTable(
  "invitations",
  {
    code: text("code").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedBy: integer("used_by").references(() => users.id, { onDelete: "set null" }),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("invitations_user_idx").on(t.userId)],
);

/** Fixed-window counters for rate limits. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Site-wide settings (flags, site name) as key → JSON value. */
export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
});

/** The site menu (spec §3 Menu item, config form included). */
export const menuItems = sqliteTable("menu_items", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  position: integer("position").notNull().default(0),
  title: text("title").notNull(),
  url: text("url").notNull(),
  isExternal: integer("is_external", { mode: "boolean" }).notNull().default(false),
  isDisabled: integer("is_disabled", { mode: "boolean" }).notNull().default(false),
  isSpecial: integer("is_special", { mode: "boolean" }).notNull().default(false),
  isDesktop: integer("is_desktop", { mode: "boolean" }).notNull().default(true),
  isToolbar: integer("is_toolbar", { mode: "boolean" }).notNull().default(false),
  isToolbarMore: integer("is_toolbar_more", { mode: "boolean" }).notNull().default(false),
  isMobile: integer("is_mobile", { mode: "boolean" }).notNull().default(true),
  isFooter: integer("is_footer", { mode: "boolean" }).notNull().default(false),
  color: text("color"),
  iconType: text("icon_type"),
  icon: text("icon"),
});

/** Every message the site sends; delivery goes through the MAIL binding, the row is the record. */
export const mailOutbox = sqliteTable("mail_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  kind: text("kind").notNull(),
  createdAt: createdAt(),
  sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  error: text("error"),
});

export type UserRow = typeof users.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
