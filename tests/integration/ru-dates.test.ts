import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRelative } from "#app/lib/dates";
import { formatSanctionEnd } from "#workers/core/moderation/sanctions.constants";
import { dayLabel } from "#workers/core/recap/recap.period";
import { formatSantaDate } from "#workers/core/santa/santa.stage";
import { ruDate, ruDateTime, ruTime } from "#workers/core/shared/ru-dates";

// The hand-written dates say what Intl's "ru" says (the runtime's ICU), without making a formatter in the browser.
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("ru", options);
const DATE = { day: "numeric", month: "long", year: "numeric" } as const;
const TIME = { hour: "2-digit", minute: "2-digit" } as const;

/** Every month, hours on both sides of midnight in UTC and in Moscow, minutes under ten, a leap day. */
function sampleDates(): Date[] {
  const dates: Date[] = [];
  for (let month = 0; month < 12; month++) {
    for (const [day, hour, minute] of [
      [1, 0, 0],
      [9, 5, 7],
      [15, 20, 59],
      [28, 21, 0],
      [28, 23, 45],
    ]) {
      dates.push(new Date(Date.UTC(2026, month, day, hour, minute, 31)));
    }
  }
  dates.push(new Date(Date.UTC(2028, 1, 29, 12, 3)), new Date(Date.UTC(1999, 11, 31, 22, 30)));
  return dates;
}

describe("Russian dates by hand", () => {
  it("write dates, dates with times and times as Intl.DateTimeFormat('ru') does, on the local clock and Moscow's", () => {
    const moscow = { timeZone: "Europe/Moscow" } as const;
    for (const date of sampleDates()) {
      expect(ruDate(date)).toBe(intl(DATE).format(date));
      expect(ruDateTime(date)).toBe(intl({ ...DATE, ...TIME }).format(date));
      expect(ruTime(date)).toBe(intl(TIME).format(date));
      expect(ruDate(date, "moscow")).toBe(intl({ ...DATE, ...moscow }).format(date));
      expect(ruDateTime(date, "moscow")).toBe(intl({ ...DATE, ...TIME, ...moscow }).format(date));
      expect(ruTime(date, "moscow")).toBe(intl({ ...TIME, ...moscow }).format(date));
    }
  });

  it("are what the pages' formatters print", () => {
    const at = new Date(Date.UTC(2026, 10, 28, 21, 5));
    expect(formatDate(at)).toBe("28 ноября 2026 г.");
    expect(formatDateTime(at.toISOString())).toBe("28 ноября 2026 г. в 21:05");
    // Moscow is three hours ahead: past its midnight already.
    expect(formatSanctionEnd(at.toISOString())).toBe("29 ноября 2026 г. в 00:05 (мск)");
    expect(formatSantaDate(at)).toBe("29 ноября 2026 г. в 00:05 (мск)");
    expect(dayLabel("2026-03-14")).toBe("14 марта");
    expect(formatRelative(new Date(Date.UTC(2026, 10, 27, 9, 4)), at)).toBe("вчера в 09:04");
    expect(formatRelative(new Date(Date.UTC(2026, 10, 1, 9, 4)), at)).toBe("1 ноября 2026 г.");
  });

  it("write nothing for an invalid date", () => {
    const invalid = new Date("not a date");
    expect(ruDate(invalid)).toBe("");
    expect(ruDateTime(invalid, "moscow")).toBe("");
    expect(ruTime(invalid)).toBe("");
    expect(formatDateTime("garbage")).toBe("");
  });
});
