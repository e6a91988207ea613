-- The default site menu (admins change it later through PUT /api/v1/config/menu/).
-- Sections that later issues build are listed but disabled until they exist.
INSERT INTO `menu_items` (`position`, `title`, `url`, `is_external`, `is_disabled`, `is_special`, `is_desktop`, `is_toolbar`, `is_toolbar_more`, `is_mobile`, `is_footer`, `color`, `icon_type`, `icon`) VALUES
  (0, 'Статьи', '/', 0, 0, 0, 1, 1, 0, 1, 1, NULL, 'fas', 'newspaper'),
  (1, 'Костёр', '/bonfire', 0, 1, 0, 1, 1, 0, 1, 1, NULL, 'fas', 'fire'),
  (2, 'Лента', '/feed', 0, 1, 0, 1, 1, 0, 1, 1, NULL, 'fas', 'rss'),
  (3, 'Календарь', '/calendar', 0, 1, 0, 1, 1, 0, 1, 1, NULL, 'fas', 'calendar'),
  (4, 'Итоги года', '/year', 0, 1, 1, 1, 0, 1, 1, 0, '#f5a623', 'fas', 'trophy'),
  (5, 'Тайный Санта', '/secret-santa', 0, 1, 1, 1, 0, 1, 1, 0, '#d0021b', 'fas', 'gift'),
  (6, 'Поддержать', '/donate', 0, 1, 0, 1, 0, 1, 0, 1, NULL, 'fas', 'heart'),
  (7, 'API', '/api/v1/openapi.json', 1, 0, 0, 1, 0, 1, 0, 1, NULL, 'fas', 'code');
