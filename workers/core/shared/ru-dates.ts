/**
 * Dates written the way `Intl.DateTimeFormat("ru")` writes them («28 ноября 2026 г.», «28 ноября 2026 г. в 15:07»,
 * «09:05»), without Intl. Client-safe. In a browser tab the first Intl date or number formatter loads ICU's data
 * for the locale: 20–75 ms of the main thread on this project's test machine (Chromium, unthrottled), several times
 * that on a phone, inside the task that evaluates the page's modules — and every page shows dates. By hand it is
 * a table of month names and a few getters, the same on the server and in every browser
 * (docs/decisions/0041-lighthouse-performance.md, "Intl's first call"; a test holds the text to Intl's).
 */

/** Months in the genitive, as dates name them: «28 ноября». */
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

interface WallClock {
  year: number;
  /** 0–11. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClock(date: Date, clock: Clock): WallClock {
  if (clock === "local") {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  }
  const msk = new Date(date.getTime() + MSK_OFFSET_MS);
  return {
    year: msk.getUTCFullYear(),
    month: msk.getUTCMonth(),
    day: msk.getUTCDate(),
    hour: msk.getUTCHours(),
    minute: msk.getUTCMinutes(),
  };
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

const invalid = (date: Date) => Number.isNaN(date.getTime());

/** «28 ноября 2026 г.» ("" for an invalid date). */
export function ruDate(date: Date, clock: Clock = "local"): string {
  if (invalid(date)) return "";
  const t = wallClock(date, clock);
  return `${t.day} ${MONTHS_OF[t.month]} ${t.year} г.`;
}

/** «28 ноября 2026 г. в 15:07» ("" for an invalid date). */
export function ruDateTime(date: Date, clock: Clock = "local"): string {
  if (invalid(date)) return "";
  const t = wallClock(date, clock);
  return `${t.day} ${MONTHS_OF[t.month]} ${t.year} г. в ${twoDigits(t.hour)}:${twoDigits(t.minute)}`;
}

/** «09:05» ("" for an invalid date). */
export function ruTime(date: Date, clock: Clock = "local"): string {
  if (invalid(date)) return "";
  const t = wallClock(date, clock);
  return `${twoDigits(t.hour)}:${twoDigits(t.minute)}`;
}
