-- Custom SQL migration file, put your code below! ---- Russian search (docs/decisions/0031-russian-search.md): each search index's vocabulary, the terms it holds
-- with their document counts, read by typo correction (a query word no document has is corrected to a close
-- term that some have). fts5vocab tables read the index itself: nothing to keep in step.
CREATE VIRTUAL TABLE `search_posts_vocab` USING fts5vocab(search_posts, row);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_shouts_vocab` USING fts5vocab(search_shouts, row);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_comments_vocab` USING fts5vocab(search_comments, row);
