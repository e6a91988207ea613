import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, now } from "./columns";
import { users } from "./schema";

/**
 * Community: roles members join (or admins grant) and reports on content with the moderators' cases
 * (docs/decisions/0026-roles-reports-audit.md). `users` is used only inside lazy callbacks (schema.ts
 * re-exports this file).
 */

/** Roles: a name members can @mention (when `is_mentionable`), a colour, whether members join it themselves. */
export const roles = sqliteTable("roles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  /** normaliseKey(name): unique, and what an @mention is matched against. */
  nameKey: text("name_key").notNull().unique(),
  color: text("color").notNull().default("#888888"),
  isJoinable: integer("is_joinable", { mode: "boolean" }).notNull().default(false),
  isMentionable: integer("is_mentionable", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Who holds which role: the source of truth. users.roles (JSON of the role names) is a copy kept in step in the
 * same batch by every change (workers/core/roles/roles.cache.ts), so the current user's shape needs no join.
 */
export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    /** The admin who granted it; null when the member joined by themselves. */
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId, t.userId)],
);

/**
 * A moderation case: the reports on one item (post, comment, shout, shout comment, profile) grouped, with their
 * count. At most one open case per item; a resolved one keeps its outcome and who resolved it.
 */
export const reportCases = sqliteTable(
  "report_cases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** `post`, `comment`, `shout`, `shout_comment` or `user`. */
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    /** The author of the content (the member, for a profile). */
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The reported text as it was at the first report (what moderators see if it is gone). */
    snapshot: text("snapshot").notNull().default(""),
    /** `open` or `resolved`. */
    status: text("status").notNull().default("open"),
    /** `dismissed`, `hidden`, `deleted`, `sanctioned` — set on resolution. */
    outcome: text("outcome"),
    reportsCount: integer("reports_count").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("report_cases_open_item_idx").on(t.targetType, t.targetId).where(sql`status = 'open'`),
    index("report_cases_status_idx").on(t.status, t.createdAt),
  ],
);

/** One member's report of one item: once per member and item (the unique index). */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    caseId: integer("case_id")
      .notNull()
      .references(() => reportCases.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    /** `spam`, `insult`, `spoiler` or `other`. */
    reason: text("reason").notNull(),
    /** The member's words (required for `other`). */
    text: text("text").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_once_idx").on(t.userId, t.targetType, t.targetId),
    index("reports_case_idx").on(t.caseId),
  ],
);

export type RoleRow = typeof roles.$inferSelect;
export type ReportCaseRow = typeof reportCases.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
