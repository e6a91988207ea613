DROP INDEX `posts_user_idx`;--> statement-breakpoint
CREATE INDEX `posts_user_idx` ON `posts` (`user_id`,`is_published`,`published_at`,`id`);