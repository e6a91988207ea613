import { MONTHS_OF } from "#workers/core/shared/ru-dates";
import { MSK_OFFSET_MS, RECAP_OPENS_MONTH } from "./recap.constants";

/** The year's bounds as UTC instants: [1 January 00:00 MSK, next 1 January 00:00 MSK). */
export function yearRange(year: number): { start: number; end: number } {
  return { start: Date.UTC(year, 0, 1) - MSK_OFFSET_MS, end: Date.UTC(year + 1, 0, 1) - MSK_OFFSET_MS };
}

/** The Moscow calendar year of an instant. */
export function moscowYear(at: Date): number {
  return new Date(at.getTime() + MSK_OFFSET_MS).getUTCFullYear();
}

/** Whether a year's recap is open at `now`: any finished year, and the running one from 1 December. */
export function isRecapOpen(year: number, now: Date): boolean {
  const current = moscowYear(now);
  if (year < current) return true;
  if (year > current) return false;
  return new Date(now.getTime() + MSK_OFFSET_MS).getUTCMonth() >= RECAP_OPENS_MONTH;
}

/** The year /year shows by default: the running one once it opened, else the last finished one. */
export function defaultRecapYear(now: Date): number {
  const current = moscowYear(now);
  return isRecapOpen(current, now) ? current : current - 1;
}

/** Whether a year's figures can still change (it has not ended yet in Moscow). */
export function isRunning(year: number, now: Date): boolean {
  return now.getTime() < yearRange(year).end;
}

/** The Moscow date (YYYY-MM-DD) of a UTC day key computed in SQL, made readable: «14 марта». */
export function dayLabel(isoDate: string): string {
  const [, m, d] = isoDate.split("-").map(Number);
  return `${d} ${MONTHS_OF[m - 1]}`;
}
