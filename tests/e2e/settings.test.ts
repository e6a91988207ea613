import { afterAll, describe, expect, it } from "vitest";
import { PNG_6X4 } from "../factories/images";
import { closeBrowser, newContext, screenshot, uniqueName } from "./browser";

afterAll(closeBrowser);

describe("settings without JavaScript", () => {
  it("uploads an avatar, refuses a non-image, saves flags and the theme", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const username = uniqueName("Аватар");
    await page.goto("/auth/sign-up");
    await page.getByLabel("Имя пользователя").fill(username);
    await page.getByLabel("Электронная почта").fill(`avatar-${Date.now().toString(36)}@example.com`);
    await page.getByLabel("Пароль", { exact: true }).fill("Костёр-тест-2026!");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const me = await (await page.request.get("/api/v1/user/me/")).json();
    await page.goto(`/users/${me.id}/settings`);

    // A text file named like a picture is refused at the field; nothing changes.
    await page.getByLabel("Новый аватар").setInputFiles({ name: "cat.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await page.locator('form:has(input[name="intent"][value="avatar"]) button[type="submit"]').click();
    await page.getByText("Это не картинка: подойдут JPEG, PNG, GIF или WebP.").first().waitFor();
    expect((await (await page.request.get("/api/v1/user/me/")).json()).avatar.big).toBe("/images/avatar-default.svg");

    await page.getByLabel("Новый аватар").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(PNG_6X4) });
    await page.locator('form:has(input[name="intent"][value="avatar"]) button[type="submit"]').click();
    await page.getByText("Аватар обновлён.").first().waitFor();
    const avatar = (await (await page.request.get("/api/v1/user/me/")).json()).avatar;
    expect(avatar.big).toMatch(/^\/media\/avatars\/\d+\/.+-200\.webp$/);
    const image = await page.request.get(avatar.tiny);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");

    // Flags: an unchecked box is saved as false.
    await page.getByLabel("Бесконечная прокрутка списков").uncheck();
    await page.getByRole("button", { name: "Сохранить настройки" }).click();
    await page.getByText("Настройки сохранены.").first().waitFor();
    const settings = (await (await page.request.get("/api/v1/user/me/")).json()).settings;
    expect(settings.is_endless_enabled).toBe(false);
    expect(settings.is_shouts_views_enabled).toBe(true);

    await page.getByLabel("Тема").selectOption("halloween");
    await page.getByRole("button", { name: "Сохранить тему" }).click();
    await expect.poll(() => page.locator("body").getAttribute("class")).toContain("theme-halloween");
    await screenshot(page, "settings-halloween-1280");
    await context.close();
  });
});
