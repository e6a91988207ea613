CREATE TABLE `recap_cache` (
	`year` integer NOT NULL,
	`scope` text NOT NULL,
	`version` integer NOT NULL,
	`data` text NOT NULL,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`year`, `scope`)
);
--> statement-breakpoint
CREATE TABLE `recap_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`year` integer NOT NULL,
	`parts` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recap_shares_user_idx` ON `recap_shares` (`user_id`,`year`);