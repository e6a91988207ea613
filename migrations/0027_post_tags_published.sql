DROP INDEX `post_tags_tag_idx`;--> statement-breakpoint
ALTER TABLE `post_tags` ADD `post_published_at` integer;--> statement-breakpoint
UPDATE `post_tags` SET `post_published_at` = (
  SELECT CASE WHEN p.is_published = 1 THEN p.published_at END FROM posts p WHERE p.id = post_tags.post_id
);--> statement-breakpoint
CREATE INDEX `post_tags_tag_published_idx` ON `post_tags` (`tag_id`,`post_published_at`,`post_id`);--> statement-breakpoint
-- A tag's link carries its post's publication time (NULL while the post is not published), so a tag's newest posts
-- are read off post_tags_tag_published_idx. Every way a link or a post is written keeps the copy: a new link takes
-- the post's state, a post's publication, withdrawal or new time updates its links.
CREATE TRIGGER `post_tags_published_insert` AFTER INSERT ON `post_tags` BEGIN
  UPDATE post_tags SET post_published_at = (
    SELECT CASE WHEN p.is_published = 1 THEN p.published_at END FROM posts p WHERE p.id = NEW.post_id
  ) WHERE post_id = NEW.post_id AND tag_id = NEW.tag_id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_published_tags` AFTER UPDATE OF is_published, published_at ON `posts` BEGIN
  UPDATE post_tags SET post_published_at = CASE WHEN NEW.is_published = 1 THEN NEW.published_at END
  WHERE post_id = NEW.id;
END;
