import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { PNG_6X4 } from "../factories/images";
import { axeViolations, describeViolations } from "./axe";
import { BASE_URL, closeBrowser, hydrated, newContext, screenshot, signInAs } from "./browser";

afterAll(closeBrowser);

const PASSWORDS: Record<string, string> = { Хранитель: "admin-demo-2026", Смотритель: "moder-demo-2026" };
const passwordOf = (name: string) => PASSWORDS[name] ?? "member-demo-2026";

interface Meta {
  stage: string;
  closes_at: string;
  counts: { applied: number; sent: number; received: number };
}

async function meta(page: Page): Promise<Meta> {
  return (await (await page.request.get("/api/v1/secret-santa/meta/")).json()) as Meta;
}

async function member(
  name: string,
  options: Parameters<typeof newContext>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(options);
  const page = await context.newPage();
  await signInAs(page, name, passwordOf(name));
  return { context, page };
}

/** No axe (WCAG A/AA and Lighthouse) violations on the page as it is now. */
async function accessible(page: Page): Promise<void> {
  // The page-load bar stays visible a moment after a form's navigation: check the settled page.
  await page.locator(".progress-bar.is-idle").waitFor({ state: "attached" });
  expect(describeViolations(await axeViolations(page))).toEqual([]);
}

async function apply(page: Page, n: string): Promise<void> {
  await page.goto("/secret-santa");
  await page.getByLabel("Имя и фамилия получателя").fill(`Тест Тестович ${n}`);
  await page.getByLabel("Страна").fill("Россия");
  await page.getByLabel("Город").fill("Казань");
  await page.getByLabel("Почтовый адрес").fill(`ул. Баумана, д. ${n}, кв. 1, 420111`);
  await page.getByLabel("Пожелания").fill("Что-нибудь про космос");
  await page.getByRole("button", { name: "Подать заявку" }).click();
  await page.getByText("Заявка принята! До конца приёма заявок её можно изменить.").waitFor();
}

describe("Secret Santa in the browser", () => {
  it("two members apply (one without JavaScript), the draw runs, a santa sends and the recipient receives with a thank-you photo", async () => {
    const witcher = await member("Ведьмак");
    const before = await meta(witcher.page);
    expect(before.stage).toBe("applications");
    await apply(witcher.page, "1");
    await hydrated(witcher.page);

    // A plain form without JavaScript works the same.
    const gamer = await member("Геймер_42", { javaScriptEnabled: false });
    await apply(gamer.page, "2");
    expect((await meta(gamer.page)).counts.applied).toBe(before.counts.applied + 2);
    await gamer.context.close();

    // The draw: the scheduled job at the closing time.
    const drawAt = Date.parse(before.closes_at) + 60_000;
    expect((await fetch(`${BASE_URL}/cdn-cgi/local/scheduled?cron=job:secret-santa&time=${drawAt}`)).status).toBe(200);
    expect((await meta(witcher.page)).stage).toBe("sending");

    await witcher.page.goto("/secret-santa");
    const card = witcher.page.locator("article.santa-recipient");
    await card.waitFor();
    const recipient = (await card.getByRole("heading").getByRole("link").textContent())?.trim() ?? "";
    expect(recipient).not.toBe("Ведьмак");
    await expect.poll(() => card.locator(".santa-address").textContent()).toMatch(/\d{6}/);
    await card.getByLabel("Трек-номер (по желанию)").fill("RA000111222RU");
    await card.getByRole("button", { name: "Подарок отправлен" }).click();
    await witcher.page.getByText("Отмечено: подарок отправлен.").waitFor();
    await expect.poll(() => card.locator(".info").textContent()).toContain("RA000111222RU");
    await accessible(witcher.page);
    await screenshot(witcher.page, "santa-darkorange-1280");
    await witcher.page.setViewportSize({ width: 390, height: 900 });
    await witcher.page.reload();
    await accessible(witcher.page);
    await screenshot(witcher.page, "santa-darkorange-390");

    // The recipient sees the gift on its way and says thanks with a photo: a shout on the bonfire.
    const receiver = await member(recipient);
    await receiver.page.goto("/secret-santa");
    const gift = receiver.page.locator("article.santa-gift");
    await expect.poll(() => gift.textContent()).toContain("Подарок в пути!");
    expect(await gift.textContent()).toContain("RA000111222RU");
    await gift.getByLabel(/Спасибо Санте/).fill("Спасибо, Тайный Санта! Это лучший подарок");
    await gift
      .getByLabel("Фото подарка (по желанию)")
      .setInputFiles({ name: "gift.png", mimeType: "image/png", buffer: Buffer.from(PNG_6X4) });
    await gift.getByRole("button", { name: "Подарок получен" }).click();
    await receiver.page.getByText("Отмечено: подарок получен.").waitFor();
    await receiver.page.getByRole("link", { name: "Ваша благодарность у «Костра»" }).click();
    await receiver.page.getByText("Спасибо, Тайный Санта! Это лучший подарок").first().waitFor();
    await receiver.context.close();

    // The santa's page shows it received; the public counts moved.
    await witcher.page.goto("/secret-santa");
    await expect.poll(() => witcher.page.locator("article.santa-recipient").textContent()).toContain("Подарок получен");
    const after = await meta(witcher.page);
    expect(after.counts.sent).toBeGreaterThanOrEqual(1);
    expect(after.counts.received).toBeGreaterThanOrEqual(1);
    await witcher.context.close();

    // A member in the light theme (Пиксель) sees their own recipient, at both widths.
    for (const width of [1280, 390]) {
      const pixel = await member("Пиксель", { viewport: { width, height: 900 } });
      await pixel.page.goto("/secret-santa");
      expect(await pixel.page.locator("body").getAttribute("class")).toContain("theme-lightside");
      await pixel.page.locator("article.santa-recipient").waitFor();
      await accessible(pixel.page);
      await screenshot(pixel.page, `santa-lightside-${width}`);
      await pixel.context.close();
    }

    // A guest sees the stage, the counts, the steps and the FAQ, and is asked to sign in.
    const guestContext = await newContext({ viewport: { width: 390, height: 900 } });
    await guestContext.addCookies([{ name: "theme", value: "darkorange", url: BASE_URL }]);
    const guest = await guestContext.newPage();
    expect((await guest.goto("/secret-santa"))?.status()).toBe(200);
    expect(await guest.locator(".santa-counts").textContent()).toContain("заяв");
    expect(await guest.locator(".santa-recipient").count()).toBe(0);
    await accessible(guest);
    await screenshot(guest, "santa-guest-darkorange-390");
    await guestContext.close();
  });
});
