import { describe, expect, it } from "vitest";
import { clientFor, guestClient } from "#tests/factories/client";
import { createUser } from "#tests/factories/users";
import { effectsFor, moscowDay, parseEffectsDate } from "#workers/core/effects/effects";

const on = (iso: string, theme = "darkorange", weatherEnabled: boolean | null = true) =>
  effectsFor({ day: moscowDay(new Date(iso)), theme, weatherEnabled });

describe("seasonal effects by the Moscow calendar", () => {
  it("snow in winter for members who keep weather on, and for guests only on the winter theme", () => {
    expect(on("2026-12-31T20:30:00Z").snow).toBe(true); // 23:30 MSK, 31 December
    expect(on("2027-02-28T12:00:00Z").snow).toBe(true);
    expect(on("2026-11-30T20:59:00Z").snow).toBe(false); // 23:59 MSK, 30 November
    expect(on("2026-11-30T21:00:00Z").snow).toBe(true); // 00:00 MSK, 1 December
    expect(on("2027-03-01T12:00:00Z").snow).toBe(false);
    expect(on("2027-01-10T12:00:00Z", "winter", false).snow).toBe(false); // the member's choice wins
    expect(on("2027-01-10T12:00:00Z", "winter", null).snow).toBe(true);
    expect(on("2027-01-10T12:00:00Z", "darkorange", null).snow).toBe(false);
  });

  it("rain in October and November for members with weather on, never for guests", () => {
    expect(on("2026-10-01T12:00:00Z").rain).toBe(true);
    expect(on("2026-11-15T12:00:00Z", "darkorange", false).rain).toBe(false);
    expect(on("2026-11-15T12:00:00Z", "winter", null).rain).toBe(false);
    expect(on("2026-09-30T12:00:00Z").rain).toBe(false);
  });

  it("the birthday on 18–20 September says the site's age; Wednesday and 14 February", () => {
    expect(on("2026-09-17T20:59:00Z").birthday).toBeNull(); // 23:59 MSK, 17 September
    expect(on("2026-09-17T21:00:00Z").birthday).toBe(7);
    expect(on("2026-09-20T20:59:00Z").birthday).toBe(7);
    expect(on("2026-09-20T21:00:00Z").birthday).toBeNull();
    expect(on("2030-09-19T12:00:00Z").birthday).toBe(11);
    expect(on("2026-11-25T12:00:00Z").wednesday).toBe(true);
    expect(on("2026-11-24T21:00:00Z").wednesday).toBe(true); // 00:00 MSK Wednesday, still Tuesday in UTC
    expect(on("2026-11-26T12:00:00Z").wednesday).toBe(false);
    expect(on("2027-02-14T12:00:00Z").valentine).toBe(true);
    expect(on("2027-02-15T12:00:00Z").valentine).toBe(false);
  });

  it("the admins' clock override takes only real calendar days", () => {
    expect(moscowDay(parseEffectsDate("2026-09-19") as Date)).toMatchObject({ year: 2026, month: 9, date: 19 });
    for (const bad of ["2026-02-30", "2026-13-01", "19.09.2026", "", null]) expect(parseEffectsDate(bad)).toBeNull();
  });
});

describe("effects on the pages", () => {
  it("an admin sees another day with ?effects_date=…; others always see today", async () => {
    const admin = await clientFor(await createUser({ isAdmin: true }));
    const birthday = await (await admin.get("http://localhost/?effects_date=2026-09-19")).text();
    expect(birthday).toContain('class="logo-age"');
    expect(birthday).toContain("7 лет");
    const wednesday = await (await admin.get("http://localhost/?effects_date=2026-11-25")).text();
    expect(wednesday).toContain('data-variant="wednesday"');
    const thursday = await (await admin.get("http://localhost/?effects_date=2026-11-26")).text();
    expect(thursday).not.toContain('data-variant="wednesday"');
    expect(thursday).not.toContain('class="logo-age"');

    const today = effectsFor({ day: moscowDay(new Date()), theme: "darkorange", weatherEnabled: null });
    const member = await clientFor(await createUser());
    const asMember = await (await member.get("http://localhost/?effects_date=2026-09-19")).text();
    expect(asMember.includes('class="logo-age"')).toBe(today.birthday !== null);
    const guest = await guestClient();
    const asGuest = await (await guest.get("http://localhost/?effects_date=2026-11-25")).text();
    expect(asGuest.includes('data-variant="wednesday"')).toBe(today.wednesday);
  });
});
