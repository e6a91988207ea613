-- Custom SQL migration file, put your code below! ---- The built-in automatic medals (docs/decisions/0028): admins may rename them and give them pictures.
INSERT OR IGNORE INTO medals (name, description, is_automatic, rule) VALUES
  ('Год у костра', 'Год на сайте.', 1, 'years_1'),
  ('Три года у костра', 'Три года на сайте.', 1, 'years_3'),
  ('Пять лет у костра', 'Пять лет на сайте.', 1, 'years_5'),
  ('Первая статья', 'Опубликовал(а) первую статью.', 1, 'first_post'),
  ('Сто статей', 'Опубликовал(а) сто статей.', 1, 'posts_100'),
  ('Тысяча лапок', 'Получил(а) тысячу лапок за статьи, комментарии и записки.', 1, 'paws_1000'),
  ('Меценат', 'Поддержал(а) проект деньгами.', 1, 'supporter'),
  ('Тайный Санта', 'Участвовал(а) в обмене подарками «Тайный Санта».', 1, 'secret_santa');
