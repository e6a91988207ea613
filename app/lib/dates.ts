import { plural } from "#workers/core/shared/plural";
import { ruDate, ruDateTime, ruTime } from "#workers/core/shared/ru-dates";

/** Spec §9: relative time turns into a full date from 3 days on; it refreshes every 30 s. */
export const FULL_DATE_AFTER_DAYS = 3;
export const RELATIVE_REFRESH_MS = 30_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "12 марта 2024 г." */
export function formatDate(value: Date | string | number): string {
  return ruDate(toDate(value));
}

/** "12 марта 2024 г. в 14:05" — for title attributes and tooltips. */
export function formatDateTime(value: Date | string | number): string {
  return ruDateTime(toDate(value));
}

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * Short relative Russian time: "только что", "5 мин назад", "3 ч назад", "вчера в 14:05", "2 дня назад";
 * from 3 days on — the full date.
 */
export function formatRelative(value: Date | string | number, now: Date | number = Date.now()): string {
  const date = toDate(value);
  const nowDate = toDate(now);
  const diff = nowDate.getTime() - date.getTime();
  if (Number.isNaN(diff)) return "";
  if (diff < 0 || diff >= FULL_DATE_AFTER_DAYS * DAY) return formatDate(value);
  if (diff < MINUTE) return "только что";
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} мин назад`;
  const days = Math.round((startOfDay(nowDate) - startOfDay(date)) / DAY);
  if (days === 0) return `${Math.floor(diff / HOUR)} ч назад`;
  if (days === 1) return `вчера в ${ruTime(date)}`;
  if (days === 2) return "позавчера";
  return `${days} ${plural(days, ["день", "дня", "дней"])} назад`;
}

/** "был(а) в сети 5 мин назад" style label for last seen. */
export function lastSeen(value: Date | string | number | null, now: Date | number = Date.now()): string {
  if (!value) return "давно не заходил(а)";
  return `был(а) ${formatRelative(value, now)}`;
}
