-- Look-alike names (issue 11). SQLite cannot compute a TR39 skeleton, so existing rows keep NULL here and are
-- filled by the application before its first look-alike check (workers/core/accounts/usernames.ts) and by
-- scripts/seed.mjs for the demo members.
ALTER TABLE `users` ADD `username_skeleton` text;--> statement-breakpoint
CREATE INDEX `users_username_skeleton_idx` ON `users` (`username_skeleton`);