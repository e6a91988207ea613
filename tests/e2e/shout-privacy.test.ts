import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, hydrated, newContext, uniqueName } from "./browser";

afterAll(closeBrowser);

async function channelOpen(page: Page): Promise<void> {
  await page.waitForSelector('html[data-realtime="open"]', { state: "attached", timeout: 15_000 });
}

async function markNotReloaded(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

async function notReloaded(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded);
}

describe("a member hides their shouts from guests (issue 11)", () => {
  it("guests' open bonfire and shout pages drop the shouts at once, without a reload; a fresh guest page has none", async () => {
    const author = await (await newContext()).newPage();
    const username = uniqueName("Тайна");
    await author.goto("/auth/sign-up");
    await author.getByLabel("Имя пользователя").fill(username);
    await author.getByLabel("Электронная почта").fill(`hidden-${Date.now().toString(36)}@example.com`);
    await author.getByLabel("Пароль", { exact: true }).fill("Костёр-тест-2026!");
    await author.getByRole("button", { name: "Зарегистрироваться" }).click();
    await author.waitForURL((url) => url.pathname === "/");
    const me = (await (await author.request.get("/api/v1/user/me/")).json()) as { id: number };

    const stamp = `Скрытая записка ${Date.now().toString(36)}`;
    await author.goto("/bonfire");
    await hydrated(author);
    await author.getByLabel("Текст записки").fill(stamp);
    await author.getByRole("button", { name: "Опубликовать" }).click();
    const card = author.locator("article.shout-card", { hasText: stamp });
    await card.waitFor({ timeout: 20_000 });
    const id = Number(/^shout-(\d+)$/.exec((await card.getAttribute("id")) ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);

    const onBonfire = await (await newContext()).newPage();
    const onShout = await (await newContext()).newPage();
    for (const [page, path] of [
      [onBonfire, "/bonfire"],
      [onShout, `/bonfire/${id}`],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      await channelOpen(page);
      await markNotReloaded(page);
      expect(await page.getByText(stamp).count(), path).toBeGreaterThan(0);
    }

    await author.goto(`/users/${me.id}/settings`);
    await hydrated(author);
    await author.getByLabel("Показывать мои записки гостям").uncheck();
    await author.getByRole("button", { name: "Сохранить настройки" }).click();
    await author.getByText("Настройки сохранены.").first().waitFor();

    await expect.poll(() => onBonfire.locator("article.shout-card", { hasText: stamp }).count()).toBe(0);
    await expect.poll(() => onShout.getByText(stamp).count()).toBe(0);
    expect(await notReloaded(onBonfire)).toBe(true);
    expect(await notReloaded(onShout)).toBe(true);

    // A guest opening the bonfire now (the page cache answers guests) does not get it either.
    const fresh = await (await newContext()).newPage();
    await fresh.goto("/bonfire");
    expect(await fresh.getByText(stamp).count()).toBe(0);
    expect((await fresh.goto(`/bonfire/${id}`))?.status()).toBe(404);
  });
});
