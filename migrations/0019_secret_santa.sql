CREATE TABLE `santa_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`exchange_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`sealed` text,
	`country` text NOT NULL,
	`country_key` text NOT NULL,
	`city` text NOT NULL,
	`wishes` text DEFAULT '' NOT NULL,
	`dislikes` text DEFAULT '' NOT NULL,
	`same_country` integer DEFAULT false NOT NULL,
	`is_backup` integer DEFAULT false NOT NULL,
	`santa_user_id` integer,
	`original_santa_user_id` integer,
	`reassigned_at` integer,
	`sent_at` integer,
	`tracking_number` text DEFAULT '' NOT NULL,
	`received_at` integer,
	`thanks_shout_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`exchange_id`) REFERENCES `santa_exchanges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`santa_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`original_santa_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`thanks_shout_id`) REFERENCES `shouts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `santa_applications_member_idx` ON `santa_applications` (`exchange_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `santa_applications_santa_idx` ON `santa_applications` (`santa_user_id`,`exchange_id`);--> statement-breakpoint
CREATE TABLE `santa_exchanges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`year` integer NOT NULL,
	`opens_at` integer NOT NULL,
	`closes_at` integer NOT NULL,
	`send_by` integer NOT NULL,
	`receive_by` integer NOT NULL,
	`steps` text NOT NULL,
	`faq` text NOT NULL,
	`min_account_days` integer DEFAULT 30 NOT NULL,
	`min_activity` integer DEFAULT 0 NOT NULL,
	`drawn_at` integer,
	`cancelled_at` integer,
	`addresses_purged_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `santa_exchanges_year_unique` ON `santa_exchanges` (`year`);--> statement-breakpoint
CREATE TABLE `santa_notices` (
	`exchange_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`exchange_id`, `user_id`, `kind`),
	FOREIGN KEY (`exchange_id`) REFERENCES `santa_exchanges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
