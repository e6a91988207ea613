import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, now } from "./columns";

/** Members. `username_key`/`email_key` hold normalised lower-case forms (SQLite lower() is ASCII-only). */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    usernameKey: text("username_key").notNull().unique(),
    /**
     * Look-alike key of the name (workers/core/accounts/confusables.ts): no member may take a name whose skeleton
     * another member's has. Null for rows made before migration 0006 until a sign-up or rename fills them.
     */
    usernameSkeleton: text("username_skeleton"),
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
    /** End of the active block (mirrors the sanctions table; the end time decides, no job clears it). */
    blockedUntil: integer("blocked_until", { mode: "timestamp_ms" }),
    isSupporter: integer("is_supporter", { mode: "boolean" }).notNull().default(false),
    /** End of the supporter period that donations gave (docs/decisions/0028); `is_supporter` caches `supporter_until > now`. */
    supporterUntil: integer("supporter_until", { mode: "timestamp_ms" }),
    isFpRequired: integer("is_fp_required", { mode: "boolean" }).notNull().default(false),
    /** False until the member opens the e-mailed activation link (docs/decisions/0029); such members cannot write. */
    isActivated: integer("is_activated", { mode: "boolean" }).notNull().default(true),
    roles: text("roles", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Member settings flags as JSON; defaults are applied by the serializer (see accounts.schemas.ts). */
    settings: text("settings", { mode: "json" }).$type<Record<string, boolean>>().notNull().default(sql`'{}'`),
    invitedBy: integer("invited_by"),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("users_username_skeleton_idx").on(t.usernameSkeleton),
    // The recap's first year (the earliest member), without a scan of every member.
    index("users_created_at_idx").on(t.createdAt),
  ],
);

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

/** Long posts. `body` is the editor's document (see workers/core/posts/body.schemas.ts), never HTML. */
export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    headline: text("headline").notNull().default(""),
    /** Cover: an R2 key of an uploaded image, or a video URL when `is_video_background`. */
    image: text("image"),
    isVideoBackground: integer("is_video_background", { mode: "boolean" }).notNull().default(false),
    body: text("body", { mode: "json" }).$type<unknown>(),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    isPinned: integer("is_pinned", { mode: "boolean" }).notNull().default(false),
    pinnedAt: integer("pinned_at", { mode: "timestamp_ms" }),
    commentsCount: integer("comments_count").notNull().default(0),
    /** Paw score: ups minus downs. */
    pwnd: integer("pwnd").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("posts_published_idx").on(t.isPublished, t.publishedAt, t.id),
    // A member's published posts, newest first (the profile): equality on both leading columns, the order from the
    // index. Without published_at here SQLite walked posts_published_idx over every published post of the site.
    index("posts_user_idx").on(t.userId, t.isPublished, t.publishedAt, t.id),
    index("posts_pinned_idx").on(t.isPinned, t.pinnedAt),
  ],
);

/** Members a draft is shared with (they can edit it, and leave it). */
export const postShares = sqliteTable(
  "post_shares",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_shares_user_idx").on(t.userId)],
);

/** Tags; `name_key` is the normalised name (case and ё folded in JavaScript). */
export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  nameKey: text("name_key").notNull().unique(),
  postsCount: integer("posts_count").notNull().default(0),
  shoutsCount: integer("shouts_count").notNull().default(0),
  createdAt: createdAt(),
});

export const postTags = sqliteTable(
  "post_tags",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /**
     * The post's `published_at` while it is published, NULL while it is not: a copy kept by triggers on both tables
     * (migrations/0027), so a tag's newest posts are a walk of one index however many posts the tag has.
     */
    postPublishedAt: integer("post_published_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tagId] }),
    index("post_tags_tag_published_idx").on(t.tagId, t.postPublishedAt, t.postId),
  ],
);

/** Comments under posts: a tree of depth 1–5; `path` orders a thread (ancestor ids, zero-padded). */
export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    depth: integer("depth").notNull().default(1),
    path: text("path").notNull().default(""),
    text: text("text").notNull(),
    pwnd: integer("pwnd").notNull().default(0),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("comments_post_idx").on(t.postId, t.path),
    index("comments_user_idx").on(t.userId, t.createdAt),
    index("comments_parent_idx").on(t.parentId),
  ],
);

/** Paws: one per member and item; `is_negative` for a paw down. */
export const likes = sqliteTable(
  "likes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemType: text("item_type").notNull(),
    itemId: integer("item_id").notNull(),
    /** The member whose content was pawed (for "paws I received"). */
    ownerId: integer("owner_id").notNull(),
    isNegative: integer("is_negative", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemType, t.itemId] }),
    index("likes_item_idx").on(t.itemType, t.itemId),
    index("likes_owner_idx").on(t.ownerId, t.createdAt),
  ],
);

export const bookmarks = sqliteTable(
  "bookmarks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemType: text("item_type").notNull(),
    itemId: integer("item_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemType, t.itemId] }),
    index("bookmarks_user_idx").on(t.userId, t.itemType, t.createdAt),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

/** Members a member ignores: no notifications from them (POST /v1/user/{id}/ignore/ toggles). */
export const userIgnores = sqliteTable(
  "user_ignores",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ignoredUserId: integer("ignored_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Ignored until then; null: for good. */
    until: integer("until", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ignoredUserId] })],
);

/**
 * Notifications (spec §3 Stream item) for one member. `group_key` groups repeated events on one item
 * (e.g. paws on one post) into one unread row whose `group_count` grows; `viewed_at` null means unread.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "cascade" }),
    type: integer("type").notNull(),
    preTitle: text("pre_title").notNull().default(""),
    title: text("title").notNull().default(""),
    titleUrl: text("title_url").notNull().default(""),
    message: text("message").notNull().default(""),
    messageUrl: text("message_url").notNull().default(""),
    hasImageTitle: integer("has_image_title", { mode: "boolean" }).notNull().default(false),
    hasImageContent: integer("has_image_content", { mode: "boolean" }).notNull().default(false),
    isHiddenTitle: integer("is_hidden_title", { mode: "boolean" }).notNull().default(false),
    isHiddenContent: integer("is_hidden_content", { mode: "boolean" }).notNull().default(false),
    /** What the notification is about, e.g. "comment:12" — removed with its source. */
    sourceKey: text("source_key"),
    groupKey: text("group_key"),
    groupCount: integer("group_count").notNull().default(1),
    /**
     * One delivery of a queued fan-out (docs/decisions/0037-queues-fan-out.md), e.g. "release:7:2026-11-25:42":
     * unique, so a message the queue delivers again inserts nothing twice. Null for notifications made in a request.
     */
    deliveryKey: text("delivery_key"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
    viewedAt: integer("viewed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx").on(t.userId, t.viewedAt),
    index("notifications_group_idx").on(t.userId, t.groupKey),
    index("notifications_source_idx").on(t.sourceKey),
    uniqueIndex("notifications_delivery_idx").on(t.deliveryKey),
  ],
);

/** The public activity stream (spec §3 Stream item): new posts, comments and what later sections add. */
export const activities = sqliteTable(
  "activities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "cascade" }),
    type: integer("type").notNull(),
    preTitle: text("pre_title").notNull().default(""),
    title: text("title").notNull().default(""),
    titleUrl: text("title_url").notNull().default(""),
    message: text("message").notNull().default(""),
    messageUrl: text("message_url").notNull().default(""),
    hasImageTitle: integer("has_image_title", { mode: "boolean" }).notNull().default(false),
    hasImageContent: integer("has_image_content", { mode: "boolean" }).notNull().default(false),
    isHiddenTitle: integer("is_hidden_title", { mode: "boolean" }).notNull().default(false),
    isHiddenContent: integer("is_hidden_content", { mode: "boolean" }).notNull().default(false),
    /** What the item is about, e.g. "post:3" — removed (activity_deleted) with its source. */
    sourceKey: text("source_key"),
    createdAt: createdAt(),
  },
  (t) => [index("activities_source_idx").on(t.sourceKey)],
);

/** Web push subscriptions, one per browser/device (the endpoint is unique). */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
    failureCount: integer("failure_count").notNull().default(0),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** Shouts: short notes on the bonfire. `text` is plain text (links, @mentions and #tags are recognised). */
export const shouts = sqliteTable(
  "shouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    isMediaHidden: integer("is_media_hidden", { mode: "boolean" }).notNull().default(false),
    isPinned: integer("is_pinned", { mode: "boolean" }).notNull().default(false),
    pinnedAt: integer("pinned_at", { mode: "timestamp_ms" }),
    isMuted: integer("is_muted", { mode: "boolean" }).notNull().default(false),
    isFrozen: integer("is_frozen", { mode: "boolean" }).notNull().default(false),
    commentsCount: integer("comments_count").notNull().default(0),
    viewsCount: integer("views_count").notNull().default(0),
    pwnd: integer("pwnd").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("shouts_list_idx").on(t.isMuted, t.id),
    index("shouts_user_idx").on(t.userId, t.id),
    index("shouts_pinned_idx").on(t.isPinned, t.pinnedAt),
  ],
);

/** Pictures and video links of a shout (spec §3 Media item); `key` is the R2 key prefix or the video URL. */
export const shoutMedia = sqliteTable(
  "shout_media",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    shoutId: integer("shout_id")
      .notNull()
      .references(() => shouts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    isVideo: integer("is_video", { mode: "boolean" }).notNull().default(false),
    key: text("key").notNull(),
    width: integer("width"),
    height: integer("height"),
    caption: text("caption").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("shout_media_shout_idx").on(t.shoutId, t.position),
    index("shout_media_user_idx").on(t.userId, t.isVideo, t.id),
  ],
);

export const shoutTags = sqliteTable(
  "shout_tags",
  {
    shoutId: integer("shout_id")
      .notNull()
      .references(() => shouts.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shoutId, t.tagId] }), index("shout_tags_tag_idx").on(t.tagId, t.shoutId)],
);

/** Comments under shouts: the same tree as post comments. */
export const shoutComments = sqliteTable(
  "shout_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    shoutId: integer("shout_id")
      .notNull()
      .references(() => shouts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    depth: integer("depth").notNull().default(1),
    path: text("path").notNull().default(""),
    text: text("text").notNull(),
    pwnd: integer("pwnd").notNull().default(0),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("shout_comments_shout_idx").on(t.shoutId, t.path),
    index("shout_comments_user_idx").on(t.userId, t.createdAt),
    index("shout_comments_parent_idx").on(t.parentId),
  ],
);

/** One view per viewer (member id or hashed IP) per shout per day. */
export const shoutViews = sqliteTable(
  "shout_views",
  {
    shoutId: integer("shout_id")
      .notNull()
      .references(() => shouts.id, { onDelete: "cascade" }),
    viewer: text("viewer").notNull(),
    day: integer("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shoutId, t.viewer, t.day] })],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type ShoutRow = typeof shouts.$inferSelect;
export type ShoutCommentRow = typeof shoutComments.$inferSelect;

/**
 * What moderators, admins and editors did (workers/core/audit/audit.ts): every sanction and lift, deletion of
 * others' content, pin, mute, freeze, role and config change, calendar edit … One row per action; never edited.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Who acted; null for the system (a scheduled job) or a member since deleted. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Dotted verb, e.g. `user.ban`, `shout.delete`, `game.update` (AUDIT_ACTIONS in audit.ts). */
    action: text("action").notNull(),
    /** What was acted on: `user`, `post`, `comment`, `shout`, `shout_comment`, `role`, `config`, `game` … */
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** The member the action concerns (the sanctioned member, the author of deleted content), for their history. */
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    /** Small JSON with the details worth keeping (days of a block, old and new values …). */
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_target_user_idx").on(t.targetUserId, t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export * from "./schema-calendar";
export * from "./schema-community";
export * from "./schema-donations";
export * from "./schema-feed";
export * from "./schema-moderation";
export * from "./schema-recap";
export * from "./schema-santa";
export * from "./schema-social";
