// Secret Santa for the demo (docs/decisions/0032): last year's finished exchange (a cycle among the demo members,
// every gift sent and received, names and addresses already deleted) and this year's, open for applications, with
// six demo members applied — their names and addresses sealed with the development SANTA_ADDRESS_KEY exactly as the
// site seals them. Ведьмак and Геймер_42 have not applied (the browser test applies as them). Dates are relative to
// the day of the first seed; idempotent (INSERT OR IGNORE by year and by member).
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { sealAddress } from "../workers/core/santa/santa.crypto.ts";
import { DEFAULT_FAQ, DEFAULT_STEPS } from "../workers/core/santa/santa.stage.ts";
import { withLocalPlatform } from "./demo-load.mjs";
import { DAY, key, q } from "./demo-sql.mjs";
import { root } from "./lib.mjs";

/** [member, full name, address, country, city, wishes, what not to send, same country, backup volunteer] */
const APPLICANTS = [
  [
    "Лисичка",
    "Алиса Лисицына",
    "ул. Садовая, д. 12, кв. 5, 190000",
    "Россия",
    "Санкт-Петербург",
    "Всё про уютные игры, пазлы на 1000 деталей, вязаные носки.",
    "Хоррор",
    false,
    true,
  ],
  [
    "Северянин",
    "Олег Северов",
    "пр. Ленина, д. 40, кв. 18, 183038",
    "Россия",
    "Мурманск",
    "Соулслайки, термокружка, всё с северным сиянием.",
    "",
    true,
    false,
  ],
  [
    "Пиксель",
    "Пётр Пикселев",
    "ул. Гагарина, д. 3, кв. 77, 630099",
    "Россия",
    "Новосибирск",
    "Пиксель-арт, скетчбук, маркеры.",
    "Сладкое",
    false,
    true,
  ],
  [
    "Мурка",
    "Марина Муркина",
    "ул. Абая, д. 150, кв. 9, 050000",
    "Казахстан",
    "Алматы",
    "Котики, настолки, чай.",
    "Алкоголь",
    false,
    false,
  ],
  [
    "Странник",
    "Степан Странников",
    "ул. Немига, д. 5, кв. 31, 220030",
    "Беларусь",
    "Минск",
    "Карты выдуманных миров, открытки из путешествий.",
    "",
    false,
    false,
  ],
  [
    "Хранитель",
    "Харитон Хранителев",
    "ул. Тверская, д. 1, кв. 1, 125009",
    "Россия",
    "Москва",
    "Любая книга о разработке игр.",
    "",
    false,
    true,
  ],
];
/** Last year's cycle: each gives to the next. */
const LAST_YEAR = ["Лисичка", "Ведьмак", "Северянин", "Мурка", "Пиксель", "Странник"];

const MSK = 3 * 3600_000;

/** Runs the Secret Santa demo through the platform proxy (the user ids are needed to seal the addresses). */
export async function loadSantaDemo(now, persistTo) {
  const site = unstable_readConfig({ config: path.join(root, "wrangler.toml") }, { hideWarnings: true });
  const addressKey = site.vars.SANTA_ADDRESS_KEY;
  return withLocalPlatform(persistTo, async ({ DB }) => {
    const ids = new Map();
    for (const name of [...APPLICANTS.map((a) => a[0]), ...LAST_YEAR]) {
      const row = await DB.prepare("SELECT id FROM users WHERE username_key = ?").bind(key(name)).first();
      if (row) ids.set(name, row.id);
    }
    const opensAt = now - 10 * DAY;
    const year = new Date(opensAt + MSK).getUTCFullYear();
    const closesAt = now + 14 * DAY;
    const sendBy = closesAt + 10 * DAY;
    const receiveBy = sendBy + 21 * DAY;
    const steps = q(JSON.stringify(DEFAULT_STEPS));
    const faq = q(JSON.stringify(DEFAULT_FAQ));
    const statements = [
      // Last year's, finished: drawn, addresses deleted 30 days after it ended.
      `INSERT OR IGNORE INTO santa_exchanges (year, opens_at, closes_at, send_by, receive_by, steps, faq, min_account_days, min_activity, drawn_at, addresses_purged_at, created_at, updated_at)
       VALUES (${year - 1}, ${opensAt - 365 * DAY}, ${closesAt - 365 * DAY}, ${sendBy - 365 * DAY}, ${receiveBy - 365 * DAY}, ${steps}, ${faq}, 30, 1, ${closesAt - 365 * DAY}, ${receiveBy - 335 * DAY}, ${opensAt - 365 * DAY}, ${opensAt - 365 * DAY})`,
      `INSERT OR IGNORE INTO santa_exchanges (year, opens_at, closes_at, send_by, receive_by, steps, faq, min_account_days, min_activity, created_at, updated_at)
       VALUES (${year}, ${opensAt}, ${closesAt}, ${sendBy}, ${receiveBy}, ${steps}, ${faq}, 30, 1, ${opensAt}, ${opensAt})`,
    ];
    await DB.batch(statements.map((s) => DB.prepare(s)));
    const exchangeId = async (y) =>
      (await DB.prepare("SELECT id FROM santa_exchanges WHERE year = ?").bind(y).first())?.id;
    const lastId = await exchangeId(year - 1);
    const thisId = await exchangeId(year);
    const rows = [];
    LAST_YEAR.forEach((name, i) => {
      const santa = ids.get(LAST_YEAR[(i + LAST_YEAR.length - 1) % LAST_YEAR.length]);
      if (!ids.has(name) || !santa || !lastId) return;
      const sent = sendBy - 365 * DAY - (i + 2) * DAY;
      rows.push(
        `INSERT OR IGNORE INTO santa_applications (exchange_id, user_id, sealed, country, country_key, city, wishes, santa_user_id, original_santa_user_id, sent_at, received_at, created_at, updated_at)
         VALUES (${lastId}, ${ids.get(name)}, NULL, 'Россия', 'россия', '—', 'Сюрприз!', ${santa}, ${santa}, ${sent}, ${sent + 7 * DAY}, ${opensAt - 360 * DAY}, ${sent + 7 * DAY})`,
      );
    });
    for (const [
      i,
      [name, fullName, address, country, city, wishes, dislikes, sameCountry, backup],
    ] of APPLICANTS.entries()) {
      const userId = ids.get(name);
      if (!userId || !thisId) continue;
      const sealed = await sealAddress(addressKey, { exchangeId: thisId, userId }, { full_name: fullName, address });
      const at = opensAt + (i + 1) * 9 * 3600_000;
      rows.push(
        `INSERT OR IGNORE INTO santa_applications (exchange_id, user_id, sealed, country, country_key, city, wishes, dislikes, same_country, is_backup, created_at, updated_at)
         VALUES (${thisId}, ${userId}, ${q(sealed)}, ${q(country)}, ${q(key(country))}, ${q(city)}, ${q(wishes)}, ${q(dislikes)}, ${sameCountry ? 1 : 0}, ${backup ? 1 : 0}, ${at}, ${at})`,
      );
    }
    if (rows.length) await DB.batch(rows.map((s) => DB.prepare(s)));
    return (
      (
        await DB.prepare("SELECT count(*) AS n FROM santa_applications WHERE exchange_id = ?")
          .bind(thisId ?? 0)
          .first()
      )?.n ?? 0
    );
  });
}
