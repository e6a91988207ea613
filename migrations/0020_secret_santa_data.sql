-- Custom SQL migration file, put your code below! ---- Secret Santa is built: its menu item, added disabled by 0001_default_menu, is enabled.
UPDATE `menu_items` SET `is_disabled` = 0 WHERE `url` = '/secret-santa';
