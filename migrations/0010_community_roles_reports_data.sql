-- Custom SQL migration file, put your code below! ---- users.roles held role names as JSON before roles had their own table: each name becomes a role (grey, neither
-- joinable nor mentionable until an admin says so) and each member keeps theirs through user_roles. Names are
-- keyed as written (SQLite's lower() folds ASCII only); the roles admin page shows them for renaming.
INSERT OR IGNORE INTO `roles` (`name`, `name_key`, `color`, `is_joinable`, `is_mentionable`)
  SELECT DISTINCT trim(j.value), trim(j.value), '#888888', 0, 0
  FROM `users` u, json_each(u.roles) j
  WHERE json_valid(u.roles) AND json_type(u.roles) = 'array' AND j.type = 'text' AND trim(j.value) <> '';
--> statement-breakpoint
INSERT OR IGNORE INTO `user_roles` (`user_id`, `role_id`)
  SELECT u.id, r.id
  FROM `users` u, json_each(u.roles) j
  JOIN `roles` r ON r.name_key = trim(j.value)
  WHERE json_valid(u.roles) AND json_type(u.roles) = 'array' AND j.type = 'text';
