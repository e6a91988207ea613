-- Full-text search (docs/decisions/0020-search.md): FTS5 indexes of published posts (title, headline, the body's
-- text), shouts and live post comments, kept by triggers so that every write path (the services, the seeds,
-- the bench dataset) indexes alike. ё is folded to е here (no FTS5 tokenizer does it); case folding is the
-- unicode61 tokenizer's; stemming happens on the query side (prefix queries of stems). The triggers watch only
-- the searched columns, so paws and counters do not touch the index.
CREATE VIRTUAL TABLE `search_posts` USING fts5(title, headline, body, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_shouts` USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_comments` USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `posts_search_insert` AFTER INSERT ON `posts` WHEN NEW.is_published = 1 BEGIN
  INSERT INTO search_posts (rowid, title, headline, body) VALUES (
    NEW.id,
    replace(replace(NEW.title, 'ё', 'е'), 'Ё', 'Е'),
    replace(replace(NEW.headline, 'ё', 'е'), 'Ё', 'Е'),
    replace(replace(coalesce((SELECT group_concat(value, ' ') FROM json_tree(CASE WHEN json_valid(NEW.body) THEN NEW.body ELSE '{}' END) WHERE key = 'text' AND type = 'text'), ''), 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_update` AFTER UPDATE OF title, headline, body, is_published ON `posts` BEGIN
  DELETE FROM search_posts WHERE rowid = OLD.id;
  INSERT INTO search_posts (rowid, title, headline, body) SELECT
    NEW.id,
    replace(replace(NEW.title, 'ё', 'е'), 'Ё', 'Е'),
    replace(replace(NEW.headline, 'ё', 'е'), 'Ё', 'Е'),
    replace(replace(coalesce((SELECT group_concat(value, ' ') FROM json_tree(CASE WHEN json_valid(NEW.body) THEN NEW.body ELSE '{}' END) WHERE key = 'text' AND type = 'text'), ''), 'ё', 'е'), 'Ё', 'Е')
  WHERE NEW.is_published = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_delete` AFTER DELETE ON `posts` BEGIN
  DELETE FROM search_posts WHERE rowid = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `shouts_search_insert` AFTER INSERT ON `shouts` BEGIN
  INSERT INTO search_shouts (rowid, text) VALUES (NEW.id, replace(replace(NEW.text, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `shouts_search_update` AFTER UPDATE OF text ON `shouts` BEGIN
  DELETE FROM search_shouts WHERE rowid = OLD.id;
  INSERT INTO search_shouts (rowid, text) VALUES (NEW.id, replace(replace(NEW.text, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `shouts_search_delete` AFTER DELETE ON `shouts` BEGIN
  DELETE FROM search_shouts WHERE rowid = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_search_insert` AFTER INSERT ON `comments` WHEN NEW.is_deleted = 0 BEGIN
  INSERT INTO search_comments (rowid, text) VALUES (NEW.id, replace(replace(NEW.text, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `comments_search_update` AFTER UPDATE OF text, is_deleted ON `comments` BEGIN
  DELETE FROM search_comments WHERE rowid = OLD.id;
  INSERT INTO search_comments (rowid, text) SELECT NEW.id, replace(replace(NEW.text, 'ё', 'е'), 'Ё', 'Е')
  WHERE NEW.is_deleted = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_search_delete` AFTER DELETE ON `comments` BEGIN
  DELETE FROM search_comments WHERE rowid = OLD.id;
END;
--> statement-breakpoint
INSERT INTO search_posts (rowid, title, headline, body) SELECT
  id,
  replace(replace(title, 'ё', 'е'), 'Ё', 'Е'),
  replace(replace(headline, 'ё', 'е'), 'Ё', 'Е'),
  replace(replace(coalesce((SELECT group_concat(value, ' ') FROM json_tree(CASE WHEN json_valid(posts.body) THEN posts.body ELSE '{}' END) WHERE key = 'text' AND type = 'text'), ''), 'ё', 'е'), 'Ё', 'Е')
FROM posts WHERE is_published = 1;
--> statement-breakpoint
INSERT INTO search_shouts (rowid, text) SELECT id, replace(replace(text, 'ё', 'е'), 'Ё', 'Е') FROM shouts;
--> statement-breakpoint
INSERT INTO search_comments (rowid, text) SELECT id, replace(replace(text, 'ё', 'е'), 'Ё', 'Е') FROM comments WHERE is_deleted = 0;
