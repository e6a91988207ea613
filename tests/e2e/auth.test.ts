import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, hydrated, newContext, screenshot, uniqueName } from "./browser";

const PASSWORD = "Костёр-тест-2026!";

async function bodyTheme(page: Page): Promise<string | undefined> {
  const cls = (await page.locator("body").getAttribute("class")) ?? "";
  return /theme-([a-z]+)/.exec(cls)?.[1];
}

async function me(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async () => {
    const res = await fetch("/api/v1/user/me/");
    return { status: res.status, body: await res.json() };
  });
}

async function signUp(page: Page, username: string) {
  await page.goto("/auth/sign-up");
  await page.getByLabel("Имя пользователя").fill(username);
  await page.getByLabel("Электронная почта").fill(`e2e-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByLabel("Пароль", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto("/auth/sign-in");
  await page.getByLabel("Имя пользователя или e-mail").fill(username);
  await page.getByLabel("Пароль", { exact: true }).fill(password);
  await page.getByRole("main").getByRole("button", { name: "Войти" }).click();
}

async function signOutFromSettings(page: Page, userId: number) {
  await page.goto(`/users/${userId}/settings`);
  await page.locator('main form[action="/auth/sign-out"] button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === "/");
}

afterAll(closeBrowser);

describe("accounts in the browser", () => {
  it("signs up, signs in, toggles the theme and signs out (JavaScript on)", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const username = uniqueName("Игрок");

    await signUp(page, username);
    const created = await me(page);
    expect(created.status).toBe(200);
    expect(created.body.username).toBe(username);
    await expect.poll(() => page.getByRole("button", { name: "Уведомления" }).first().isVisible()).toBe(true);
    const userId = created.body.id as number;

    // Sign out from the notifications sidebar's user card.
    await hydrated(page);
    await page.getByRole("button", { name: "Уведомления" }).first().click();
    const sidebar = page.locator("#sidebar-notifications");
    await sidebar.getByRole("button", { name: "Выйти" }).click();
    // We were on "/" already: wait for the session to end, not for the URL.
    await expect.poll(async () => (await me(page)).status).toBe(403);
    await expect.poll(() => page.getByRole("link", { name: "Войти" }).first().isVisible()).toBe(true);

    // A wrong password keeps the name and says why.
    await signIn(page, username, "не-тот-пароль-123");
    await expect.poll(() => page.getByText("Неверное имя пользователя или пароль.").isVisible()).toBe(true);
    expect(await page.getByLabel("Имя пользователя или e-mail").inputValue()).toBe(username);

    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === "/");
    expect((await me(page)).status).toBe(200);
    await screenshot(page, "home-member-darkorange-1280");

    // Theme: darkorange → lightside; the body class follows the saved profile.
    await hydrated(page);
    expect(await bodyTheme(page)).toBe("darkorange");
    await page.locator(".toolbar .theme-toggle-btn, .footer .theme-toggle-btn").first().click();
    await expect.poll(() => bodyTheme(page)).toBe("lightside");
    expect((await me(page)).body.theme).toBe("lightside");
    await page.reload();
    expect(await bodyTheme(page)).toBe("lightside");
    await screenshot(page, "home-member-lightside-1280");

    await signOutFromSettings(page, userId);
    expect((await me(page)).status).toBe(403);
    await context.close();
  });

  it("signs up, signs out and signs in with JavaScript disabled", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const username = uniqueName("Тихий");

    await signUp(page, username);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "sessionid")?.httpOnly).toBe(true);
    const current = await (await page.request.get("/api/v1/user/me/")).json();
    expect(current.username).toBe(username);
    const userId = current.id as number;

    await signOutFromSettings(page, userId);
    expect((await context.cookies()).find((c) => c.name === "sessionid")).toBeUndefined();

    // Field errors come back from the server, with the typed name kept.
    await signIn(page, username, "неверный-пароль-1");
    await page.getByText("Неверное имя пользователя или пароль.").first().waitFor();
    expect(await page.getByLabel("Имя пользователя или e-mail").inputValue()).toBe(username);

    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === "/");
    expect((await context.cookies()).find((c) => c.name === "sessionid")).toBeDefined();
    await page.goto(`/users/${userId}/settings`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(username);
    expect(await page.getByRole("heading", { name: "Настройки", exact: true }).first().isVisible()).toBe(true);
    await context.close();
  });

  it("refuses a weak password on sign-up field by field (JavaScript disabled)", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth/sign-up");
    await page.getByLabel("Имя пользователя").fill(uniqueName("Слабый"));
    await page.getByLabel("Электронная почта").fill(`weak-${Date.now().toString(36)}@example.com`);
    await page.getByLabel("Пароль", { exact: true }).fill("password");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await page.getByText("Этот пароль слишком распространён. Придумайте другой.").first().waitFor();
    expect(page.url()).toContain("/auth/sign-up");
    expect((await context.cookies()).find((c) => c.name === "sessionid")).toBeUndefined();
    await context.close();
  });
});
