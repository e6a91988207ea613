import { afterAll, describe, expect, it } from "vitest";
import { BASE_URL, closeBrowser, hydrated, newContext, screenshot, signInAs } from "./browser";

afterAll(closeBrowser);

describe("pages", () => {
  it("answers an unknown route with the 404 screen and status 404", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Упс! Похоже ты потерялся...");
    expect(await page.getByRole("link", { name: "На главную", exact: true }).isVisible()).toBe(true);
    await screenshot(page, "404-1280");
    await context.close();
  });

  it("gives a guest the sign-in notice when pressing New Post", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Написать" }).click();
    await expect.poll(() => page.getByText("Войдите на сайт.").first().isVisible()).toBe(true);
    expect(await page.getByText("Зарегистрируйтесь или войдите на сайт, чтобы опубликовать статью.").isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it("keeps the page when the theme toggle cannot reach the site, and says so", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    // The route module of /theme's action arrives once the page is idle (lib/action-modules.ts); before, React
    // Router would import it with the first click, fail offline and reload into the browser's offline page.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType("resource").some((e) => /\/assets\/theme-[^/]*\.js$/.test(e.name)),
        ),
      )
      .toBe(true);
    const theme = await page.evaluate(() => document.body.className);
    await context.setOffline(true);
    await page.locator(".theme-toggle-btn").first().click();
    await expect.poll(() => page.getByText("Не удалось сменить тему.").isVisible()).toBe(true);
    expect(await page.getByText("Нет связи с сайтом. Проверьте подключение и попробуйте ещё раз.").isVisible()).toBe(
      true,
    );
    expect(await page.evaluate(() => document.body.className)).toBe(theme);
    expect(await page.getByRole("main").isVisible()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });

  it("remembers the activity sidebar on a wide window, and a visit from a narrow one does not forget it", async () => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await page.locator('button[aria-controls="sidebar-activity"]:visible').first().click();
    await page.locator("#sidebar-activity.is-open").waitFor({ state: "visible" });
    const stored = () => page.evaluate(() => window.localStorage.getItem("kostyor:sidebars"));
    expect(JSON.parse((await stored()) ?? "{}").activity).toBe(true);
    // A phone's width: the sidebars start closed there, and that is not a choice to remember.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/bonfire");
    await hydrated(page);
    await page.waitForTimeout(400);
    expect(JSON.parse((await stored()) ?? "{}").activity).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page.locator("#sidebar-activity.is-open").waitFor({ state: "visible" });
    await context.close();
  });

  it("keeps a post's cover in its place while the picture loads: nothing below it moves", async () => {
    for (const width of [1280, 390]) {
      const context = await newContext({ viewport: { width, height: 800 } });
      await context.addInitScript(() => {
        const w = window as unknown as { shifted: number };
        w.shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) w.shifted += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      const page = await context.newPage();
      await page.goto("/");
      const path = await page.locator(".post-card.has-cover a.post-card-cover").first().getAttribute("href");
      expect(path).toMatch(/^\/posts\//);
      // A slow cover: the page is drawn long before the picture comes.
      let delayed = 0;
      await page.route("**/media/posts/**", async (route) => {
        delayed += 1;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto(path as string);
      const cover = page.locator(".post-cover img");
      expect((await cover.boundingBox())?.height).toBeGreaterThan(100);
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await page.waitForTimeout(300);
      expect(delayed).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.01);
      await context.close();
    }
  });

  for (const theme of ["darkorange", "lightside"] as const) {
    for (const width of [1280, 390]) {
      it(`renders the home page at ${width}px in ${theme}`, async () => {
        const context = await newContext({ viewport: { width, height: 900 } });
        await context.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
        const page = await context.newPage();
        const response = await page.goto("/");
        expect(response?.status()).toBe(200);
        expect(await page.locator("body").getAttribute("class")).toContain(`theme-${theme}`);
        expect(await page.title()).toContain("Костёр");
        await screenshot(page, `home-${theme}-${width}`);
        await context.close();
      });
    }
  }

  it("shows a member's profile to a guest, with the owner-only tabs hidden", async () => {
    const context = await newContext({ viewport: { width: 390, height: 900 } });
    await context.addCookies([{ name: "theme", value: "lightside", url: BASE_URL }]);
    const page = await context.newPage();
    const found = await (await page.request.get(`/api/v1/search?type=user&q=${encodeURIComponent("Лисичка")}`)).json();
    const response = await page.goto(`/users/${found[0].id}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Лисичка");
    expect(await page.title()).toBe("Лисичка / Костёр");
    expect(await page.getByRole("link", { name: "Черновики" }).count()).toBe(0);
    expect((await page.goto(`/users/${found[0].id}/no-such-tab`))?.status()).toBe(404);
    await page.goto(`/users/${found[0].id}`);
    await screenshot(page, "profile-lightside-390");
    await page.goto("/auth/sign-in");
    await screenshot(page, "sign-in-lightside-390");
    await context.close();
  });

  it("serves guests' public pages from the page cache without anyone's CSRF token, members privately", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const first = await page.goto("/users/1");
    const second = await page.goto("/users/1");
    expect(first?.headers()["x-page-cache"]).toMatch(/MISS|HIT/);
    expect(second?.headers()["x-page-cache"]).toBe("HIT");
    expect(second?.headers()["cache-control"]).toContain("stale-while-revalidate");
    expect(second?.headers()["cache-tag"]).toContain("html");
    // The cached HTML carries no CSRF token of any visitor.
    const tokens = await page
      .locator('input[name="csrf"]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(tokens.every((t) => t === "")).toBe(true);
    // A guest still switches the theme without JavaScript on a cached page.
    await page.locator(".footer .theme-toggle-btn, .theme-toggle-btn").first().click();
    await expect.poll(() => page.locator("body").getAttribute("class")).toContain("theme-lightside");
    await context.close();

    const member = await (await newContext()).newPage();
    await signInAs(member, "Странник", "member-demo-2026");
    const own = await member.goto("/users/1");
    expect(own?.headers()["x-page-cache"]).toBeUndefined();
    expect(own?.headers()["cache-control"]).toBe("private, no-store");
  });

  it("counts each guest's view of a shout, whether its page was rendered or came from the page cache", async () => {
    const author = await (await newContext()).newPage();
    await signInAs(author, "Лисичка", "member-demo-2026");
    const csrf = (await author.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
    const created = await author.request.post(`${BASE_URL}/api/v1/shout/`, {
      data: { text: `Кто заглянет к костру ${Date.now().toString(36)}` },
      headers: { "X-CSRFTOKEN": csrf },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // Three guests from three addresses (newContext gives each its own), the first one twice.
    const seen: string[] = [];
    const first = await (await newContext({ javaScriptEnabled: false })).newPage();
    for (const page of [first, first]) seen.push((await page.goto(`/bonfire/${id}`))?.headers()["x-page-cache"] ?? "");
    for (let i = 0; i < 2; i += 1) {
      const guest = await (await newContext({ javaScriptEnabled: false })).newPage();
      seen.push((await guest.goto(`/bonfire/${id}`))?.headers()["x-page-cache"] ?? "");
    }
    expect(seen[0]).toBe("MISS");
    expect(seen.slice(1)).toEqual(["HIT", "HIT", "HIT"]);
    // The author's own look does not count.
    const views = async () =>
      ((await (await author.request.get(`${BASE_URL}/api/v1/shout/${id}/`)).json()) as { views_count: number })
        .views_count;
    await expect.poll(views).toBe(3);
  });
});
