/**
 * Release dates (docs/decisions/0027-release-calendar.md): parsing the editors' input, placing a release in a month,
 * the Russian labels, time zones. Client-safe (no zod, no server imports): the pages use the same labels.
 *
 * The calendar's own clock is Moscow time: months, days and «today» on the page are Moscow's, a time typed
 * without a zone is Moscow's. A member's reminder comes on the release day of their own time zone.
 */

export const SITE_TIME_ZONE = "Europe/Moscow";

export const PRECISIONS = ["day", "month", "quarter", "year"] as const;
export type Precision = (typeof PRECISIONS)[number];

export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;

export const MONTHS = [
  "январь",
  "февраль",
  "март",
  "апрель",
  "май",
  "июнь",
  "июль",
  "август",
  "сентябрь",
  "октябрь",
  "ноябрь",
  "декабрь",
] as const;
// The same list as workers/core/shared/ru-dates.ts: this module imports nothing (Node scripts load it).
const MONTHS_OF = [
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
const QUARTERS = ["I", "II", "III", "IV"] as const;
export const WEEKDAYS_SHORT = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"] as const;
export const WEEKDAYS = ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"] as const;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `name` is a time zone this runtime knows (IANA name). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;

/** `timeZone`'s offset from UTC at `at` (whole seconds), from the runtime's time zone data. */
function exactOffset(at: number, timeZone: string): number {
  const second = Math.floor(at / 1000) * 1000;
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(second))) parts[part.type] = part.value;
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return local - second;
}

/**
 * Offsets by time zone and UTC day, for days that keep one offset from start to end (all but the few a year when
 * clocks change, which are worked out for each instant). `formatToParts` costs tens of microseconds, and a month
 * of the calendar places hundreds of releases, mostly on the same days.
 */
const dayOffsets = new Map<string, number>();
const DAY_OFFSETS_MAX = 10_000;

function offsetAt(at: number, timeZone: string): number {
  const day = Math.floor(at / DAY_MS);
  const key = `${timeZone} ${day}`;
  const known = dayOffsets.get(key);
  if (known !== undefined) return known;
  const start = exactOffset(day * DAY_MS, timeZone);
  if (start !== exactOffset((day + 1) * DAY_MS - 1000, timeZone)) return exactOffset(at, timeZone);
  if (dayOffsets.size >= DAY_OFFSETS_MAX) dayOffsets.clear();
  dayOffsets.set(key, start);
  return start;
}

/** The wall clock of `instant` in `timeZone`. */
export function wallTime(instant: Date | number, timeZone: string = SITE_TIME_ZONE): WallTime {
  const at = typeof instant === "number" ? instant : instant.getTime();
  const local = new Date(Math.floor(at / 1000) * 1000 + offsetAt(at, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: (local.getUTCDay() + 6) % 7,
  };
}

/** The instant at which the wall clock in `timeZone` shows this date and time. */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  timeZone: string = SITE_TIME_ZONE,
): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offset = (at: number) => {
    const w = wallTime(at, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at / 60_000) * 60_000;
  };
  const first = asUtc - offset(asUtc);
  return asUtc - offset(first);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2027-03-14" */
export function dayKey(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The calendar day of `instant` in `timeZone`, as "YYYY-MM-DD". */
export function dayOf(instant: Date | number, timeZone: string = SITE_TIME_ZONE): string {
  const w = wallTime(instant, timeZone);
  return dayKey(w.year, w.month, w.day);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// ─── months ───────────────────────────────────────────────────────────────────────────────────────────────

export interface Month {
  year: number;
  month: number;
}

/** The `?date=` form of a month: "2027-3". */
export function monthKey(m: Month): string {
  return `${m.year}-${m.month}`;
}

/** "2027-3" or "2027-03" → the month; anything else (or out of range) → null. */
export function parseMonthKey(value: string): Month | null {
  const match = /^(\d{4})-(\d{1,2})$/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return null;
  return { year, month };
}

export function addMonths(m: Month, n: number): Month {
  const index = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The Moscow month an instant falls in. */
export function monthOf(instant: Date | number): Month {
  const w = wallTime(instant);
  return { year: w.year, month: w.month };
}

/** [start, end) of a Moscow month, as instants. */
export function monthBounds(m: Month): [number, number] {
  const next = addMonths(m, 1);
  return [zonedInstant(m.year, m.month, 1), zonedInstant(next.year, next.month, 1)];
}

/** "Март 2027" */
export function monthTitle(m: Month): string {
  const name = MONTHS[m.month - 1];
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${m.year}`;
}

/** "14 марта, суббота" */
export function dayTitle(key: string): string {
  const [year, month, day] = key.split("-").map(Number);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return `${day} ${MONTHS_OF[month - 1]}, ${WEEKDAYS[weekday]}`;
}

// ─── release dates ────────────────────────────────────────────────────────────────────────────────────────

/** A release date as stored (drizzle/schema-calendar.ts). */
export interface ReleaseDate {
  releasedAt: Date;
  precision: Precision;
  hasTime: boolean;
  sortAt: Date;
}

function periodMonths(precision: Precision, month: number): [first: number, last: number] {
  if (precision === "year") return [1, 12];
  if (precision === "quarter") {
    const q = Math.floor((month - 1) / 3);
    return [q * 3 + 1, q * 3 + 3];
  }
  return [month, month];
}

function releaseDate(
  precision: Precision,
  year: number,
  month: number,
  day: number,
  time: { hour: number; minute: number; offsetMinutes: number | null } | null,
): ReleaseDate | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  if (time && (time.hour > 23 || time.minute > 59)) return null;
  const [first, last] = periodMonths(precision, month);
  let releasedAt: number;
  if (time && time.offsetMinutes !== null) {
    releasedAt = Date.UTC(year, month - 1, day, time.hour, time.minute) - time.offsetMinutes * 60_000;
  } else {
    releasedAt = zonedInstant(year, precision === "day" ? month : first, day, time?.hour ?? 0, time?.minute ?? 0);
  }
  const sortAt = precision === "day" ? releasedAt : zonedInstant(year, last, 1);
  return { releasedAt: new Date(releasedAt), precision, hasTime: !!time, sortAt: new Date(sortAt) };
}

/**
 * The editors' forms of a date (`datetime_released`): "2027" (a year), "2027-Q4" (a quarter), "2027-03" (a month),
 * "2027-03-14" (a day), "2027-03-14T18:00" (Moscow time) or with a zone ("2027-03-14T15:00Z", "…+03:00").
 * Null when it is none of these or no real date.
 */
export function parseReleaseDate(value: string): ReleaseDate | null {
  const text = value.trim();
  let m = /^(\d{4})$/.exec(text);
  if (m) return releaseDate("year", Number(m[1]), 1, 1, null);
  m = /^(\d{4})-Q([1-4])$/i.exec(text);
  if (m) return releaseDate("quarter", Number(m[1]), (Number(m[2]) - 1) * 3 + 1, 1, null);
  m = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (m) return releaseDate("month", Number(m[1]), Number(m[2]), 1, null);
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return releaseDate("day", Number(m[1]), Number(m[2]), Number(m[3]), null);
  m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (m) {
    const zone = m[6];
    let offsetMinutes: number | null = null;
    if (zone) {
      if (zone.toUpperCase() === "Z") offsetMinutes = 0;
      else {
        const digits = zone.replace(":", "");
        const sign = digits.startsWith("-") ? -1 : 1;
        const hours = Number(digits.slice(1, 3));
        const minutes = Number(digits.slice(3, 5));
        if (hours > 14 || minutes > 59) return null;
        offsetMinutes = sign * (hours * 60 + minutes);
      }
    }
    return releaseDate("day", Number(m[1]), Number(m[2]), Number(m[3]), {
      hour: Number(m[4]),
      minute: Number(m[5]),
      offsetMinutes,
    });
  }
  return null;
}

/** The canonical input form of a stored date (Moscow time): "2027", "2027-Q4", "2027-03", "2027-03-14", "2027-03-14T18:00". */
export function releaseDateKey(date: Pick<ReleaseDate, "releasedAt" | "precision" | "hasTime">): string {
  const w = wallTime(date.releasedAt);
  switch (date.precision) {
    case "year":
      return String(w.year);
    case "quarter":
      return `${w.year}-Q${Math.floor((w.month - 1) / 3) + 1}`;
    case "month":
      return `${w.year}-${pad(w.month)}`;
    default:
      return date.hasTime
        ? `${dayKey(w.year, w.month, w.day)}T${pad(w.hour)}:${pad(w.minute)}`
        : dayKey(w.year, w.month, w.day);
  }
}

/**
 * The Russian label: «14 марта 2027», «14 марта 2027, 18:00», «март 2027», «IV квартал 2027», «2027».
 * A time is shown in `timeZone` (Moscow by default, with «МСК»).
 */
export function releaseDateLabel(
  date: Pick<ReleaseDate, "releasedAt" | "precision" | "hasTime">,
  timeZone: string = SITE_TIME_ZONE,
): string {
  const w = wallTime(date.releasedAt);
  switch (date.precision) {
    case "year":
      return String(w.year);
    case "quarter":
      return `${QUARTERS[Math.floor((w.month - 1) / 3)]} квартал ${w.year}`;
    case "month":
      return `${MONTHS[w.month - 1]} ${w.year}`;
    default: {
      if (!date.hasTime) return `${w.day} ${MONTHS_OF[w.month - 1]} ${w.year}`;
      const local = wallTime(date.releasedAt, timeZone);
      const zone = timeZone === SITE_TIME_ZONE ? " МСК" : "";
      return `${local.day} ${MONTHS_OF[local.month - 1]} ${local.year}, ${pad(local.hour)}:${pad(local.minute)}${zone}`;
    }
  }
}

/** The release's day in `timeZone` ("YYYY-MM-DD"): a timed release's local day; a date without time is the same everywhere. */
export function releaseDay(
  date: Pick<ReleaseDate, "releasedAt" | "hasTime">,
  timeZone: string = SITE_TIME_ZONE,
): string {
  return dayOf(date.releasedAt, date.hasTime ? timeZone : SITE_TIME_ZONE);
}

/** "18:00" in Moscow time, for a timed release. */
export function releaseTime(date: Pick<ReleaseDate, "releasedAt">): string {
  const w = wallTime(date.releasedAt);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}
