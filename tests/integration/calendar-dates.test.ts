import { describe, expect, it } from "vitest";
import { dayOf, wallTime, zonedInstant } from "#workers/core/calendar/calendar.dates";

/**
 * The calendar's wall clock (calendar.dates.ts) keeps one offset per time zone and UTC day and works out the days
 * when clocks change instant by instant; here it is held to the runtime's own time zone data, read field by field.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function fromIntl(at: number, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      weekday: "short",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday),
  };
}

// Zones with summer time, half- and quarter-hour offsets, a half-hour change (Lord Howe), and Moscow itself.
const ZONES = [
  "Europe/Moscow",
  "America/New_York",
  "America/St_Johns",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "Europe/London",
];

describe("calendar wall clock", () => {
  it("agrees with the runtime's time zone data through a year's clock changes", () => {
    const mismatches: string[] = [];
    for (const zone of ZONES) {
      // Every 53 minutes through 2026 (both changes of every zone that has them), and the first days of 1970.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 53 * 60_000) {
        const want = fromIntl(at, zone);
        const got = wallTime(at, zone);
        if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${zone} ${new Date(at).toISOString()}`);
      }
      for (let at = 0; at < 3 * 86_400_000; at += 997_000) {
        if (JSON.stringify(wallTime(at, zone)) !== JSON.stringify(fromIntl(at, zone))) mismatches.push(`${zone} ${at}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("places instants on either side of a clock change on the right day and hour", () => {
    // New York springs forward at 2:00 on 8 March 2026 (07:00 UTC): 06:59 UTC is 01:59 EST, 07:00 UTC is 03:00 EDT.
    expect(wallTime(Date.UTC(2026, 2, 8, 6, 59), "America/New_York")).toMatchObject({ day: 8, hour: 1, minute: 59 });
    expect(wallTime(Date.UTC(2026, 2, 8, 7, 0), "America/New_York")).toMatchObject({ day: 8, hour: 3, minute: 0 });
    // Lord Howe moves by half an hour (02:00 → 01:30 on 5 April 2026, 15:00 UTC the day before).
    expect(wallTime(Date.UTC(2026, 3, 4, 14, 59), "Australia/Lord_Howe")).toMatchObject({ hour: 1, minute: 59 });
    expect(wallTime(Date.UTC(2026, 3, 4, 15, 0), "Australia/Lord_Howe")).toMatchObject({ hour: 1, minute: 30 });
    // Moscow midnight is 21:00 UTC of the day before; the round trip through zonedInstant holds.
    expect(dayOf(Date.UTC(2026, 10, 26, 21, 0))).toBe("2026-11-27");
    expect(zonedInstant(2026, 11, 27)).toBe(Date.UTC(2026, 10, 26, 21, 0));
    expect(zonedInstant(2026, 3, 8, 3, 0, "America/New_York")).toBe(Date.UTC(2026, 2, 8, 7, 0));
  });
});
