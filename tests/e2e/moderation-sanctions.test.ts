import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe";
import { BASE_URL, closeBrowser, hydrated, newContext, screenshot, signInAs, uniqueName } from "./browser";

const MODERATOR = { login: "moder@kostyor.local", password: "moder-demo-2026" };
const REASON = "Оскорбления в записках у костра";
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
});

async function csrf(context: BrowserContext): Promise<string> {
  return (await context.cookies(BASE_URL)).find((c) => c.name.endsWith("csrftoken"))?.value ?? "";
}

async function api<T>(context: BrowserContext, method: string, path: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { "X-CSRFTOKEN": await csrf(context) },
    ...(data === undefined ? {} : { data }),
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new member signed up through the API, with the site open on the bonfire and its channel connected. */
async function newMember(): Promise<{ context: BrowserContext; page: Page; id: number }> {
  const context = await newContext();
  contexts.push(context);
  await context.request.get(`${BASE_URL}/api/v1/user/csrf/`);
  const me = await api<{ id: number }>(context, "POST", "/auth/sign-up/", {
    username: uniqueName("Нарушитель"),
    email: `sanction-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`,
    password: "Костёр-горит-2026",
  });
  const page = await context.newPage();
  await page.goto("/bonfire");
  await hydrated(page);
  await page.waitForSelector('html[data-realtime="open"]', { state: "attached", timeout: 15_000 });
  return { context, page, id: me.id };
}

async function setTheme(context: BrowserContext, theme: string): Promise<void> {
  await api(context, "PATCH", "/user/me/", { theme });
}

/** Screenshots of a page at 1280 and 390 px in darkorange and lightside (the member's theme switched through the API). */
async function shots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const theme of ["lightside", "darkorange"]) {
    await setTheme(page.context(), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.reload();
      await hydrated(page);
      await ready();
      await screenshot(page, `${name}-${theme}-${width}`);
      expect(describeViolations(await axeViolations(page)), `${name} ${theme} ${width}`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("sanctions in the browser", () => {
  it("a moderator blocks a member for 3 days while the member has the site open: read-only live, and back", {
    timeout: 180_000,
  }, async () => {
    const member = await newMember();
    const composer = member.page.locator(".shout-composer");
    await expect.poll(() => composer.isVisible()).toBe(true);
    await member.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const modContext = await newContext();
    contexts.push(modContext);
    const mod = await modContext.newPage();
    await signInAs(mod, MODERATOR.login, MODERATOR.password);
    await mod.goto(`/admin/users/${member.id}?reason=${encodeURIComponent(REASON)}`);
    await hydrated(mod);
    // The reason comes prefilled from ?reason= (the reports page links here so).
    expect(await mod.getByLabel("Причина (её увидит участник)").inputValue()).toBe(REASON);
    await mod.getByLabel("3 дня").check();
    await mod.getByRole("button", { name: "Ограничить" }).click();
    await mod.getByText("Участник заблокирован на 3 дня.").waitFor();

    // The member's open tab turns read-only without a reload: the banner with the reason and the end date.
    const banner = member.page.locator(".sanction-banner");
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain(`Причина: ${REASON}`);
    expect(await banner.textContent()).toMatch(/Вы заблокированы до \d{1,2} [а-я]+ \d{4} г\. в \d\d:\d\d \(мск\)/);
    await expect.poll(() => composer.isVisible()).toBe(false);
    expect(await member.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The server refuses a write with the same words.
    const refused = await member.context.request.fetch(`${BASE_URL}/api/v1/shout/`, {
      method: "POST",
      headers: { "X-CSRFTOKEN": await csrf(member.context) },
      data: { text: "А я всё равно напишу" },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toContain(REASON);

    // The moderator's view shows the block in the history and the audit entry.
    await mod.reload();
    await hydrated(mod);
    await mod.locator(".moderation-active").waitFor();
    expect(await mod.locator(".moderation-history").textContent()).toContain("блокировка на 3 дня");
    expect(await mod.locator(".moderation-audit").textContent()).toContain("Блокировка");

    await shots(member.page, "moderation-banner", () => banner.waitFor());
    await member.page.goto("/bonfire");
    await hydrated(member.page);
    await member.page.waitForSelector('html[data-realtime="open"]', { state: "attached", timeout: 15_000 });
    await member.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    try {
      await shots(mod, "moderation-member-view", () => mod.locator(".moderation-history").waitFor());
    } finally {
      await setTheme(modContext, "darkorange");
    }

    // Lifted early: the member's tab is writable again, live.
    await mod.getByRole("button", { name: "Снять досрочно" }).click();
    await mod.getByText("Ограничение снято.").waitFor();
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => composer.isVisible()).toBe(true);
    expect(await member.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const text = `Спасибо, исправлюсь ${Date.now().toString(36)}`;
    await member.page.getByLabel("Текст записки").fill(text);
    await member.page.getByRole("button", { name: "Опубликовать" }).click();
    await member.page.locator(".shout-card", { hasText: text }).first().waitFor();

    // An admin asks this member for a device fingerprint: the next page load sends it 1 s later (ThumbmarkJS,
    // loaded lazily, no third-party request, no CSP violation), and the moderator sees the device.
    const adminContext = await newContext();
    contexts.push(adminContext);
    await signInAs(await adminContext.newPage(), "admin@kostyor.local", "admin-demo-2026");
    await api(adminContext, "PATCH", `/user/${member.id}/fp-required/`, { is_fp_required: true });
    const sent = member.page.waitForResponse(
      (r) => r.url().endsWith("/api/v1/user/fp/") && r.request().method() === "PATCH",
      { timeout: 20_000 },
    );
    await member.page.reload();
    expect((await sent).status()).toBe(200);
    await mod.reload();
    await mod.getByText("Известно 1 устройство.").waitFor();
  });
});
