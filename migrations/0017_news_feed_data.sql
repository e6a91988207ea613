-- Custom SQL migration file, put your code below! --
-- The news feed is built: its menu item, added disabled by 0001_default_menu, is enabled.
UPDATE `menu_items` SET `is_disabled` = 0 WHERE `url` = '/feed';
--> statement-breakpoint
-- Search type news (docs/decisions/0030-news-feed.md): an FTS5 index of feed entry titles (ё folded to е, as
-- 0005_search_index does), kept by triggers; a search finds the groups of the matching entries.
CREATE VIRTUAL TABLE `search_feed` USING fts5(title, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `feed_entries_search_insert` AFTER INSERT ON `feed_entries` BEGIN
  INSERT INTO search_feed (rowid, title) VALUES (NEW.id, replace(replace(NEW.title, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `feed_entries_search_update` AFTER UPDATE OF title ON `feed_entries` BEGIN
  DELETE FROM search_feed WHERE rowid = OLD.id;
  INSERT INTO search_feed (rowid, title) VALUES (NEW.id, replace(replace(NEW.title, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `feed_entries_search_delete` AFTER DELETE ON `feed_entries` BEGIN
  DELETE FROM search_feed WHERE rowid = OLD.id;
END;
