// The release calendar's demo: ~40 games with releases last month, this month and the next few (some only by
// month, quarter or year, some timed, some with a second date for another platform or early access), covers
// drawn in code as pixel art (no downloads) and stored as an editor's upload is (games/<key>-200|400.webp), a demo
// database editor and a few members following releases. Idempotent: fixed ids, INSERT OR IGNORE, covers already
// in R2 are skipped. Dates are relative to the day of the first seed.
import { putPicture, splitSql, withLocalPlatform } from "./demo-load.mjs";
import { pixelArtWebp, random } from "./demo-pictures.mjs";
import { DAY, key, q, user } from "./demo-sql.mjs";

const GAME_ID = 100_000;
const COVER_W = 40;
const COVER_H = 54;
const COVER_WIDTHS = [200, 400];

/** [title, day offset from today (or a string: "month+1", "quarter+1", "year+1"), platform slugs, note, time] */
const GAMES = [
  ["Пепел Севера", -26, ["pc", "ps5", "xbox-series"]],
  ["Звёздный тракт", -20, ["pc"], "", "19:00"],
  ["Кот-алхимик", -15, ["switch", "switch-2", "pc"]],
  ["Ржавые крылья", -9, ["ps5"]],
  ["Тихая гавань", -4, ["pc", "mobile"]],
  ["Хроники Лукоморья", -1, ["pc", "ps5"], "", "10:00"],
  ["Последний костёр", 0, ["pc", "ps5", "xbox-series"], "", "18:00"],
  ["Город под снегом", 0, ["switch-2"]],
  ["Сеть и ветер", 2, ["pc"], "Ранний доступ"],
  ["Балтийский дрейф", 3, ["ps5", "xbox-series"]],
  ["Гномья шахта", 5, ["pc", "switch"]],
  ["Неоновый квартал", 7, ["pc", "ps5"], "", "20:00"],
  ["Ледяной маяк", 7, ["mobile"]],
  ["Сказки старой дороги", 9, ["pc"]],
  ["Шторм над Ладогой", 12, ["ps5"]],
  ["Пиксельная ферма", 14, ["switch", "mobile"]],
  ["Тени метро", 16, ["pc", "xbox-series"]],
  ["Рыцарь без коня", 19, ["pc", "switch-2"]],
  ["Орбитальная станция «Заря»", 21, ["pc", "ps5", "xbox-series"], "", "17:00"],
  ["Болотный король", 24, ["pc"]],
  ["Тайга: выживание", 27, ["pc", "ps5"], "Ранний доступ"],
  ["Медный дракон", 31, ["switch-2"]],
  ["Космодром", 34, ["pc"]],
  ["Зимняя сказка", 38, ["mobile", "switch"]],
  ["Последний рубеж", 41, ["ps5", "xbox-series"]],
  ["Механический сад", 45, ["pc"]],
  ["Черновик героя", 48, ["pc", "switch-2"]],
  ["Полярная ночь", 52, ["ps5"]],
  ["Лесной дозор", 58, ["pc", "xbox-series"]],
  ["Соборы и шестерни", 63, ["pc", "ps5"]],
  ["Песчаный караван", 70, ["pc"]],
  ["Волшебный трамвай", 77, ["switch", "switch-2"]],
  ["Руины Аркаима", "month+0", ["pc"]],
  ["Ветер перемен", "month+1", ["ps5", "xbox-series"]],
  ["Звёздная кузница", "month+2", ["pc"]],
  ["Северный экспресс", "quarter+1", ["pc", "ps5"]],
  ["Империя грибов", "quarter+0", ["switch-2"]],
  ["Край света", "year+1", ["pc", "ps5", "xbox-series"]],
  // Last month always has a release: -26 days lies in it until the 26th, -40 days from the 13th on.
  ["Осенний марафон", -40, ["pc", "ps5"]],
];

/** Second dates: [game index, day offset or period, platforms, note]. */
const EXTRA = [
  [0, 40, ["switch-2"], "Версия для Switch 2"],
  [8, 60, ["pc"], "Полная версия"],
  [6, "quarter+1", ["switch-2"], ""],
  [11, 30, ["xbox-series"], ""],
];

/** Wall-clock parts in Moscow (UTC+3, no DST since 2014). */
function moscow(ms) {
  const d = new Date(ms + 3 * 3600_000);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}
const moscowMidnight = (y, m, d, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min) - 3 * 3600_000;

/** [released_at, precision, has_time, sort_at] of a demo date. */
function releaseDate(now, when, time) {
  const today = moscow(now);
  if (typeof when === "number") {
    const day = moscow(moscowMidnight(today.y, today.m, today.d) + when * DAY + 12 * 3600_000);
    const [h, min] = time ? time.split(":").map(Number) : [0, 0];
    const at = moscowMidnight(day.y, day.m, day.d, h, min);
    return [at, "day", time ? 1 : 0, at];
  }
  const [kind, n] = when.split("+");
  const index =
    today.y * 12 + today.m - 1 + (kind === "month" ? Number(n) : kind === "quarter" ? Number(n) * 3 : 12 * Number(n));
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  if (kind === "month") return [moscowMidnight(y, m, 1), "month", 0, moscowMidnight(y, m, 1)];
  if (kind === "quarter") {
    const first = Math.floor((m - 1) / 3) * 3 + 1;
    return [moscowMidnight(y, first, 1), "quarter", 0, moscowMidnight(y, first + 2, 1)];
  }
  return [moscowMidnight(y, 1, 1), "year", 0, moscowMidnight(y, 12, 1)];
}

const platformId = (slug) => `(SELECT id FROM platforms WHERE slug = ${q(slug)})`;

function releaseSql(releaseId, gameId, now, when, platforms, note = "", time) {
  const [at, precision, hasTime, sortAt] = releaseDate(now, when, time);
  return [
    `INSERT OR IGNORE INTO game_releases (id, game_id, released_at, precision, has_time, sort_at, note, created_at, updated_at) VALUES (${releaseId}, ${gameId}, ${at}, '${precision}', ${hasTime}, ${sortAt}, ${q(note)}, ${now}, ${now})`,
    ...platforms.map(
      (slug) =>
        `INSERT OR IGNORE INTO game_release_platforms (release_id, platform_id) SELECT ${releaseId}, ${platformId(slug)} WHERE ${platformId(slug)} IS NOT NULL`,
    ),
  ];
}

export const coverKey = (index) => `games/demo-cover-${index + 1}`;

/** The calendar's demo statements. */
export function demoCalendarSql(now) {
  const out = [`UPDATE users SET is_db_editor = 1 WHERE username_key = ${q(key("Лисичка"))}`];
  GAMES.forEach(([title, when, platforms, note, time], i) => {
    const gameId = GAME_ID + i + 1;
    out.push(
      `INSERT OR IGNORE INTO games (id, title, title_key, cover_key, created_by, created_at, updated_at) VALUES (${gameId}, ${q(title)}, ${q(key(title))}, ${q(coverKey(i))}, ${user("Лисичка")}, ${now}, ${now})`,
      ...releaseSql(gameId, gameId, now, when, platforms, note, time),
    );
  });
  EXTRA.forEach(([index, when, platforms, note], i) => {
    out.push(...releaseSql(GAME_ID + 500 + i, GAME_ID + index + 1, now, when, platforms, note));
  });
  // Members following a few releases (one of them today: the reminder job sends it on the next run).
  for (const [name, games] of [
    ["Ведьмак", [7, 10, 12, 19]],
    ["Лисичка", [7, 9, 22]],
    ["Хранитель", [12, 19, 38]],
  ]) {
    for (const g of games) {
      out.push(
        `INSERT OR IGNORE INTO release_subscriptions (user_id, release_id, created_at) SELECT ${user(name)}, ${GAME_ID + g}, ${now} WHERE ${user(name)} IS NOT NULL`,
      );
    }
  }
  return out;
}

// ─── covers ────────────────────────────────────────────────────────────────────────────────────────────────

const PALETTES = [
  ["#1b1f3b", "#f26b38", "#ffd166", "#2a9d8f"],
  ["#0b132b", "#5bc0be", "#fffcf2", "#3a506b"],
  ["#2d0f1f", "#e63946", "#f1faee", "#a8dadc"],
  ["#10231a", "#95d5b2", "#ffe66d", "#2d6a4f"],
  ["#22162b", "#c77dff", "#ffd6ff", "#5a189a"],
  ["#1d1a05", "#f4a261", "#e9c46a", "#264653"],
  ["#0d1b2a", "#e0e1dd", "#778da9", "#415a77"],
  ["#301014", "#f9c74f", "#f94144", "#577590"],
];

const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16);

/** A pixel-art cover: a dithered sky, a sun or moon, two mountain ridges, a hero's silhouette and a title band. */
function drawCover(index) {
  const r = random(index * 7919 + 17);
  const [dark, accent, light, mid] = PALETTES[index % PALETTES.length].map(rgb);
  const px = new Uint8Array(COVER_W * COVER_H * 4);
  const set = (x, y, c) => {
    if (x < 0 || y < 0 || x >= COVER_W || y >= COVER_H) return;
    const o = (y * COVER_W + x) * 4;
    px[o] = c[0];
    px[o + 1] = c[1];
    px[o + 2] = c[2];
    px[o + 3] = 255;
  };
  for (let y = 0; y < COVER_H; y++) {
    for (let x = 0; x < COVER_W; x++) {
      const t = y / COVER_H + (BAYER[(y % 4) * 4 + (x % 4)] - 0.5) * 0.18;
      set(x, y, t < 0.5 ? mix(dark, mid, t * 2) : mix(mid, accent, (t - 0.5) * 2));
    }
  }
  const sx = 8 + Math.floor(r() * 24);
  const sy = 8 + Math.floor(r() * 8);
  const sr = 4 + Math.floor(r() * 4);
  for (let y = -sr; y <= sr; y++)
    for (let x = -sr; x <= sr; x++) if (x * x + y * y <= sr * sr) set(sx + x, sy + y, light);
  for (const [base, color, rough] of [
    [30, mid, 6],
    [38, dark, 4],
  ]) {
    let h = base + Math.floor(r() * 4);
    for (let x = 0; x < COVER_W; x++) {
      h = Math.max(base - rough, Math.min(base + rough, h + Math.round((r() - 0.5) * 3)));
      for (let y = h; y < COVER_H; y++) set(x, y, color);
    }
  }
  // A small hero on the ridge.
  const hx = 10 + Math.floor(r() * 20);
  for (let y = 0; y < 7; y++) for (let x = 0; x < 3; x++) set(hx + x, 32 + y, y === 0 && x !== 1 ? dark : [10, 10, 12]);
  set(hx + 3, 34, accent);
  set(hx + 4, 33, accent);
  // The title band with "letters" (blocks) and a frame.
  for (let y = 44; y < 52; y++) for (let x = 2; x < COVER_W - 2; x++) set(x, y, y === 44 || y === 51 ? accent : dark);
  let x = 5;
  while (x < COVER_W - 6) {
    const w = 2 + Math.floor(r() * 3);
    for (let y = 46; y < 50; y++) for (let i = 0; i < w; i++) if (r() > 0.2) set(x + i, y, light);
    x += w + 1 + (r() > 0.7 ? 2 : 0);
  }
  for (let i = 0; i < COVER_W; i++) {
    set(i, 0, accent);
    set(i, COVER_H - 1, accent);
  }
  for (let i = 0; i < COVER_H; i++) {
    set(0, i, accent);
    set(COVER_W - 1, i, accent);
  }
  return px;
}

/** Runs the calendar's demo SQL and puts the covers it names into the local R2. Returns the games' count. */
export async function loadCalendarDemo(now, persistTo) {
  return withLocalPlatform(persistTo, async ({ DB, MEDIA }) => {
    await DB.batch(splitSql(`${demoCalendarSql(now).join(";\n")};`).map((s) => DB.prepare(s)));
    for (let i = 0; i < GAMES.length; i++) {
      const pixels = drawCover(i);
      for (const width of COVER_WIDTHS) {
        const objectKey = `${coverKey(i)}-${width}.webp`;
        if (await MEDIA.head(objectKey)) continue;
        await putPicture(MEDIA, objectKey, pixelArtWebp(pixels, COVER_W, COVER_H, width / COVER_W));
      }
    }
    return GAMES.length;
  });
}
