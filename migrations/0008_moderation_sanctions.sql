CREATE TABLE `sanctions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`actor_id` integer,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`days` integer,
	`starts_at` integer NOT NULL,
	`ends_at` integer,
	`lifted_at` integer,
	`lifted_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lifted_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sanctions_user_idx` ON `sanctions` (`user_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `user_fingerprints` (
	`user_id` integer NOT NULL,
	`hash` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`seen_count` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`user_id`, `hash`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_fingerprints_hash_idx` ON `user_fingerprints` (`hash`);--> statement-breakpoint
CREATE INDEX `user_fingerprints_seen_idx` ON `user_fingerprints` (`last_seen_at`);--> statement-breakpoint
ALTER TABLE `user_ignores` ADD `until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `blocked_until` integer;