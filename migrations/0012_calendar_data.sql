-- Custom SQL migration file, put your code below! ---- The release calendar is built: its menu item, added disabled by 0001_default_menu, is enabled.
UPDATE `menu_items` SET `is_disabled` = 0 WHERE `url` = '/calendar';
--> statement-breakpoint
-- The platforms a new site starts with (editors add, rename and reorder them).
INSERT OR IGNORE INTO `platforms` (`slug`, `title`, `icon`, `position`) VALUES
  ('pc', 'PC', 'pc', 0),
  ('ps5', 'PlayStation 5', 'playstation', 1),
  ('xbox-series', 'Xbox Series X|S', 'xbox', 2),
  ('switch-2', 'Nintendo Switch 2', 'nintendo', 3),
  ('switch', 'Nintendo Switch', 'nintendo', 4),
  ('ps4', 'PlayStation 4', 'playstation', 5),
  ('mobile', 'iOS и Android', 'mobile', 6);
