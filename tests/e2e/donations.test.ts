import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe";
import { BASE_URL, closeBrowser, hydrated, moscowDay, newContext, SEEDED_AT, screenshot, signInAs } from "./browser";

afterAll(closeBrowser);

/** The member the scenarios make a supporter and decorate (a demo member with neither, so far). */
const MEMBER = "Странник";

async function goalValue(page: Page): Promise<number> {
  const bar = page.getByRole("progressbar", { name: /Цель на/ });
  await bar.waitFor();
  expect(await bar.getAttribute("aria-valuemin")).toBe("0");
  expect(await bar.getAttribute("aria-valuemax")).toBe("100");
  return Number(await bar.getAttribute("aria-valuenow"));
}

describe("donations, supporters and medals", () => {
  for (const theme of ["darkorange", "lightside"] as const) {
    for (const width of [1280, 390]) {
      it(`/donate shows the month's goal, the donations and the year's supporters (${theme}, ${width}px)`, async () => {
        const context = await newContext({ viewport: { width, height: 900 } });
        await context.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
        const page = await context.newPage();
        expect((await page.goto("/donate"))?.status()).toBe(200);
        expect(await page.locator("body").getAttribute("class")).toContain(`theme-${theme}`);
        const value = await goalValue(page);
        // The demo's month: the goal partly reached (a month that began after the seed has nothing yet).
        if (moscowDay(SEEDED_AT).slice(0, 7) === moscowDay(Date.now()).slice(0, 7)) {
          expect(value).toBeGreaterThan(0);
          expect(value).toBeLessThan(100);
        } else expect(value).toBeLessThan(100);
        const list = page.locator(".donation-list");
        await expect.poll(() => list.locator(".donation").count()).toBeGreaterThan(5);
        await list.getByText("Клуб настольных игр «Ладья»").waitFor();
        await list.getByText("Аноним").first().waitFor();
        await list.getByText("На сервер и резервные копии. Грейтесь!").waitFor();
        expect(await list.getByText(/\d[\d\u00a0 ]*\u00a0₽/).count()).toBeGreaterThan(5);
        await page.locator(".supporter-list").getByText("Хранитель").waitFor();
        await screenshot(page, `donate-${theme}-${width}`);
        expect(describeViolations(await axeViolations(page)), "accessibility").toEqual([]);
        await context.close();
      });
    }
  }

  it("an admin enters a bank transfer: the member becomes a supporter with the coin on every avatar size", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, "admin@kostyor.local", "admin-demo-2026");
    await page.goto("/admin/donations");
    await hydrated(page);
    const form = page.locator("form", { has: page.getByLabel("Сумма, ₽") });
    await form.getByLabel("Откуда").selectOption("bank");
    await form.getByLabel("Сумма, ₽").fill("3 000");
    await form.getByLabel("Участник (имя на сайте)").fill(MEMBER);
    await form.getByLabel("Сообщение").fill("Спасибо за костёр!");
    await form.getByRole("button", { name: "Внести" }).click();
    await page.getByText(/Пожертвование на 3\s000\s₽ внесено\./).waitFor();
    await page.locator(".admin-table").getByText("Спасибо за костёр!").waitFor();
    // The page-load bar of the form's submission fades out first (it is no content of the page).
    await page.locator(".progress-bar.is-idle").waitFor({ state: "attached" });
    await screenshot(page, "admin-donations-1280");
    expect(describeViolations(await axeViolations(page)), "accessibility").toEqual([]);

    await page.goto("/donate");
    const donation = page.locator(".donation", { hasText: "Спасибо за костёр!" });
    await donation.waitFor();
    await donation.locator(".avatar-40 .avatar-coin").waitFor();
    // The year's supporters list shows 20 px avatars: the coin is there too.
    const top = page.locator(".supporter", { hasText: MEMBER });
    await top.locator(".avatar-20 .avatar-coin").waitFor();
    expect(await top.locator(".avatar-20 .avatar-coin").isVisible()).toBe(true);
    const href = await donation.locator("a.donation-name").getAttribute("href");
    expect(href).toMatch(/^\/users\/\d+$/);
    await page.goto(href ?? "/");
    await page.locator(".supporter-coin").first().waitFor();

    // A mistaken entry is deleted after the confirmation dialog.
    await page.goto("/admin/donations");
    await hydrated(page);
    await form.getByLabel("Сумма, ₽").fill("10");
    await form.getByLabel("Сообщение").fill("Ошибочная запись");
    await form.getByRole("button", { name: "Внести" }).click();
    const row = page.locator(".admin-table tr", { hasText: "Ошибочная запись" });
    await row.waitFor();
    await row.getByRole("button", { name: /Удалить пожертвование/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Удалить" }).click();
    await page.getByText("Запись удалена.").waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await context.close();
  });

  it("an admin awards a medal with a note; it shows on the member's profile with its date", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, "admin@kostyor.local", "admin-demo-2026");
    await page.goto("/admin/medals");
    await hydrated(page);
    const medal = page.locator(".medal-admin", { hasText: "Летописец" });
    await medal.getByText("Вручить «Летописец»").click();
    await medal.getByLabel("Участник (имя на сайте)").fill(MEMBER);
    await medal.getByLabel("Примечание").fill("За дневник путешествий по инди-играм");
    await medal.getByRole("button", { name: "Вручить" }).click();
    await page.getByText(`Медаль «Летописец» вручена участнику ${MEMBER}.`).waitFor();
    // The page-load bar of the form's submission fades out first (it is no content of the page).
    await page.locator(".progress-bar.is-idle").waitFor({ state: "attached" });
    await screenshot(page, "admin-medals-1280");
    expect(describeViolations(await axeViolations(page)), "accessibility").toEqual([]);

    // The member's id from the donations list of the previous scenario's page.
    await page.goto("/donate");
    const href = await page.locator("a.donation-name", { hasText: MEMBER }).first().getAttribute("href");
    await context.close();

    for (const [theme, width] of [
      ["darkorange", 1280],
      ["lightside", 390],
    ] as const) {
      const guest = await newContext({ viewport: { width, height: 900 } });
      await guest.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
      const profile = await guest.newPage();
      expect((await profile.goto(`${href}/medals`))?.status()).toBe(200);
      const item = profile.locator(".user-medal", { hasText: "Летописец" });
      await item.getByText("«За дневник путешествий по инди-играм»").waitFor();
      await item.getByText(/Вручена \d{1,2} [а-я]+ \d{4}/).waitFor();
      expect(await item.locator("img.medal-picture").getAttribute("src")).toMatch(/^\/media\/medals\/.+-96\.webp$/);
      await screenshot(profile, `profile-medals-${theme}-${width}`);
      expect(describeViolations(await axeViolations(profile)), "accessibility").toEqual([]);
      await guest.close();
    }
  });
});
