CREATE TABLE `donations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`external_id` text,
	`amount` integer NOT NULL,
	`user_id` integer,
	`name` text DEFAULT '' NOT NULL,
	`is_anonymous` integer DEFAULT false NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`supporter_days` integer DEFAULT 0 NOT NULL,
	`added_by_id` integer,
	`donated_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`added_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `donations_external_idx` ON `donations` (`provider`,`external_id`);--> statement-breakpoint
CREATE INDEX `donations_donated_idx` ON `donations` (`donated_at`);--> statement-breakpoint
CREATE INDEX `donations_user_idx` ON `donations` (`user_id`,`donated_at`);--> statement-breakpoint
CREATE TABLE `medals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image_key` text,
	`is_automatic` integer DEFAULT false NOT NULL,
	`rule` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `medals_rule_idx` ON `medals` (`rule`);--> statement-breakpoint
CREATE TABLE `user_medals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`medal_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`awarded_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`medal_id`) REFERENCES `medals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`awarded_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_medals_once_idx` ON `user_medals` (`medal_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_medals_user_idx` ON `user_medals` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `supporter_until` integer;