import { deflateSync } from "node:zlib";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe";
import { BASE_URL, closeBrowser, hydrated, moscowDay, newContext, SEEDED_AT, screenshot, signInAs } from "./browser";

const MEMBER_PASSWORD = "member-demo-2026";
afterAll(closeBrowser);

/** Moscow's month as the page names it ("2027-3"), `offset` months from `at` (now unless given). */
function moscowMonth(offset = 0, at = Date.now()): string {
  const now = new Date(at + 3 * 3600_000);
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset;
  return `${Math.floor(index / 12)}-${(index % 12) + 1}`;
}

/** A small valid PNG cover (a vertical gradient), made here with node:zlib. */
function coverPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = y / height;
      raw.set([Math.round(240 - 180 * t), Math.round(90 + 60 * t), Math.round(40 + 160 * t)], row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Scrolls through the page so lazy covers load, waits for them, and goes back to the top. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map((img) => new Promise((r) => img.addEventListener("load", r, { once: true }))),
    );
    window.scrollTo(0, 0);
  });
}

const RELEASE_DAY = "2031-05-20";
const GAME_TITLE = `Браузерный релиз ${Date.now().toString(36)}`;

describe("release calendar", () => {
  it("a guest without JavaScript browses months and filters by platform", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto("/calendar"))?.status()).toBe(200);
    const title = page.locator(".cal-month-title");
    const current = (await title.textContent()) ?? "";
    // Today is marked; the demo's release of the seed's day is on that day (today, unless Moscow's midnight
    // passed since the seed: then it is found on its own day, in its own month).
    expect(await page.locator(".cal-day.is-today").count()).toBe(1);
    if (moscowDay(SEEDED_AT) === moscowDay(Date.now())) {
      expect(await page.locator(".cal-day.is-today .cal-release-title", { hasText: "Последний костёр" }).count()).toBe(
        1,
      );
    } else {
      const seedMonth = await context.newPage();
      await seedMonth.goto(`/calendar?date=${moscowMonth(0, SEEDED_AT)}`);
      const seedDay = seedMonth.locator(`#day-${moscowDay(SEEDED_AT)} .cal-release-title`, {
        hasText: "Последний костёр",
      });
      expect(await seedDay.count()).toBe(1);
      await seedMonth.close();
    }

    await page.getByRole("link", { name: "Позже" }).click();
    await page.waitForURL((url) => url.search === `?date=${moscowMonth(1)}`);
    expect(await title.textContent()).not.toBe(current);
    await page.getByRole("link", { name: "Раньше" }).click();
    await page.getByRole("link", { name: "Раньше" }).click();
    await page.waitForURL((url) => url.search === `?date=${moscowMonth(-1)}`);
    // Past months stay browsable: last month has the demo's releases of a few weeks ago.
    expect(await page.locator(".cal-release").count()).toBeGreaterThan(0);

    // The platform filter is a link; it stays in the URL while paging. In the seed's month, whose releases these are
    // (Moscow's midnight may have passed since the seed, and a month's end with it).
    await page.goto(`/calendar?date=${moscowMonth(0, SEEDED_AT)}`);
    await page.getByRole("navigation", { name: "Платформа" }).getByRole("link", { name: "Nintendo Switch 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("platform") === "switch-2");
    const titles = await page.locator(".cal-grid .cal-release-title").allTextContents();
    expect(titles).toContain("Город под снегом");
    expect(titles).not.toContain("Последний костёр");
    const later = page.getByRole("link", { name: "Позже" });
    expect(await later.getAttribute("href")).toBe(`/calendar?date=${moscowMonth(1, SEEDED_AT)}&platform=switch-2`);
    await context.close();
  });

  it("with JavaScript, a release's tile opens its game inside the app, and going back shows the month again", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`/calendar?date=${moscowMonth(0, SEEDED_AT)}`);
    await hydrated(page);
    // The document brought the month's releases as markup only: no data block, nothing in the hydration data.
    expect(await page.locator("script#sidecar-month").count()).toBe(0);
    expect(await page.locator(".cal-grid .cal-release").count()).toBeGreaterThan(0);
    const tile = page.locator(".cal-grid .cal-release-link", { hasText: "Последний костёр" });
    const href = (await tile.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/calendar\/games\/\d+$/);
    // A marker on window survives client-side navigation only.
    await page.evaluate(() => {
      (window as unknown as { calendarMark: number }).calendarMark = 1;
    });
    await tile.click();
    await page.waitForURL((url) => url.pathname === href);
    // The address changes as the navigation commits; the game's page renders right after.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Последний костёр");
    await page.goBack();
    await expect
      .poll(() => page.locator(".cal-grid .cal-release-title", { hasText: "Последний костёр" }).count())
      .toBe(1);
    expect(await page.evaluate(() => (window as unknown as { calendarMark?: number }).calendarMark)).toBe(1);
    await context.close();
  });

  it("an editor adds a game with a cover; a member follows it and the reminder arrives when the day comes", async () => {
    // The editor (a demo database editor) adds the game with the page's form.
    const editorContext = await newContext();
    const editor = await editorContext.newPage();
    await signInAs(editor, "Лисичка", MEMBER_PASSWORD);
    await editor.goto("/calendar?date=2031-5");
    await hydrated(editor);
    await editor.locator("summary", { hasText: "Добавить игру" }).click();
    const form = editor.locator("form.cal-editor-form");
    await form.getByLabel("Название").fill(GAME_TITLE);
    await form
      .getByLabel("Обложка")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: coverPng(480, 640) });
    await form.getByLabel("Дата выхода").fill(RELEASE_DAY);
    await form.getByLabel("PC", { exact: true }).check();
    await form.getByLabel("PlayStation 5", { exact: true }).check();
    await form.getByRole("button", { name: "Добавить игру" }).click();
    await editor.waitForURL((url) => /^\/calendar\/games\/\d+$/.test(url.pathname));
    await expect.poll(() => editor.getByRole("heading", { level: 1 }).textContent()).toBe(GAME_TITLE);
    const cover = editor.locator(".cal-game img.cal-cover");
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    expect(await cover.getAttribute("src")).toMatch(/^\/media\/games\/[\w-]+-400\.webp$/);
    await screenshot(editor, "calendar-game-editor-darkorange-1280");
    await editorContext.close();

    // A member follows it from the month.
    const memberContext = await newContext();
    const member = await memberContext.newPage();
    await signInAs(member, "Северянин", MEMBER_PASSWORD);
    await member.goto("/calendar?date=2031-5");
    await hydrated(member);
    const day = member.locator(`#day-${RELEASE_DAY}`);
    expect(await day.locator(".cal-release-title").allTextContents()).toContain(GAME_TITLE);
    await day.getByRole("button", { name: `Следить за релизом «${GAME_TITLE}»: напомним в день выхода` }).click();
    await expect
      .poll(() =>
        day.getByRole("button", { name: `Не следить за релизом «${GAME_TITLE}»` }).getAttribute("aria-pressed"),
      )
      .toBe("true");
    await member.waitForSelector('html[data-realtime="open"]', { state: "attached", timeout: 15_000 });

    const toggle = member.locator(".toolbar .toolbar-avatar");
    const unread = async () => Number(/(\d+)/.exec((await toggle.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
    const before = await unread();
    // The day before (21:00 Moscow on the 19th): nothing. 09:00 Moscow on the day: the reminder, live. Only the
    // reminder job runs (`cron=job:…`): the other sections' jobs would otherwise live through 2031 on the shared demo
    // database (the Secret Santa draw, supporters' periods ending) under the browser tests that follow.
    const run = (iso: string) =>
      fetch(`${BASE_URL}/cdn-cgi/local/scheduled?cron=job:release-reminders&time=${Date.parse(iso)}`);
    const ours = (panel: Locator) => panel.locator(".stream-item", { hasText: GAME_TITLE });
    expect((await run("2031-05-19T18:00:00Z")).status).toBe(200);
    await toggle.click();
    const sidebar = member.locator("#sidebar-notifications");
    await sidebar.waitFor();
    expect(await ours(sidebar).count()).toBe(0);
    expect((await run("2031-05-20T06:00:00Z")).status).toBe(200);
    await expect.poll(() => ours(sidebar).count(), { timeout: 15_000 }).toBe(1);
    expect(await unread()).toBeGreaterThan(before);
    expect(await ours(sidebar).first().textContent()).toContain("Сегодня выходит");
    await screenshot(member, "calendar-reminder-darkorange-1280");
    // A rerun sends nothing more: after a reload the list still holds one.
    await run("2031-05-20T06:05:00Z");
    await member.reload();
    await hydrated(member);
    await member.locator(".toolbar .toolbar-avatar").click();
    await expect.poll(() => ours(member.locator("#sidebar-notifications")).count()).toBe(1);

    // «Мои релизы» lists it, with the private feed.
    await member.goto("/calendar/my");
    expect(await member.locator(".cal-list .cal-release-title").allTextContents()).toContain(GAME_TITLE);
    const feed = await member.locator("#my-feed").inputValue();
    const ics = await (await fetch(feed)).text();
    expect(ics).toContain(`SUMMARY:${GAME_TITLE}`);
    expect(ics).toContain("DTSTART;VALUE=DATE:20310520");
    const gamePath = await member.locator(".cal-list .cal-release-link", { hasText: GAME_TITLE }).getAttribute("href");
    await memberContext.close();

    // Without JavaScript: the buttons submit the page's one follow form, each with its own formaction.
    const plainContext = await newContext({ javaScriptEnabled: false });
    const plain = await plainContext.newPage();
    await signInAs(plain, "Северянин", MEMBER_PASSWORD);
    await plain.goto("/calendar/my");
    await plain.getByRole("button", { name: `Не следить за релизом «${GAME_TITLE}»` }).click();
    await plain.waitForURL((url) => url.pathname === "/calendar/my");
    expect(await plain.locator(".cal-list .cal-release-title").allTextContents()).not.toContain(GAME_TITLE);
    await plain.goto(gamePath ?? "/calendar");
    await plain.getByRole("button", { name: `Следить за релизом «${GAME_TITLE}»: напомним в день выхода` }).click();
    await plain.waitForURL((url) => url.pathname === gamePath);
    expect(
      await plain.getByRole("button", { name: `Не следить за релизом «${GAME_TITLE}»` }).getAttribute("aria-pressed"),
    ).toBe("true");
    await plainContext.close();
  });

  for (const theme of ["darkorange", "lightside"] as const) {
    for (const width of [1280, 390]) {
      it(`renders the month at ${width}px in ${theme}`, async () => {
        const context = await newContext({ viewport: { width, height: 900 } });
        await context.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
        const page = await context.newPage();
        expect((await page.goto("/calendar"))?.status()).toBe(200);
        expect(await page.locator("body").getAttribute("class")).toContain(`theme-${theme}`);
        // Phones get the list of days with releases; wide screens the full grid.
        // (Today is shown on phones too, with or without a release: after Moscow's midnight since the seed, without.)
        const blanks = await page
          .locator(".cal-day.is-empty:not(.is-today)")
          .first()
          .isVisible()
          .catch(() => false);
        expect(blanks).toBe(width >= 1280);
        // The month links are named by their words at every width (phones show only the arrows).
        expect(await page.getByRole("link", { name: "Позже" }).count()).toBe(1);
        expect(await page.getByRole("link", { name: "Раньше" }).count()).toBe(1);
        await settle(page);
        await screenshot(page, `calendar-${theme}-${width}`);
        expect(describeViolations(await axeViolations(page)), "accessibility").toEqual([]);
        await context.close();
      });
    }
  }
});
