import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, newContext, screenshot } from "./browser";

afterAll(closeBrowser);

describe("site settings", () => {
  it("lets the demo admin rename the site and disable a menu item, and refuses a member", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth/sign-in");
    await page.getByLabel("Имя пользователя или e-mail").fill("admin@kostyor.local");
    await page.getByLabel("Пароль", { exact: true }).fill("admin-demo-2026");
    await page.getByRole("main").getByRole("button", { name: "Войти" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/admin/site");
    await page.getByLabel("Название сайта").fill("Костёр Тест");
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await page.getByText("Настройки сайта сохранены.").first().waitFor();
    expect(await page.title()).toBe("Настройки сайта / Костёр Тест");

    // An empty site name is refused at the field and changes nothing.
    await page.getByLabel("Название сайта").fill("   ");
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await page.getByText("Укажите название сайта.").first().waitFor();
    const config = await (await page.request.get("/api/v1/config/")).json();
    expect(config.site_name).toBe("Костёр Тест");

    // Disable "Статьи" in the menu: the toolbar shows it greyed.
    const firstRow = page.locator("fieldset.admin-menu-row").first();
    await firstRow.getByLabel("Отключён").check();
    await page.getByRole("button", { name: "Сохранить меню" }).click();
    await page.getByText("Меню сохранено.").first().waitFor();
    const after = await (await page.request.get("/api/v1/config/")).json();
    expect(after.menu_items[0]).toMatchObject({ title: "Статьи", is_disabled: true });
    await screenshot(page, "admin-site-1280");

    // Put things back for the other tests.
    await page.locator("fieldset.admin-menu-row").first().getByLabel("Отключён").uncheck();
    await page.getByRole("button", { name: "Сохранить меню" }).click();
    await page.getByLabel("Название сайта").fill("Костёр");
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await context.close();

    const memberContext = await newContext();
    const member = await memberContext.newPage();
    await member.goto("/auth/sign-in");
    await member.getByLabel("Имя пользователя или e-mail").fill("Ведьмак");
    await member.getByLabel("Пароль", { exact: true }).fill("member-demo-2026");
    await member.getByRole("main").getByRole("button", { name: "Войти" }).click();
    await member.waitForURL((url) => url.pathname === "/");
    const response = await member.goto("/admin/site");
    expect(response?.status()).toBe(403);
    expect(await member.getByRole("heading", { level: 1 }).textContent()).toBe("А вам сюда нельзя...");
    await memberContext.close();
  });
});
