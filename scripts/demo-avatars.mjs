// Avatars for the demo members: small pixel-art badges (scripts/demo-pictures.mjs) stored as the profile service
// stores an upload — R2 `avatars/<member id>/<token>-40|80|200.webp`, `users.avatar_key` the prefix. A member who
// has an avatar already keeps it.
import { key, q } from "./demo-sql.mjs";

const AVATAR_OF = {
  Хранитель: "flame",
  Смотритель: "shield",
  Лисичка: "fox",
  Ведьмак: "wolf",
  Северянин: "snowflake",
  Пиксель: "invader",
  Геймер_42: "gamepad",
  Мурка: "kitten",
  Странник: "peaks",
};

export function demoAvatarsSql() {
  return Object.entries(AVATAR_OF).map(
    ([name, avatar]) =>
      `UPDATE users SET avatar_key = 'avatars/' || id || '/demo-${avatar}' WHERE username_key = ${q(key(name))} AND avatar_key IS NULL;`,
  );
}
