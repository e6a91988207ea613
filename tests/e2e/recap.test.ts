import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, hydrated, newContext, SCREENSHOTS, screenshot, signInAs } from "./browser";

afterAll(closeBrowser);

/** Last Moscow year: the demo seeds an archive of it (scripts/demo-recap.mjs), so it is open in any month. */
const lastYear = new Date(Date.now() + 3 * 3_600_000).getUTCFullYear() - 1;

describe("the yearly recap", () => {
  it("shows a member their year on top of the site's, shares chosen parts, and the link shows only those", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, "lisichka@kostyor.local", "member-demo-2026");
    await page.goto(`/year?year=${lastYear}`);
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Итоги ${lastYear} года`);
    const mine = page.getByRole("region", { name: "Ваш год" });
    await mine.getByText("Лучшая статья").waitFor();
    await page
      .getByRole("region", { name: new RegExp(`^${lastYear} год на сайте`) })
      .getByText("Самый жаркий день")
      .waitFor();
    await screenshot(page, "recap-member-darkorange-1280");

    // Share only what was written and the streak.
    const share = page.getByRole("region", { name: "Поделиться итогами" });
    for (const label of ["Лапки: отданные и полученные", "Лучшая статья"]) await share.getByLabel(label).uncheck();
    await share.getByLabel("Сколько я написал").check();
    await share.getByRole("button", { name: "Поделиться" }).click();
    const link = share.getByRole("link", { name: /\/year\/shared\// });
    await link.waitFor();
    const url = (await link.getAttribute("href")) ?? "";

    const guest = await newContext({ javaScriptEnabled: false });
    const shared = await guest.newPage();
    await shared.goto(url);
    await shared.getByRole("heading", { level: 1, name: `Итоги ${lastYear} года: Лисичка` }).waitFor();
    expect(await shared.getByText("Лапки: отдано").count()).toBe(0);
    expect(await shared.getByText("Лучшая статья").count()).toBe(0);
    expect(await shared.locator('meta[property="og:description"]').getAttribute("content")).toMatch(
      /статей|статья|статьи/,
    );
    await screenshot(shared, "recap-shared-guest-darkorange-1280");
    // The link preview's card, kept beside the screenshots to look at.
    const cardUrl = await shared.locator('meta[property="og:image"]').getAttribute("content");
    const card = await shared.request.get(cardUrl ?? "");
    expect(card.headers()["content-type"]).toBe("image/png");
    writeFileSync(path.join(SCREENSHOTS, "recap-share-card.png"), await card.body());

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "recap-member-darkorange-390");
    await context.close();
    await guest.close();
  });

  it("reads well in the light theme and without JavaScript", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAs(page, "pixel@kostyor.local", "member-demo-2026");
    await page.goto(`/year?year=${lastYear}`);
    await page.getByRole("region", { name: "Ваш год" }).waitFor();
    await screenshot(page, "recap-member-lightside-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "recap-member-lightside-390");
    // Sharing works as a plain form.
    await page
      .getByRole("region", { name: "Поделиться итогами" })
      .getByRole("button", { name: /Поделиться|Обновить ссылку/ })
      .click();
    await page
      .getByRole("region", { name: "Поделиться итогами" })
      .getByRole("link", { name: /\/year\/shared\// })
      .waitFor();
    await context.close();
  });
});
