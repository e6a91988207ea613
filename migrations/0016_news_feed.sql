CREATE TABLE `feed_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	`guid` text NOT NULL,
	`url` text NOT NULL,
	`url_key` text NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`image_url` text,
	`title_tokens` text DEFAULT '' NOT NULL,
	`published_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `feed_sources`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `feed_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feed_entries_source_guid_idx` ON `feed_entries` (`source_id`,`guid`);--> statement-breakpoint
CREATE UNIQUE INDEX `feed_entries_url_key_idx` ON `feed_entries` (`url_key`);--> statement-breakpoint
CREATE INDEX `feed_entries_group_idx` ON `feed_entries` (`group_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `feed_entries_published_idx` ON `feed_entries` (`published_at`,`id`);--> statement-breakpoint
CREATE TABLE `feed_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`headline` text NOT NULL,
	`image_url` text,
	`best_entry_id` integer,
	`entries_count` integer DEFAULT 0 NOT NULL,
	`published_at` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feed_groups_published_idx` ON `feed_groups` (`published_at`,`id`);--> statement-breakpoint
CREATE TABLE `feed_sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`domain` text NOT NULL,
	`icon_url` text,
	`is_enabled` integer DEFAULT true NOT NULL,
	`interval_minutes` integer DEFAULT 30 NOT NULL,
	`etag` text,
	`last_modified` text,
	`next_poll_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_polled_at` integer,
	`last_success_at` integer,
	`last_error` text,
	`last_error_at` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`entries_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feed_sources_url_unique` ON `feed_sources` (`url`);--> statement-breakpoint
CREATE INDEX `feed_sources_due_idx` ON `feed_sources` (`is_enabled`,`next_poll_at`);