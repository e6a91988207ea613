// Donations, supporters and medals for the demo (docs/decisions/0028): donations this month (the goal partly
// reached) and earlier this year, the members they came from made supporters (the coin on their avatars), medals
// with pictures drawn in code as pixel art (no downloads) stored as an admin's upload is
// (medals/<key>-96|192.webp), and medals awarded to demo members. Idempotent: fixed ids and operation ids,
// INSERT OR IGNORE, pictures already in R2 are skipped. Dates are relative to the day of the first seed.
import { putPicture, splitSql, withLocalPlatform } from "./demo-load.mjs";
import { pixelArtWebp } from "./demo-pictures.mjs";
import { DAY, q, user } from "./demo-sql.mjs";

const DONATION_ID = 900_000;
const MEDAL_ID = 900_000;
/** workers/core/config/donations.config.ts: 30 days for every 300 ₽. */
const daysFor = (kopecks) => Math.min(5 * 365, Math.floor((kopecks * 30) / 30000));
const MSK = 3 * 3600_000;

/** [member or null, roubles, provider, name, message, anonymous] — this month's, then earlier this year's. */
const THIS_MONTH = [
  ["Хранитель", 3000, "bank", "", "На сервер и резервные копии. Грейтесь!", false],
  ["Лисичка", 1500, "yoomoney", "", "Спасибо за календарь релизов!", false],
  [null, 500, "yoomoney", "", "", false],
  ["Мурка", 2000, "boosty", "", "Мур. Пусть костёр горит.", false],
  [null, 1000, "stripe", "Друг из Тбилиси", "Читаю вас каждый день.", false],
  ["Ведьмак", 700, "yoomoney", "", "За «Тайного Санту» в прошлом году", true],
  ["Северянин", 300, "yoomoney", "", "", false],
  [null, 2500, "bank", "Клуб настольных игр «Ладья»", "От всего клуба — на призы конкурса.", false],
];
const EARLIER = [
  ["Хранитель", 5000, "bank", "", "На новый год для сайта.", false],
  ["Лисичка", 1200, "yoomoney", "", "", false],
  ["Пиксель", 800, "boosty", "", "Спасибо за светлую тему :)", false],
  [null, 1500, "bank", "", "", true],
  ["Мурка", 600, "yoomoney", "", "", false],
];

/** The medals' pictures: [rule or null for a manual medal, ribbon colours, disc colours, glyph]. */
const MEDALS = [
  ["years_1", ["#e63946", "#f1faee"], ["#cd7f32", "#f4a261"], "1"],
  ["years_3", ["#457b9d", "#f1faee"], ["#c0c0c0", "#e5e5e5"], "3"],
  ["years_5", ["#2a9d8f", "#ffd166"], ["#d4a017", "#ffe066"], "5"],
  ["first_post", ["#f07a1c", "#1b1f3b"], ["#cd7f32", "#ffd6a5"], "pen"],
  ["posts_100", ["#6a4c93", "#ffca3a"], ["#d4a017", "#fff3b0"], "pen"],
  ["paws_1000", ["#ff595e", "#ffca3a"], ["#c0c0c0", "#ffe5ec"], "paw"],
  ["supporter", ["#ffb703", "#023047"], ["#d4a017", "#ffe066"], "coin"],
  ["secret_santa", ["#d62828", "#2a9d8f"], ["#c0c0c0", "#f1faee"], "gift"],
  [
    null,
    ["#f07a1c", "#ffd166"],
    ["#d4a017", "#ff9f1c"],
    "flame",
    "Душа костра",
    "За тёплые слова новичкам и помощь в комментариях.",
  ],
  [null, ["#264653", "#e9c46a"], ["#c0c0c0", "#dfe7fd"], "star", "Летописец", "За обзоры, которые читают всем сайтом."],
];

/** Awards: [member, medal rule or manual medal name, note, days ago]. */
const AWARDS = [
  ["Хранитель", "supporter", "", 20],
  ["Хранитель", "years_1", "", 40],
  ["Хранитель", "Душа костра", "За то, что этот костёр вообще горит.", 3],
  ["Лисичка", "supporter", "", 12],
  ["Лисичка", "first_post", "", 200],
  ["Лисичка", "Летописец", "За обзор «Пепла Севера» — лучший текст месяца.", 6],
  ["Ведьмак", "first_post", "", 150],
  ["Ведьмак", "years_1", "", 25],
  ["Ведьмак", "Душа костра", "Помог десятку новичков разобраться с модами.", 9],
  ["Мурка", "supporter", "", 15],
  ["Северянин", "first_post", "", 80],
];

const medalRef = (ref) => MEDALS.findIndex(([rule, , , , name]) => rule === ref || name === ref);
const medalId = (index) =>
  MEDALS[index][0] ? `(SELECT id FROM medals WHERE rule = ${q(MEDALS[index][0])})` : String(MEDAL_ID + index);
export const medalKey = (index) => `medals/demo-${index + 1}`;

function periodStart(now, unit) {
  const local = new Date(now + MSK);
  return Date.UTC(local.getUTCFullYear(), unit === "month" ? local.getUTCMonth() : 0, 1) - MSK;
}

/** The demo's SQL statements. */
export function demoDonationsSql(now) {
  const out = [];
  const monthStart = periodStart(now, "month");
  const yearStart = periodStart(now, "year");
  const rows = [
    ...THIS_MONTH.map((d, i) => [d, monthStart + ((now - monthStart) * (i + 0.5)) / THIS_MONTH.length]),
    ...EARLIER.map((d, i) => [d, yearStart + ((monthStart - yearStart) * (i + 0.5)) / EARLIER.length]),
  ].filter(([, at]) => at < now);
  const periods = new Map();
  rows.forEach(([[member, rubles, provider, name, message, anonymous], at], i) => {
    const amount = rubles * 100;
    const days = member ? daysFor(amount) : 0;
    const at_ = Math.round(at);
    out.push(
      `INSERT OR IGNORE INTO donations (id, provider, external_id, amount, user_id, name, is_anonymous, message, supporter_days, donated_at, created_at) VALUES (${DONATION_ID + i + 1}, ${q(provider)}, ${q(`demo-${i + 1}`)}, ${amount}, ${member ? user(member) : "NULL"}, ${q(name)}, ${anonymous ? 1 : 0}, ${q(message)}, ${days}, ${at_}, ${at_})`,
    );
    if (member) periods.set(member, [...(periods.get(member) ?? []), [at_, days]]);
  });
  // The supporter period as workers/core/donations/supporters.ts derives it.
  for (const [member, list] of periods) {
    let until = null;
    for (const [at, days] of list.sort((a, b) => a[0] - b[0])) until = Math.max(until ?? 0, at) + days * DAY;
    out.push(
      `UPDATE users SET supporter_until = ${until}, is_supporter = ${until > now ? 1 : 0} WHERE id = ${user(member)}`,
    );
  }
  out.push(`INSERT OR IGNORE INTO site_settings (key, value) VALUES ('donation_goal', '3000000')`);
  MEDALS.forEach(([rule, , , , name, description], i) => {
    if (rule) {
      out.push(`UPDATE medals SET image_key = ${q(medalKey(i))} WHERE rule = ${q(rule)} AND image_key IS NULL`);
    } else {
      out.push(
        `INSERT OR IGNORE INTO medals (id, name, description, image_key, is_automatic, rule, created_at) VALUES (${MEDAL_ID + i}, ${q(name)}, ${q(description)}, ${q(medalKey(i))}, 0, NULL, ${now})`,
      );
    }
  });
  for (const [member, ref, note, daysAgo] of AWARDS) {
    const index = medalRef(ref);
    out.push(
      `INSERT OR IGNORE INTO user_medals (medal_id, user_id, note, awarded_by_id, created_at) SELECT ${medalId(index)}, ${user(member)}, ${q(note)}, ${note ? user("Хранитель") : "NULL"}, ${now - daysAgo * DAY} WHERE ${user(member)} IS NOT NULL`,
    );
  }
  return out;
}

// ─── pictures ──────────────────────────────────────────────────────────────────────────────────────────────

const SIZE = 32;
const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const shade = (c, t) => c.map((v) => Math.max(0, Math.min(255, Math.round(v * t))));

/** 7×7 glyphs on the disc. */
const GLYPHS = {
  1: ["..#....", ".##....", "..#....", "..#....", "..#....", "..#....", ".###..."],
  3: [".###...", "....#..", "..##...", "....#..", "....#..", "....#..", ".###..."],
  5: [".####..", ".#.....", ".###...", "....#..", "....#..", ".#..#..", "..##..."],
  pen: ["......#", ".....##", "....##.", "...##..", "..##...", ".##....", "#......"],
  paw: [".#.#.#.", ".#.#.#.", ".......", "..###..", ".#####.", ".#####.", "..###.."],
  coin: ["..###..", ".#...#.", "#..#..#", "#.###.#", "#..#..#", ".#...#.", "..###.."],
  gift: ["..#.#..", "...#...", "#######", "#..#..#", "#######", "#..#..#", "#######"],
  flame: ["...#...", "..##...", "..###..", ".####..", ".#####.", "##.###.", ".#####."],
  star: ["...#...", "...#...", "#######", ".#####.", "..###..", ".##.##.", "#.....#"],
};

/** A medal: two ribbon bands from the top, a rimmed disc with a glyph, a little light on the rim. */
function drawMedal([, ribbon, disc, glyph]) {
  const px = new Uint8Array(SIZE * SIZE * 4);
  const set = (x, y, c) => {
    if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) return;
    const o = (y * SIZE + x) * 4;
    px.set([c[0], c[1], c[2], 255], o);
  };
  const [ra, rb] = ribbon.map(rgb);
  const [rim, face] = disc.map(rgb);
  for (let y = 0; y < 14; y++) {
    for (let x = 0; x < 6; x++) {
      set(9 + x + Math.floor(y / 3), y, x < 3 ? ra : rb);
      set(22 - x - Math.floor(y / 3), y, x < 3 ? rb : ra);
    }
  }
  const cx = 15.5;
  const cy = 20.5;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const d = Math.hypot(x - cx, y - cy);
      if (d <= 10.5) set(x, y, d > 8.5 ? (x + y < 34 ? shade(rim, 1.25) : rim) : d > 7.5 ? shade(rim, 0.7) : face);
    }
  }
  const rows = GLYPHS[glyph];
  const ink = shade(rim, 0.55);
  rows.forEach((row, gy) => {
    [...row].forEach((ch, gx) => {
      if (ch === "#") set(12 + gx, 17 + gy, ink);
    });
  });
  return px;
}

/** Runs the donations' demo SQL and puts the medal pictures into the local R2. Returns the donations' count. */
export async function loadDonationsDemo(now, persistTo) {
  return withLocalPlatform(persistTo, async ({ DB, MEDIA }) => {
    await DB.batch(splitSql(`${demoDonationsSql(now).join(";\n")};`).map((s) => DB.prepare(s)));
    for (let i = 0; i < MEDALS.length; i++) {
      const pixels = drawMedal(MEDALS[i]);
      for (const width of [96, 192]) {
        const objectKey = `${medalKey(i)}-${width}.webp`;
        if (await MEDIA.head(objectKey)) continue;
        await putPicture(MEDIA, objectKey, pixelArtWebp(pixels, SIZE, SIZE, width / SIZE));
      }
    }
    const { results } = await DB.prepare("SELECT count(*) AS n FROM donations").all();
    return results[0]?.n ?? 0;
  });
}
