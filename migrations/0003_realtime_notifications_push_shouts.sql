CREATE TABLE `activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`type` integer NOT NULL,
	`pre_title` text DEFAULT '' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`title_url` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`message_url` text DEFAULT '' NOT NULL,
	`has_image_title` integer DEFAULT false NOT NULL,
	`has_image_content` integer DEFAULT false NOT NULL,
	`is_hidden_title` integer DEFAULT false NOT NULL,
	`is_hidden_content` integer DEFAULT false NOT NULL,
	`source_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activities_source_idx` ON `activities` (`source_key`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`actor_id` integer,
	`type` integer NOT NULL,
	`pre_title` text DEFAULT '' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`title_url` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`message_url` text DEFAULT '' NOT NULL,
	`has_image_title` integer DEFAULT false NOT NULL,
	`has_image_content` integer DEFAULT false NOT NULL,
	`is_hidden_title` integer DEFAULT false NOT NULL,
	`is_hidden_content` integer DEFAULT false NOT NULL,
	`source_key` text,
	`group_key` text,
	`group_count` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`viewed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`viewed_at`);--> statement-breakpoint
CREATE INDEX `notifications_group_idx` ON `notifications` (`user_id`,`group_key`);--> statement-breakpoint
CREATE INDEX `notifications_source_idx` ON `notifications` (`source_key`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_success_at` integer,
	`failure_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `shout_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shout_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`parent_id` integer,
	`depth` integer DEFAULT 1 NOT NULL,
	`path` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`pwnd` integer DEFAULT 0 NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`shout_id`) REFERENCES `shouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shout_comments_shout_idx` ON `shout_comments` (`shout_id`,`path`);--> statement-breakpoint
CREATE INDEX `shout_comments_user_idx` ON `shout_comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `shout_comments_parent_idx` ON `shout_comments` (`parent_id`);--> statement-breakpoint
CREATE TABLE `shout_media` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shout_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`is_video` integer DEFAULT false NOT NULL,
	`key` text NOT NULL,
	`width` integer,
	`height` integer,
	`caption` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`shout_id`) REFERENCES `shouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shout_media_shout_idx` ON `shout_media` (`shout_id`,`position`);--> statement-breakpoint
CREATE INDEX `shout_media_user_idx` ON `shout_media` (`user_id`,`is_video`,`id`);--> statement-breakpoint
CREATE TABLE `shout_tags` (
	`shout_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`shout_id`, `tag_id`),
	FOREIGN KEY (`shout_id`) REFERENCES `shouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shout_tags_tag_idx` ON `shout_tags` (`tag_id`,`shout_id`);--> statement-breakpoint
CREATE TABLE `shout_views` (
	`shout_id` integer NOT NULL,
	`viewer` text NOT NULL,
	`day` integer NOT NULL,
	PRIMARY KEY(`shout_id`, `viewer`, `day`),
	FOREIGN KEY (`shout_id`) REFERENCES `shouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `shouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`is_media_hidden` integer DEFAULT false NOT NULL,
	`is_pinned` integer DEFAULT false NOT NULL,
	`pinned_at` integer,
	`is_muted` integer DEFAULT false NOT NULL,
	`is_frozen` integer DEFAULT false NOT NULL,
	`comments_count` integer DEFAULT 0 NOT NULL,
	`views_count` integer DEFAULT 0 NOT NULL,
	`pwnd` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shouts_list_idx` ON `shouts` (`is_muted`,`id`);--> statement-breakpoint
CREATE INDEX `shouts_user_idx` ON `shouts` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `shouts_pinned_idx` ON `shouts` (`is_pinned`,`pinned_at`);--> statement-breakpoint
CREATE TABLE `user_ignores` (
	`user_id` integer NOT NULL,
	`ignored_user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `ignored_user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ignored_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `tags` ADD `shouts_count` integer DEFAULT 0 NOT NULL;