import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, hydrated, newContext, screenshot, signInAs } from "./browser";

afterAll(closeBrowser);

/**
 * The news feed on the demo's stories (scripts/demo-feed.mjs: four made-up sites, 26 entries, 14 stories — the
 * date of «Пепел Севера» told by all four).
 */
describe("the news feed", () => {
  it("a guest reads stories, opens one with its sources, sees every entry and finds news", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/feed");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Лента" }).waitFor();
    // The menu item is on.
    await page.getByRole("banner").getByRole("link", { name: "Лента" }).first().waitFor();
    const stories = page.locator("article.feed-group");
    await expect.poll(() => stories.count()).toBe(14);
    const story = stories.filter({ hasText: "Пепла Севера" });
    await expect.poll(() => story.textContent()).toContain("4 источника");
    await screenshot(page, "feed-darkorange-1280");

    await story.getByRole("link").first().click();
    await page.waitForURL(/\/feed\/\d+$/);
    await page.getByRole("heading", { level: 1, name: /Пепла Севера/ }).waitFor();
    const entries = page.getByRole("region", { name: "Об этом пишут" }).locator("article.feed-entry");
    await expect.poll(() => entries.count()).toBe(4);
    const outbound = page.locator('a[href^="https://"][href*=".example/"]');
    expect(await outbound.count()).toBeGreaterThanOrEqual(5);
    for (const rel of await outbound.evaluateAll((links) => links.map((a) => a.getAttribute("rel")))) {
      expect(rel).toBe("noopener nofollow ugc");
    }
    await screenshot(page, "feed-group-darkorange-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "feed-group-darkorange-390");

    // Every entry: the first page, then the rest loads by itself as the reader scrolls.
    await page.goto("/feed?type=all");
    await hydrated(page);
    const rows = page.locator("article.feed-entry");
    await expect.poll(() => rows.count()).toBe(20);
    await page.locator(".feed-more").scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(26);
    await page.getByText("Это все новости.").waitFor();
    await screenshot(page, "feed-all-darkorange-390");

    // Search type «Лента».
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/search?type=news&q=${encodeURIComponent("распродажа")}`);
    const found = page.locator(".search-result-news");
    await expect.poll(() => found.count()).toBe(1);
    await expect.poll(() => found.textContent()).toContain("скидки до 90%");
    await found.getByRole("link").click();
    await page.waitForURL(/\/feed\/\d+$/);
    await expect.poll(() => page.locator("article.feed-entry").count()).toBe(3);
    await context.close();
  });

  it("works without JavaScript and in the light theme on a phone", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAs(page, "pixel@kostyor.local", "member-demo-2026");
    await page.goto("/feed?type=all");
    await expect.poll(() => page.locator("article.feed-entry").count()).toBe(20);
    // «Показать ещё» is a plain link to the next page.
    await page.getByRole("link", { name: "Показать ещё" }).click();
    await page.waitForURL(/cursor=/);
    await expect.poll(() => page.locator("article.feed-entry").count()).toBe(6);
    await page.goto("/feed");
    await page.getByRole("heading", { level: 1, name: "Лента" }).waitFor();
    await screenshot(page, "feed-lightside-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "feed-lightside-390");
    await page.locator("article.feed-group").first().getByRole("link").first().click();
    await page.waitForURL(/\/feed\/\d+$/);
    await screenshot(page, "feed-group-lightside-390");
    await context.close();
  });
});
