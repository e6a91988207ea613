import { afterAll, describe, expect, it } from "vitest";
import { BASE_URL, closeBrowser, hydrated, newContext, screenshot } from "./browser";

afterAll(closeBrowser);

/** Runs a search through the header's box: a plain GET form (JavaScript off). */
async function searchFromHeader(type: string, q: string) {
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const box = page.locator("header").getByRole("search");
  await box.getByLabel("Где искать").selectOption({ label: type });
  await box.getByLabel("Поиск", { exact: true }).fill(q);
  await box.getByRole("button", { name: "Искать" }).click();
  await page.waitForURL((url) => url.pathname === "/search");
  return page;
}

describe("search in the browser", () => {
  it("finds posts by another form of a word, without JavaScript", async () => {
    const page = await searchFromHeader("Статьи", "ведьмаку");
    expect(new URL(page.url()).searchParams.get("type")).toBe("post");
    const found = page.getByRole("region", { name: "Найдено: Статьи" });
    expect(await found.getByRole("link", { name: /«Ведьмак 3» десять лет спустя/ }).count()).toBe(1);
  });

  it("finds comments with their author and post, and tags by a part of the name", async () => {
    const comments = await searchFromHeader("Комментарии", "каменное сердце");
    const comment = comments.getByRole("region", { name: "Найдено: Комментарии" }).locator(".user-comment");
    expect(await comment.count()).toBeGreaterThan(0);
    expect(await comment.first().textContent()).toContain("Каменные сердца");
    // The author's link says the name once (the avatar beside it is decorative).
    // (A supporter's coin adds its title: decision 0028.)
    expect(
      await comment
        .first()
        .getByRole("link", { name: /^(Поддерживает проект )?Ведьмак$/ })
        .count(),
    ).toBe(1);

    const tags = await searchFromHeader("Теги", "РЕТРО");
    expect(await tags.getByRole("link", { name: "#ретроспектива" }).count()).toBe(1);

    const nothing = await searchFromHeader("Записки", "несуществующееслово");
    expect(await nothing.getByText("К сожалению, мы ничего не смогли найти.").isVisible()).toBe(true);
  });

  it("shows live results under the box while typing, and closes on an outside click", async () => {
    for (const theme of ["darkorange", "lightside"] as const) {
      const context = await newContext();
      await context.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
      const page = await context.newPage();
      await page.goto("/");
      await hydrated(page);
      const box = page.locator("header").getByRole("search");
      const panel = box.getByRole("region", { name: "Результаты поиска" });
      await box.getByLabel("Поиск", { exact: true }).fill("ведьмаку");
      await expect.poll(() => panel.getByRole("link", { name: /«Ведьмак 3» десять лет спустя/ }).count()).toBe(1);
      expect(await panel.getByRole("link", { name: "Все результаты" }).getAttribute("href")).toBe(
        `/search?type=post&q=${encodeURIComponent("ведьмаку")}`,
      );
      await screenshot(page, `search-panel-${theme}-1280`);

      // Another type searches again; a query with nothing to find says so.
      await box.getByLabel("Где искать").selectOption({ label: "Теги" });
      await box.getByLabel("Поиск", { exact: true }).fill("ретро");
      await expect.poll(() => panel.getByRole("link", { name: "#ретроспектива" }).count()).toBe(1);
      await box.getByLabel("Поиск", { exact: true }).fill("несуществующееслово");
      await expect.poll(() => panel.getByText("К сожалению, мы ничего не смогли найти.").isVisible()).toBe(true);

      await page.locator("main").click({ position: { x: 5, y: 5 } });
      await expect.poll(() => panel.count()).toBe(0);
      expect(await box.getByLabel("Поиск", { exact: true }).inputValue()).toBe("");
      await context.close();
    }
  });

  it("finds another form with a fleeting vowel and corrects a typo, without JavaScript", async () => {
    // день → «Пиксель-арт дня» (a demo shout).
    const fleeting = await searchFromHeader("Записки", "день");
    const found = fleeting.getByRole("region", { name: "Найдено: Записки" });
    expect(await found.getByText(/Пиксель-арт дня/).count()).toBeGreaterThan(0);

    const typo = await searchFromHeader("Записки", "подзимелье");
    const notice = typo.getByRole("status").filter({ hasText: "Показаны результаты по запросу" });
    expect(await notice.textContent()).toContain("«подземелье»");
    expect(await typo.getByText(/Пиксель-арт дня/).count()).toBeGreaterThan(0);
    await screenshot(typo, "search-corrected-darkorange-1280");
    // The query as typed is a click away.
    await notice.getByRole("link", { name: "Искать «подзимелье»" }).click();
    await typo.waitForURL((url) => url.searchParams.get("verbatim") === "1");
    expect(await typo.getByText("К сожалению, мы ничего не смогли найти.").isVisible()).toBe(true);

    // Post results mark the words that matched.
    const posts = await searchFromHeader("Статьи", "игрой");
    expect(await posts.locator(".search-fragment mark").first().textContent()).toMatch(/^игр/i);
  });

  it("marks the matches and shows the typo notice in the live panel", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    const box = page.locator("header").getByRole("search");
    const panel = box.getByRole("region", { name: "Результаты поиска" });
    await box.getByLabel("Где искать").selectOption({ label: "Записки" });
    await box.getByLabel("Поиск", { exact: true }).fill("день");
    await expect.poll(() => panel.locator("mark", { hasText: "дня" }).count()).toBeGreaterThan(0);
    await box.getByLabel("Поиск", { exact: true }).fill("подзимелье");
    await expect.poll(() => panel.getByText(/Показаны результаты по запросу/).textContent()).toContain("«подземелье»");
    expect(await panel.getByRole("link", { name: "Искать «подзимелье»" }).getAttribute("href")).toBe(
      `/search?type=shout&q=${encodeURIComponent("подзимелье")}&verbatim=1`,
    );
    await screenshot(page, "search-panel-corrected-darkorange-1280");
    await context.close();
  });

  for (const [theme, width] of [
    ["darkorange", 1280],
    ["lightside", 390],
  ] as const) {
    it(`renders post results at ${width}px in ${theme}`, async () => {
      const context = await newContext({ viewport: { width, height: 900 } });
      await context.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
      const page = await context.newPage();
      const response = await page.goto(`/search?type=post&q=${encodeURIComponent("игры")}`);
      expect(response?.status()).toBe(200);
      expect(await page.locator(".post-card").count()).toBeGreaterThan(0);
      await screenshot(page, `search-${theme}-${width}`);
      await context.close();
    });
  }
});
