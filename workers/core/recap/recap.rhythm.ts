import { MONTHS, WEEKDAYS } from "#workers/core/calendar/calendar.dates";
import { dayLabel } from "./recap.period";

/** What a member's active days say: busiest month and weekday, the longest run of consecutive active days. */
export interface Rhythm {
  active_days: number;
  most_active_month: { month: number; name: string; count: number } | null;
  most_active_weekday: { weekday: number; name: string; count: number } | null;
  longest_streak: { days: number; from: string; to: string; label: string } | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** Ties go to the earlier month / weekday / streak, so the same data always reads the same. */
export function rhythmOf(days: Record<string, number>): Rhythm {
  const dates = Object.keys(days).sort();
  if (dates.length === 0) {
    return { active_days: 0, most_active_month: null, most_active_weekday: null, longest_streak: null };
  }
  const months = new Array<number>(12).fill(0);
  const weekdays = new Array<number>(7).fill(0);
  for (const date of dates) {
    const at = new Date(`${date}T00:00:00Z`);
    months[at.getUTCMonth()] += days[date];
    weekdays[(at.getUTCDay() + 6) % 7] += days[date];
  }
  const month = months.indexOf(Math.max(...months));
  const weekday = weekdays.indexOf(Math.max(...weekdays));

  let best = { length: 1, from: dates[0], to: dates[0] };
  let run = { length: 1, from: dates[0] };
  for (let i = 1; i < dates.length; i++) {
    run =
      dayNumber(dates[i]) - dayNumber(dates[i - 1]) === 1
        ? { length: run.length + 1, from: run.from }
        : { length: 1, from: dates[i] };
    if (run.length > best.length) best = { length: run.length, from: run.from, to: dates[i] };
  }
  return {
    active_days: dates.length,
    most_active_month: { month: month + 1, name: MONTHS[month], count: months[month] },
    most_active_weekday: { weekday, name: WEEKDAYS[weekday], count: weekdays[weekday] },
    longest_streak: {
      days: best.length,
      from: best.from,
      to: best.to,
      label: best.length === 1 ? dayLabel(best.from) : `${dayLabel(best.from)} — ${dayLabel(best.to)}`,
    },
  };
}
