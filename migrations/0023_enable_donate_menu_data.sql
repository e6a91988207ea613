-- Custom SQL migration file, put your code below! ---- Donations are built (docs/decisions/0028): the «Поддержать» menu item, added disabled by 0001_default_menu, is enabled.
UPDATE `menu_items` SET `is_disabled` = 0 WHERE `url` = '/donate';
