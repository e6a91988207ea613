// The news feed's demo: four sample feeds of made-up gaming sites (RSS 2.0, Atom, a Windows-1251 RSS and JSON
// Feed), built here as the documents those sites would serve, with dates relative to now. They go through the
// site's own ingest code (workers/core/feed: decoding, parsing, deduplication, grouping), not the network: the
// sources are added switched off, so `npm start`'s scheduled job does not try to reach the made-up addresses.
// Idempotent: sources by URL, entries by GUID.
import { registerHooks } from "node:module";
import { withLocalPlatform } from "./demo-load.mjs";
import { HOUR, MINUTE } from "./demo-sql.mjs";

// The Worker's TypeScript imports its modules without extensions (and through #workers/…): resolve those to .ts
// files, so Node (which strips the types) runs the same code.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (error?.code !== "ERR_MODULE_NOT_FOUND" || specifier.endsWith(".ts")) throw error;
      return next(`${specifier}.ts`, context);
    }
  },
});

/** A module of the Worker (by a computed path: the scripts' typecheck does not follow it into the Worker's types). */
const workerModule = (file) => import(new URL(`../workers/${file}`, import.meta.url).href);

const SOURCES = [
  { key: "vestnik", name: "Игровой вестник", domain: "igrovestnik.example", format: "rss" },
  { key: "pixel", name: "Пиксель Ньюс", domain: "pixelnews.example", format: "atom" },
  { key: "pravda", name: "Геймерская правда", domain: "gamepravda.example", format: "rss1251" },
  { key: "coop", name: "Кооп-журнал", domain: "coopmag.example", format: "json" },
];

/** [source key, minutes ago, headline, summary] — the same story told by several sites groups into one. */
const ITEMS = [
  [
    "vestnik",
    35,
    "«Пепел Севера» получил дату выхода — 12 марта",
    "Студия «Полярный лис» назвала дату релиза и показала новый трейлер.",
  ],
  [
    "pixel",
    50,
    "Студия «Полярный лис» назвала дату выхода «Пепла Севера»: 12 марта",
    "Игра выйдет на ПК, PlayStation 5 и Xbox Series.",
  ],
  ["pravda", 80, "«Пепел Севера» выйдет 12 марта: появился трейлер с датой", "Разработчики обещают 40 часов сюжета."],
  ["coop", 95, "Дата релиза «Пепла Севера» — 12 марта", ""],
  [
    "vestnik",
    140,
    "Продажи «Последнего костра» превысили 1 миллион копий",
    "Игра разошлась миллионным тиражом за первую неделю.",
  ],
  [
    "pravda",
    170,
    "«Последний костёр» продался тиражом более 1 млн копий",
    "Создатели поблагодарили игроков и пообещали бесплатное дополнение.",
  ],
  ["pixel", 210, "В Steam началась зимняя распродажа: скидки до 90%", "Распродажа продлится до 5 января."],
  ["coop", 230, "Зимняя распродажа Steam стартовала — скидки до 90%", "Собрали лучшие предложения для кооператива."],
  ["vestnik", 260, "Зимняя распродажа в Steam: скидки до 90% на тысячи игр", ""],
  [
    "pixel",
    320,
    "Патч 1.2 для «Звёздного тракта» исправил пропажу сохранений",
    "Также обновление улучшило производительность на Steam Deck.",
  ],
  ["pravda", 350, "Вышел патч 1.2 для «Звёздного тракта»: сохранения больше не пропадают", ""],
  ["coop", 400, "«Кот-алхимик» выйдет на Nintendo Switch 2 весной", "Порт делает та же команда, что и оригинал."],
  ["vestnik", 430, "«Кот-алхимик» стал первой инди-игрой, анонсированной для Switch 2 в России", ""],
  [
    "pixel",
    520,
    "«Тени метро» показали 12 минут геймплея",
    "Разработчики показали стелс, крафт и первую встречу с мутантами.",
  ],
  ["pravda", 560, "Новый геймплейный ролик «Теней метро» длится 12 минут", "Видео записано на PlayStation 5."],
  ["vestnik", 600, "Фестиваль инди-игр «Пиксельная весна» пройдёт в Казани в апреле", "Заявки принимают до 1 февраля."],
  ["coop", 660, "В «Тайге: выживании» появился кооператив на четверых", "Кооператив работает и по локальной сети."],
  ["pixel", 700, "«Тайга: выживание» получила кооператив на 4 игроков", "Обновление уже доступно в раннем доступе."],
  [
    "pravda",
    900,
    "Продажи игровых консолей в России выросли на 15% — отчёт",
    "Больше всего покупали PlayStation 5 и Nintendo Switch.",
  ],
  ["vestnik", 1000, "«Ледяной маяк 2» официально анонсирован", "Продолжение выйдет на телефонах и ПК."],
  ["coop", 1080, "Анонсирован «Ледяной маяк 2» — продолжение уютной головоломки", ""],
  [
    "pixel",
    1300,
    "Киберспорт: команда «Северный ветер» выиграла турнир по «Последнему рубежу»",
    "Призовой фонд составил 5 миллионов рублей.",
  ],
  [
    "vestnik",
    1500,
    "Создатели «Болотного короля» показали редактор уровней",
    "Игроки смогут делиться уровнями через мастерскую Steam.",
  ],
  ["pravda", 1700, "«Механический сад» перенесли на осень", "Разработчикам нужно больше времени на полировку."],
  ["coop", 1800, "Релиз «Механического сада» перенесён на осень", ""],
  ["pixel", 2100, "«Город под снегом» получил 88 баллов на Metacritic", "Критики хвалят атмосферу и музыку."],
];

const xml = (s) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** One site's feed document as it would serve it (bytes: the Windows-1251 one is encoded so). */
function document(source, now) {
  const items = ITEMS.filter(([key]) => key === source.key).map(([, ago, title, summary], i) => ({
    id: `${source.key}-${i + 1}`,
    url: `https://${source.domain}/news/${i + 1}`,
    title,
    summary,
    at: new Date(now - ago * MINUTE - (ago > 600 ? 6 * HOUR : 0)),
  }));
  const site = `https://${source.domain}/`;
  if (source.format === "json") {
    return JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: source.name,
      home_page_url: site,
      items: items.map((it) => ({
        id: it.id,
        url: it.url,
        title: it.title,
        content_text: it.summary,
        date_published: it.at.toISOString(),
      })),
    });
  }
  if (source.format === "atom") {
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${xml(source.name)}</title><link href="${site}"/><id>${site}</id>
<updated>${new Date(now).toISOString()}</updated>
${items.map((it) => `<entry><title>${xml(it.title)}</title><link rel="alternate" href="${it.url}"/><id>${it.id}</id><published>${it.at.toISOString()}</published><updated>${it.at.toISOString()}</updated><summary type="html">${xml(`<p>${it.summary}</p>`)}</summary></entry>`).join("\n")}
</feed>`;
  }
  const encoding = source.format === "rss1251" ? "windows-1251" : "UTF-8";
  return `<?xml version="1.0" encoding="${encoding}"?>
<rss version="2.0"><channel><title>${xml(source.name)}</title><link>${site}</link><description>${xml(source.name)}</description>
${items.map((it) => `<item><title>${xml(it.title)}</title><link>${it.url}</link><guid isPermaLink="false">${it.id}</guid><pubDate>${it.at.toUTCString()}</pubDate><description><![CDATA[<p>${it.summary}</p>]]></description></item>`).join("\n")}
</channel></rss>`;
}

/** Bytes of a document in its declared charset (Windows-1251 by hand: Cyrillic, «», —, №). */
function encode(text, format) {
  if (format !== "rss1251") return new TextEncoder().encode(text);
  const special = { "«": 0xab, "»": 0xbb, "—": 0x97, "–": 0x96, "№": 0xb9, Ё: 0xa8, ё: 0xb8 };
  return Uint8Array.from(Array.from(text), (ch) => {
    const code = ch.codePointAt(0);
    if (code < 0x80) return code;
    if (special[ch]) return special[ch];
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    return 0x3f;
  });
}

/** Adds the demo sources and ingests their feeds; returns how many stories the feed shows. */
export async function loadFeedDemo(now, persistTo) {
  const { parseFeedDocument } = await workerModule("core/feed/feed.parse.ts");
  const { decodeFeed } = await workerModule("core/feed/feed.fetch.ts");
  const { ingestEntries } = await workerModule("core/feed/feed.ingest.ts");
  const { createDb } = await workerModule("platform/db.ts");
  return withLocalPlatform(persistTo, async ({ DB }) => {
    const db = createDb(DB);
    const at = new Date(now);
    for (const source of SOURCES) {
      const url = `https://${source.domain}/rss`;
      await DB.prepare(
        "INSERT OR IGNORE INTO feed_sources (name, url, domain, is_enabled, interval_minutes, next_poll_at) VALUES (?, ?, ?, 0, 30, ?)",
      )
        .bind(source.name, url, source.domain, now)
        .run();
      const { id } = await DB.prepare("SELECT id FROM feed_sources WHERE url = ?").bind(url).first();
      const bytes = encode(document(source, now), source.format);
      const parsed = parseFeedDocument(decodeFeed(bytes, null), url);
      await ingestEntries(db, id, parsed.entries, at);
      await DB.prepare("UPDATE feed_sources SET last_polled_at = ?, last_success_at = ? WHERE id = ?")
        .bind(now, now, id)
        .run();
    }
    const { n } = await DB.prepare("SELECT count(*) AS n FROM feed_groups").first();
    return n;
  });
}
