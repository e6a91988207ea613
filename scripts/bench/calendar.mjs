// The release calendar's part of the benchmark dataset: SIZE.games games, one release each, spread evenly over the
// year before and the year after the seed (so the current month holds ~200 releases), one to three platforms each,
// every 10th dated only by month, every 25th by quarter, every 50th by year, every 3rd with a time. Dates are
// made by the site's own parser (calendar.dates.ts), so they sit where the site would put them.
import { parseReleaseDate } from "../../workers/core/calendar/calendar.dates.ts";
import { SIZE } from "./dataset.mjs";

const ADJECTIVES = [
  "Пепельный",
  "Звёздный",
  "Тихий",
  "Ржавый",
  "Северный",
  "Неоновый",
  "Последний",
  "Ледяной",
  "Медный",
  "Тайный",
  "Железный",
  "Лесной",
  "Полярный",
  "Песчаный",
  "Волшебный",
  "Забытый",
];
const NOUNS = [
  "рассвет",
  "тракт",
  "город",
  "маяк",
  "дракон",
  "рубеж",
  "сад",
  "караван",
  "дозор",
  "экспресс",
  "костёр",
  "легион",
  "берег",
  "шторм",
  "рыцарь",
  "космодром",
];
const ROWS_PER_STATEMENT = 500;
const DAY = 86_400_000;

const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const key = (s) => s.normalize("NFC").trim().toLocaleLowerCase("ru").replaceAll("ё", "е");
const pad = (n) => String(n).padStart(2, "0");

function dateInput(i, now) {
  const at = new Date(now - 365 * DAY + Math.floor((i * 730 * DAY) / SIZE.games) + 3 * 3600_000);
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() + 1;
  if (i % 50 === 0) return String(y);
  if (i % 25 === 0) return `${y}-Q${Math.floor((m - 1) / 3) + 1}`;
  if (i % 10 === 0) return `${y}-${pad(m)}`;
  const day = `${y}-${pad(m)}-${pad(at.getUTCDate())}`;
  return i % 3 === 0 ? `${day}T${pad(10 + (i % 12))}:00` : day;
}

function chunks(rows) {
  const out = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/** The INSERT statements of the calendar's dataset (ids 1…SIZE.games; platforms 1–7 of migration 0012). */
export function calendarBenchSql(now) {
  const games = [];
  const releases = [];
  const links = [];
  for (let i = 1; i <= SIZE.games; i++) {
    const title = `${ADJECTIVES[i % 16]} ${NOUNS[Math.floor(i / 16) % 16]} ${Math.floor(i / 256) + 1}`;
    const date = parseReleaseDate(dateInput(i, now));
    if (!date) throw new Error(`bench calendar: bad date for game ${i}`);
    games.push(`(${i}, ${q(title)}, ${q(key(title))}, ${q(`games/bench-${i % 50}`)}, ${now}, ${now})`);
    releases.push(
      `(${i}, ${i}, ${date.releasedAt.getTime()}, '${date.precision}', ${date.hasTime ? 1 : 0}, ${date.sortAt.getTime()}, ${q(i % 17 === 0 ? "Ранний доступ" : "")}, ${now}, ${now})`,
    );
    const platforms = new Set([(i % 7) + 1, ((i * 3) % 7) + 1, ...(i % 4 === 0 ? [((i * 5) % 7) + 1] : [])]);
    for (const p of platforms) links.push(`(${i}, ${p})`);
  }
  return [
    ...chunks(games).map(
      (rows) => `INSERT INTO games (id, title, title_key, cover_key, created_at, updated_at) VALUES ${rows.join(", ")}`,
    ),
    ...chunks(releases).map(
      (rows) =>
        `INSERT INTO game_releases (id, game_id, released_at, precision, has_time, sort_at, note, created_at, updated_at) VALUES ${rows.join(", ")}`,
    ),
    ...chunks(links).map(
      (rows) => `INSERT INTO game_release_platforms (release_id, platform_id) VALUES ${rows.join(", ")}`,
    ),
  ];
}
