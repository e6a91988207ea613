/**
 * Dates written the way `Intl.DateTimeFormat("ru")` writes them («28 ноября 2026 г.», «28 ноября 2026 г. в 15:07»,
 * «09:05»), without Intl. Client-safe. In a browser tab the first Intl date or number formatter loads ICU's data
 * for the locale: 20–75 ms of the main thread on this project's test machine (Chromium, unthrottled), several times
 * that on a phone, inside the task that evaluates the page's modules — and every page shows dates. By hand it is
 * a table of month names and a few getters, the same on the server and in every browser
 * (docs/decisions/0041-lighthouse-performance.md, "Intl's first call"; a test holds the text to Intl's).
 */

/**
 * Months in the genitive, as dates name them: «28 ноября». calendar.dates.ts keeps a copy of its own: Node scripts
 * load it (the bench's seed), which cannot follow the project's `#` imports, and importing it here would move the
 * whole calendar module into every page's first JavaScript.
 */
export const MONTHS_OF = [
  "января",
  "февраля",
  "марта",
  "апреля",
  "мая",
  "июня",
  "июля",
  "августа",
  "сентября",
  "октября",
  "ноября",
  "декабря",
] as const;

/** Moscow is UTC+3 all year. */
const MSK_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * Whose wall clock a date is read on: the runtime's own zone (the browser's; UTC on the server, as Intl without a
 * `timeZone` does), or Moscow's (the site's clock for deadlines).
 */
export type Clock = "local" | "moscow";

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The date's day, month (0–11), year and «HH:MM» on that clock; null for an invalid date. */
function wallClock(date: Date, clock: Clock): { day: number; month: number; year: number; time: string } | null {
  const at = date.getTime();
  if (Number.isNaN(at)) return null;
  // Shifted so that its UTC fields are the wall clock's.
  const wall = new Date(at + (clock === "moscow" ? MSK_OFFSET_MS : -date.getTimezoneOffset() * 60_000));
  return {
    day: wall.getUTCDate(),
    month: wall.getUTCMonth(),
    year: wall.getUTCFullYear(),
    time: `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`,
  };
}

/** «28 ноября 2026 г.» ("" for an invalid date). */
export function ruDate(date: Date, clock: Clock = "local"): string {
  const t = wallClock(date, clock);
  return t ? `${t.day} ${MONTHS_OF[t.month]} ${t.year} г.` : "";
}

/** «28 ноября 2026 г. в 15:07» ("" for an invalid date). */
export function ruDateTime(date: Date, clock: Clock = "local"): string {
  const t = wallClock(date, clock);
  return t ? `${t.day} ${MONTHS_OF[t.month]} ${t.year} г. в ${t.time}` : "";
}

/** «09:05» ("" for an invalid date). */
export function ruTime(date: Date, clock: Clock = "local"): string {
  return wallClock(date, clock)?.time ?? "";
}
