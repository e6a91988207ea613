import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { BASE_URL, closeBrowser, hydrated, newContext, screenshot, uniqueName } from "./browser";

/**
 * Social sign-in in Chromium against the built site, every provider pointed at the local OAuth/OIDC server that
 * scripts/e2e.mjs starts (tests/servers/oauth-provider.mjs): sign in with a provider, link a second account,
 * disconnect it, each `ecode` notice shown once with the address cleaned, gaming accounts on the public profile.
 */

afterAll(closeBrowser);

const ISSUER = process.env.E2E_OAUTH_ISSUER ?? "";

/** Who the provider signs in next (the test provider's queue). */
async function nextIdentity(identity: {
  sub?: string;
  name?: string;
  email?: string;
  verified?: boolean;
  error?: string;
}) {
  const res = await fetch(`${ISSUER}/__next`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(identity),
  });
  expect(res.status).toBe(204);
}

/** The notice with this title shows once, and the address has no `ecode` left. */
async function expectNotice(page: Page, title: string) {
  const notice = page.locator(".notice", { hasText: title });
  await notice.first().waitFor();
  expect(await notice.count()).toBe(1);
  await expect.poll(() => new URL(page.url()).searchParams.has("ecode")).toBe(false);
  return notice;
}

async function closeNotices(page: Page) {
  for (const button of await page.locator(".notice .notice-close").all()) await button.click();
}

describe("social sign-in in the browser", () => {
  it("signs in with the provider, links and disconnects a second account, shows every ecode notice once", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const name = uniqueName("Костровой");
    await nextIdentity({ sub: `e2e-${name}`, name, email: `${name.toLowerCase()}@example.com`, verified: true });

    await page.goto("/auth/sign-in?redirectTo=/bonfire");
    await hydrated(page);
    await screenshot(page, "social-sign-in-darkorange-1280");
    await page.getByRole("link", { name: "Google" }).click();
    await page.waitForURL((url) => url.pathname === "/bonfire");
    const me = await (await page.request.get("/api/v1/user/me/")).json();
    expect(me.username).toBe(name);
    expect(me.auth_accounts.map((a: { provider: string }) => a.provider)).toEqual(["google"]);

    // The only way in cannot be disconnected.
    await page.goto(`/users/${me.id}/settings`);
    await hydrated(page);
    const accounts = page.locator("section.settings-section", {
      has: page.getByRole("heading", { name: "Вход через другие сервисы" }),
    });
    await accounts.locator('li[data-provider="google"]').getByRole("button", { name: "Отключить" }).click();
    await accounts.getByText("Нельзя отключить единственный способ входа").waitFor();

    // Link Discord, then disconnect it.
    await nextIdentity({ sub: `e2e-discord-${name}`, name: `${name} в Discord` });
    await accounts.getByRole("link", { name: "Привязать Discord" }).click();
    await page.waitForURL((url) => url.pathname === `/users/${me.id}/settings`);
    await hydrated(page);
    await accounts.locator('li[data-provider="discord"]').waitFor();
    expect(new URL(page.url()).search).toBe("");
    await screenshot(page, "social-settings-darkorange-1280");
    await accounts.locator('li[data-provider="discord"]').getByRole("button", { name: "Отключить" }).click();
    await accounts.locator('li[data-provider="discord"]').waitFor({ state: "detached" });
    const after = await (await page.request.get("/api/v1/user/me/")).json();
    expect(after.auth_accounts.map((a: { provider: string }) => a.provider)).toEqual(["google"]);

    // canceled: the member says no at the provider.
    await nextIdentity({ error: "access_denied" });
    await accounts.getByRole("link", { name: "Привязать Discord" }).click();
    await page.waitForURL((url) => url.pathname === `/users/${me.id}/settings`);
    await expectNotice(page, "Вход отменен пользователем.");
    await closeNotices(page);

    // internal: anything else going wrong at the provider.
    await nextIdentity({ error: "server_error" });
    await accounts.getByRole("link", { name: "Привязать Twitch" }).click();
    await page.waitForURL((url) => url.pathname === `/users/${me.id}/settings`);
    await expectNotice(page, "Что-то пошло не так.");
    await closeNotices(page);

    // associated: a Twitch account another member signed up with.
    const other = await newContext();
    const otherPage = await other.newPage();
    const streamer = uniqueName("Стример");
    await nextIdentity({ sub: `e2e-twitch-${streamer}`, name: streamer });
    await otherPage.goto(`/auth/twitch/login?next=/`);
    await otherPage.waitForURL((url) => url.pathname === "/");
    await other.close();
    await nextIdentity({ sub: `e2e-twitch-${streamer}`, name: streamer });
    await accounts.getByRole("link", { name: "Привязать Twitch" }).click();
    await page.waitForURL((url) => url.pathname === `/users/${me.id}/settings`);
    await expectNotice(page, "Невозможно использовать аккаунт.");
    await screenshot(page, "social-notice-associated-darkorange-1280");

    // Shown once: a reload of the cleaned address shows none.
    await page.reload();
    await hydrated(page);
    expect(await page.locator(".notice", { hasText: "Невозможно использовать аккаунт." }).count()).toBe(0);

    // The other outcomes' notices, as the client reads them from the address.
    for (const [ecode, title] of [
      ["notallowed", "Регистрация закрыта."],
      ["unknown", "Что-то пошло не так."],
      ["email", "Активация аккаунта."],
    ] as const) {
      await page.goto(`/bonfire?ecode=${ecode}`);
      await hydrated(page);
      const notice = await expectNotice(page, title);
      expect(new URL(page.url()).pathname).toBe("/bonfire");
      if (ecode === "email") expect(await notice.getAttribute("class")).toContain("notice-success");
      else expect(await notice.getAttribute("class")).toContain("notice-error");
      await closeNotices(page);
    }
    await context.close();
  });

  it("adds gaming accounts and shows them on the public profile, with links and copy buttons", async () => {
    const context = await newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    const name = uniqueName("Геймер");
    const steamId = `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
    await nextIdentity({ sub: steamId, name });
    await page.goto("/auth/sign-up");
    await hydrated(page);
    await page.getByRole("link", { name: "Steam" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const me = await (await page.request.get("/api/v1/user/me/")).json();
    await page.goto(`/users/${me.id}/settings`);
    await hydrated(page);
    const section = page.locator("section.settings-section", {
      has: page.getByRole("heading", { name: "Игровые аккаунты" }),
    });

    await section.getByLabel("Сервис", { exact: true }).selectOption("nintendo");
    await section.getByLabel("Идентификатор", { exact: true }).fill("1234");
    await section.getByRole("button", { name: "Добавить" }).click();
    await section.getByText("Неверный идентификатор для Nintendo").waitFor();
    await section.getByLabel("Идентификатор", { exact: true }).fill("SW-1234-5678-9012");
    await section.getByRole("button", { name: "Добавить" }).click();
    await section.locator('li[data-schema="nintendo"]').waitFor();
    await section.getByLabel("Сервис", { exact: true }).selectOption("twitch");
    await section.getByLabel("Идентификатор", { exact: true }).fill("kostyor_live");
    await section.getByRole("button", { name: "Добавить" }).click();
    await section.locator('li[data-schema="twitch"]').waitFor();
    await section.getByLabel("Сервис", { exact: true }).selectOption("steam");
    await section.getByLabel("Идентификатор", { exact: true }).fill("76561198000000042");
    await section.getByRole("button", { name: "Добавить" }).click();
    await section.locator('li[data-schema="steam"]').waitFor();
    await screenshot(page, "social-gaming-settings-darkorange-1280");

    await page.goto(`/users/${me.id}`);
    await hydrated(page);
    const list = page.getByRole("list", { name: "Игровые аккаунты" });
    await expect
      .poll(() => list.getByRole("link", { name: /kostyor_live/ }).getAttribute("href"))
      .toBe("https://www.twitch.tv/kostyor_live");
    expect(await list.getByRole("link", { name: /76561198000000042/ }).getAttribute("href")).toBe(
      "https://steamcommunity.com/profiles/76561198000000042",
    );
    await list.getByRole("button", { name: /SW-1234-5678-9012/ }).click();
    await page.locator(".notice", { hasText: "Nintendo скопировано в буфер обмена." }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("SW-1234-5678-9012");
    await screenshot(page, "social-profile-darkorange-1280");
    await context.close();

    // A guest sees them too, on a phone in the light theme.
    const guest = await newContext({ viewport: { width: 390, height: 844 } });
    await guest.addCookies([{ name: "theme", value: "lightside", url: BASE_URL }]);
    const phone = await guest.newPage();
    await phone.goto(`/users/${me.id}`);
    await hydrated(phone);
    await phone
      .getByRole("list", { name: "Игровые аккаунты" })
      .getByRole("link", { name: /kostyor_live/ })
      .waitFor();
    await screenshot(phone, "social-profile-lightside-390");
    await phone.goto("/auth/sign-in");
    await hydrated(phone);
    await phone.getByRole("link", { name: "VK ID" }).waitFor();
    await screenshot(phone, "social-sign-in-lightside-390");
    await guest.close();
  });
});
