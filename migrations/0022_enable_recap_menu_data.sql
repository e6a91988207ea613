-- Custom SQL migration file, put your code below! ---- The yearly recap exists (issue 17): its menu item is on.
UPDATE `menu_items` SET `is_disabled` = 0 WHERE `url` = '/year';
