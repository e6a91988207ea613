// Social demo: gaming accounts on the demo members' profiles (links for Steam, Twitch, YouTube, Telegram, VK, GOG,
// Xbox; copy buttons for PSN, Nintendo, Battle.net, Epic, EA, Ubisoft, Discord). Idempotent: one account per
// service per member (the unique index), INSERT OR IGNORE.
import { DAY, q, user } from "./demo-sql.mjs";

const ACCOUNTS = {
  Хранитель: [
    ["steam", "kostyor_keeper"],
    ["discord", "khranitel"],
    ["telegram", "kostyor_site"],
  ],
  Лисичка: [
    ["twitch", "lisichka_plays"],
    ["youtube", "lisichka_games"],
    ["psn", "Lisichka-Fox"],
    ["nintendo", "SW-4821-7730-1195"],
  ],
  Ведьмак: [
    ["steam", "76561198012345678"],
    ["gog", "geralt_of_rivia"],
    ["battlenet", "Ведьмак#2077"],
    ["xbox", "White Wolf"],
  ],
  Северянин: [
    ["vk", "severyanin_games"],
    ["epic", "Severyanin"],
    ["ea", "Severyanin_Nord"],
    ["ubisoft", "Severyanin.AC"],
  ],
  Геймер_42: [
    ["steam", "gamer42"],
    ["twitch", "gamer_42"],
    ["discord", "gamer_42"],
  ],
};

export function demoSocialSql(now) {
  return Object.entries(ACCOUNTS).flatMap(([name, accounts]) =>
    accounts.map(
      ([schema, uid], i) =>
        `INSERT OR IGNORE INTO social_accounts (user_id, schema, social_uid, created_at) SELECT ${user(name)}, ${q(schema)}, ${q(uid)}, ${now - (30 - i) * DAY} WHERE ${user(name)} IS NOT NULL;`,
    ),
  );
}
