import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, hydrated, newContext, screenshot, signInAs } from "./browser";

afterAll(closeBrowser);

const ADMIN = ["admin@kostyor.local", "admin-demo-2026"] as const;

/** Whether the effect's canvas has anything drawn on it (some pixel not fully transparent). */
function painted(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext("2d");
    if (!ctx || !canvas.width || !canvas.height) return false;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
    return false;
  });
}

describe("seasonal effects (an admin's clock override)", () => {
  it("snow in winter, rain with its sound switch in autumn, nothing in summer; only the day's code loads", async () => {
    const context = await newContext({ reducedMotion: "no-preference" });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await signInAs(page, ...ADMIN);
    // Today's own effects (if any) finish loading on the page signing in lands on before the count starts.
    await page.waitForLoadState("networkidle");

    // Counted from the summer page's commit: the page before it may still ask for today's own effects (at its first
    // idle moment, which on a busy machine can come after the network was idle) until the next page replaces it.
    await page.goto("/?effects_date=2026-07-10", { waitUntil: "commit" });
    scripts.length = 0;
    await hydrated(page);
    expect(await page.locator("canvas.effect-canvas").count()).toBe(0);
    expect(scripts.some((url) => /\/(snow|rain|canvas)-/.test(url))).toBe(false);

    await page.goto("/?effects_date=2027-01-10");
    await hydrated(page);
    await page.locator("canvas.effect-snow").waitFor({ state: "attached" });
    await expect.poll(() => painted(page, "canvas.effect-snow")).toBe(true);
    expect(scripts.some((url) => /\/snow-/.test(url))).toBe(true);
    await screenshot(page, "effects-snow-darkorange-1280");

    await page.goto("/?effects_date=2026-10-10");
    await hydrated(page);
    await page.locator("canvas.effect-rain").waitFor({ state: "attached" });
    await expect.poll(() => painted(page, "canvas.effect-rain")).toBe(true);
    const sound = page.getByRole("button", { name: "Включить шум дождя" });
    await sound.click();
    await page.getByRole("button", { name: "Выключить шум дождя" }).waitFor();
    await screenshot(page, "effects-rain-darkorange-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    // Narrow windows get the rain without its sound.
    await expect.poll(() => page.getByRole("button", { name: /шум дождя/ }).count()).toBe(0);
    await screenshot(page, "effects-rain-darkorange-390");
    await context.close();
  });

  it("the birthday logo with the site's age and its confetti; the Wednesday paw; the heart on 14 February", async () => {
    const context = await newContext({ reducedMotion: "no-preference" });
    const page = await context.newPage();
    await signInAs(page, ...ADMIN);
    await page.goto("/?effects_date=2026-09-19");
    await hydrated(page);
    const year = 2026 - 2019;
    await expect.poll(() => page.locator(".logo-age").first().textContent()).toBe(`${year} лет`);
    await page.locator("canvas.effect-confetti").waitFor({ state: "attached" });
    await expect.poll(() => painted(page, "canvas.effect-confetti")).toBe(true);
    await screenshot(page, "effects-birthday-darkorange-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "effects-birthday-darkorange-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto("/?effects_date=2026-11-25");
    expect(await page.locator('symbol#icon-paw[data-variant="wednesday"]').count()).toBe(1);
    await page.goto("/?effects_date=2026-11-26");
    expect(await page.locator('symbol#icon-paw[data-variant="wednesday"]').count()).toBe(0);

    // The heart's chunk listens for paw clicks once it has loaded.
    const heartLoaded = page.waitForResponse((response) => /\/heart-[\w-]+\.js$/.test(response.url()));
    await page.goto("/?effects_date=2027-02-14");
    await hydrated(page);
    await heartLoaded;
    // The chunk's listener is in place once a post's paw-up, clicked, plays the heart (on a loaded machine that comes
    // a while after the chunk's response). A stand-in button tells when: it is in no form, so its click sends nothing.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const probe = document.createElement("button");
          probe.type = "button";
          probe.className = "paw-up";
          probe.setAttribute("formaction", "/reactions/paw?item_type=post&item_id=0");
          document.body.append(probe);
          probe.click();
          probe.remove();
          return document.querySelectorAll(".effect-heart").length > 0;
        }),
      )
      .toBe(true);
    // The stand-in's heart goes after its 3 s; then the real paw's.
    await expect.poll(() => page.locator(".effect-heart").count()).toBe(0);
    const pawUp = page.locator('button.paw-up[aria-pressed="false"]:not([disabled])').first();
    await pawUp.click();
    await page.locator(".effect-heart").waitFor({ state: "attached" });
    await context.close();
  });

  it("nothing moves for visitors who prefer reduced motion", async () => {
    const context = await newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await signInAs(page, ...ADMIN);
    await page.goto("/?effects_date=2027-01-10");
    await hydrated(page);
    // The page is settled (hydrated); give the lazy effect the time it would take to appear.
    await page.waitForLoadState("networkidle");
    expect(await page.locator("canvas.effect-canvas").count()).toBe(0);
    await context.close();
  });

  it("read well in the light theme too", async () => {
    const context = await newContext({ reducedMotion: "no-preference" });
    const page = await context.newPage();
    await signInAs(page, ...ADMIN);
    const csrf = (await context.cookies()).find((c) => c.name.endsWith("csrftoken"))?.value ?? "";
    const theme = (name: string) => page.request.post("/theme", { form: { theme: name, csrf } });
    expect((await theme("lightside")).ok()).toBe(true);
    try {
      await page.goto("/?effects_date=2027-01-10");
      await hydrated(page);
      await page.locator("canvas.effect-snow").waitFor({ state: "attached" });
      await screenshot(page, "effects-snow-lightside-1280");
      await page.goto("/?effects_date=2026-09-19");
      await hydrated(page);
      await page.locator(".logo-age").first().waitFor();
      await screenshot(page, "effects-birthday-lightside-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/?effects_date=2027-01-10");
      await hydrated(page);
      await screenshot(page, "effects-snow-lightside-390");
    } finally {
      await theme("darkorange");
      await context.close();
    }
  });
});

describe("sharing", () => {
  it("copies a post's link with the spec's notice, and says so when the clipboard refuses", async () => {
    const context = await newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    const href = (await page.locator("a[href^='/posts/']").first().getAttribute("href")) ?? "";
    await page.goto(href);
    await hydrated(page);
    await page.getByRole("button", { name: "Поделиться" }).first().click();
    await page.getByText("URL статьи скопировано в буфер обмена.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(href, page.url()).toString());
    await screenshot(page, "share-copied-darkorange-1280");
    await context.close();

    const denied = await newContext();
    await denied.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")) },
      });
    });
    const refused = await denied.newPage();
    await refused.goto(href);
    await hydrated(refused);
    await refused.getByRole("button", { name: "Поделиться" }).first().click();
    await refused.getByText("Что-то пошло не так.").waitFor();
    await refused.getByText("Значение не скопировано в буфер обмена. Попробуйте еще раз.").waitFor();
    await denied.close();
  });
});

describe("sign-out", () => {
  it("closes every sidebar, the activity sidebar too, and goes to the index", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, "murka@kostyor.local", "member-demo-2026");
    await hydrated(page);
    await page.goto("/bonfire");
    await hydrated(page);
    const activity = page.getByRole("button", { name: "Активность" }).first();
    await activity.click();
    await expect.poll(() => activity.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Уведомления" }).first().click();
    await page.locator("#sidebar-notifications").getByRole("button", { name: "Выйти" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("link", { name: "Войти" }).first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole("button", { name: "Активность" }).first().getAttribute("aria-pressed"))
      .toBe("false");
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(400); // past the sidebars' 200 ms restore
    expect(await page.getByRole("button", { name: "Активность" }).first().getAttribute("aria-pressed")).toBe("false");
    await context.close();
  });
});

describe("the pinned strip", () => {
  it("is a carousel that wraps around when its posts are wider than the window", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, ...ADMIN);
    const csrf = (await context.cookies()).find((c) => c.name.endsWith("csrftoken"))?.value ?? "";
    const posts = (await (await page.request.get("/api/v1/post/")).json()).results as {
      slug: string;
      is_pinned: boolean;
    }[];
    const extra = posts.find((post) => !post.is_pinned);
    if (!extra) throw new Error("the demo has no unpinned post");
    const pin = () => page.request.patch(`/api/v1/post/${extra.slug}/pin/`, { headers: { "X-CSRFTOKEN": csrf } });
    expect((await (await pin()).json()).is_pinned).toBe(true);
    try {
      await page.goto("/");
      await hydrated(page);
      // Wide: two posts of 375 px fit, no carousel.
      expect(await page.getByRole("button", { name: "Следующая закреплённая" }).count()).toBe(0);
      await page.setViewportSize({ width: 390, height: 844 });
      const next = page.getByRole("button", { name: "Следующая закреплённая" });
      await next.waitFor();
      await screenshot(page, "pinned-carousel-darkorange-390");
      const strip = page.locator(".pinned-strip");
      const left = () => strip.evaluate((el) => el.scrollLeft);
      await next.click();
      await expect.poll(left).toBeGreaterThan(0);
      await next.click();
      await expect.poll(left).toBe(0); // past the last post it wraps to the first
      await page.getByRole("button", { name: "Предыдущая закреплённая" }).click();
      await expect.poll(left).toBeGreaterThan(0); // before the first it wraps to the last
    } finally {
      await pin();
      await context.close();
    }
  });
});

describe("menu links to the current page", () => {
  it("reload the page's data and scroll to the top, for every enabled menu item of the site", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    const items = await page
      .getByRole("navigation", { name: "Главное меню" })
      .locator("a[href^='/']:visible")
      .evaluateAll((links) =>
        links.map((link) => ({ href: link.getAttribute("href") ?? "", text: link.textContent ?? "" })),
      );
    expect(items.length).toBeGreaterThan(2);
    for (const item of items) {
      await page.goto(item.href);
      await hydrated(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const reloaded = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(".data"));
      await page
        .getByRole("navigation", { name: "Главное меню" })
        .locator(`a[href='${item.href}']:visible`)
        .first()
        .click();
      await reloaded;
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: item.href }).toBe(0);
    }
    await context.close();
  });
});

describe("a new notification", () => {
  it("is announced in the header area for 3 s while the notifications sidebar is closed", async () => {
    const murka = await newContext();
    const page = await murka.newPage();
    await signInAs(page, "murka@kostyor.local", "member-demo-2026");
    await hydrated(page);
    await page.waitForFunction(() => document.documentElement.dataset.realtime === "open");

    const lisichka = await newContext();
    const other = await lisichka.newPage();
    await signInAs(other, "lisichka@kostyor.local", "member-demo-2026");
    const csrf = (await lisichka.cookies()).find((c) => c.name.endsWith("csrftoken"))?.value ?? "";
    const text = `@Мурка смотри, что нашла ${Date.now()}`;
    const sent = await other.request.post("/api/v1/shout/", { data: { text }, headers: { "X-CSRFTOKEN": csrf } });
    expect(sent.status()).toBe(201);

    const notices = page.getByRole("region", { name: "Уведомления сайта" });
    await notices.getByText("смотри, что нашла", { exact: false }).waitFor({ timeout: 15_000 });
    const shownAt = Date.now();
    await notices.getByText("смотри, что нашла", { exact: false }).waitFor({ state: "detached", timeout: 10_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeLessThan(4_500);
    await murka.close();
    await lisichka.close();
  });
});
