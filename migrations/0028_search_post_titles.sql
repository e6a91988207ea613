-- Published posts' titles in an index of their own (docs/decisions/0040-render-cpu.md §21): a search's candidates
-- are the newest posts with every word in the title and the newest with every word anywhere, each read off an index
-- in rowid order. `search_posts` alone cannot give the first cheaply (a column filter reads the position lists of
-- every post with the word), and ranking its matches by bm25 counted the word's posts across the whole index.
-- Kept by triggers as search_posts is (migration 0005), ё folded to е.
CREATE VIRTUAL TABLE `search_post_titles` USING fts5(title, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `posts_title_search_insert` AFTER INSERT ON `posts` WHEN NEW.is_published = 1 BEGIN
  INSERT INTO search_post_titles (rowid, title) VALUES (NEW.id, replace(replace(NEW.title, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_title_search_update` AFTER UPDATE OF title, is_published ON `posts` BEGIN
  DELETE FROM search_post_titles WHERE rowid = OLD.id;
  INSERT INTO search_post_titles (rowid, title) SELECT NEW.id, replace(replace(NEW.title, 'ё', 'е'), 'Ё', 'Е')
  WHERE NEW.is_published = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_title_search_delete` AFTER DELETE ON `posts` BEGIN
  DELETE FROM search_post_titles WHERE rowid = OLD.id;
END;
--> statement-breakpoint
INSERT INTO search_post_titles (rowid, title) SELECT id, replace(replace(title, 'ё', 'е'), 'Ё', 'Е') FROM posts WHERE is_published = 1;
