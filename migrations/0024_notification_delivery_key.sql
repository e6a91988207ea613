ALTER TABLE `notifications` ADD `delivery_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_delivery_idx` ON `notifications` (`delivery_key`);