import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe";
import { BASE_URL, closeBrowser, hydrated, newContext, screenshot, signInAs } from "./browser";

const MEMBER_PASSWORD = "member-demo-2026";
const MODERATOR = { login: "moder@kostyor.local", password: "moder-demo-2026" };
const ADMIN = { login: "admin@kostyor.local", password: "admin-demo-2026" };

let contexts: BrowserContext[] = [];

async function signedIn(login: string, password: string): Promise<Page> {
  const context = await newContext();
  contexts.push(context);
  const page = await context.newPage();
  await signInAs(page, login, password);
  return page;
}

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => /csrf/i.test(c.name))?.value ?? "";
}

async function api<T>(page: Page, method: "GET" | "POST" | "PATCH", path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`${BASE_URL}${path}`, {
    method,
    data,
    headers: { "X-CSRFTOKEN": await csrf(page) },
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

type Notification = { pre_title: string; title: string };
const notificationsOf = async (page: Page) =>
  (await api<{ results: Notification[] }>(page, "GET", "/api/v1/notification/")).results;

beforeAll(() => {
  contexts = [];
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
});

describe("reports and the moderators' page", () => {
  it("a member reports a shout from its menu; a moderator hides it from /admin/moderation; the reporter is told", async () => {
    const author = await signedIn("Странник", MEMBER_PASSWORD);
    const text = `Покупайте золото у нас, дёшево ${Date.now()}`;
    const shout = await api<{ id: number }>(author, "POST", "/api/v1/shout/", { text });

    const reporter = await signedIn("Ведьмак", MEMBER_PASSWORD);
    await reporter.goto(`/bonfire/${shout.id}`);
    await hydrated(reporter);
    await reporter.locator(`#shout-${shout.id} .shout-menu summary`).click();
    await reporter.getByRole("link", { name: "Пожаловаться" }).click();
    await reporter.waitForURL((url) => url.pathname === `/report/shout/${shout.id}`);
    await reporter.getByRole("heading", { name: "Пожаловаться на записку" }).waitFor();
    await reporter.getByLabel("Спам").check();
    await reporter.getByRole("button", { name: "Отправить жалобу" }).click();
    await reporter.getByText("Спасибо! Модераторы рассмотрят жалобу.").waitFor();

    const moderator = await signedIn(MODERATOR.login, MODERATOR.password);
    await moderator.goto("/admin/moderation");
    await hydrated(moderator);
    const card = moderator.locator(".case-card", { hasText: text });
    await card.waitFor();
    expect(await card.getByText("Спам").count()).toBeGreaterThan(0);
    const sanction = await card.getByRole("link", { name: "Наказать автора" }).getAttribute("href");
    expect(decodeURIComponent(sanction ?? "")).toContain("Жалобы (спам) на записку");
    await card.getByRole("button", { name: "Скрыть из ленты" }).click();
    await moderator.locator(".case-card", { hasText: text }).waitFor({ state: "detached" });
    const hidden = await api<{ is_muted: boolean }>(moderator, "GET", `/api/v1/shout/${shout.id}/`);
    expect(hidden.is_muted).toBe(true);

    await expect
      .poll(async () => (await notificationsOf(reporter)).find((n) => n.title === "содержимое скрыто")?.pre_title)
      .toBe("Ваша жалоба на записку рассмотрена:");
    // The audit log tells who did it.
    await moderator.goto(`/admin/audit?actor=${encodeURIComponent("Смотритель")}`);
    const log = moderator.locator(".audit-list");
    await log.getByText("Жалоба: содержимое скрыто").first().waitFor();
    await log.getByText("Скрытие записки").first().waitFor();
  });

  it("a member joins a role on /roles and is notified when someone mentions it", async () => {
    // A role of its own, so that the demo roles' members get no notifications from this test.
    const admin = await signedIn(ADMIN.login, ADMIN.password);
    const role = `Рейд${Date.now().toString(36)}`;
    await api(admin, "POST", "/api/v1/role/", {
      name: role,
      color: "#c0392b",
      is_joinable: true,
      is_mentionable: true,
    });

    const member = await signedIn("Северянин", MEMBER_PASSWORD);
    await member.goto("/roles");
    await hydrated(member);
    await member.getByRole("button", { name: `Вступить в «${role}»` }).click();
    await member.getByText("Вы вступили в роль.").waitFor();
    await member.getByRole("button", { name: `Выйти из «${role}»` }).waitFor();
    const me = await api<{ roles: string[] }>(member, "GET", "/api/v1/user/me/");
    expect(me.roles).toContain(role);

    const author = await signedIn("Пиксель", MEMBER_PASSWORD);
    await api(author, "POST", "/api/v1/shout/", { text: `@${role}, сегодня в девять собираемся в рейд, заходите!` });
    const told = `упомянул(а) роль @${role} в записке`;
    await expect.poll(async () => (await notificationsOf(member)).some((n) => n.pre_title === told)).toBe(true);
    // The profile shows the role.
    await member.goto("/");
    const profile = await member.locator(".user-card-profile").first().getAttribute("href");
    await member.goto(profile ?? "/");
    await member.locator(".role-badge", { hasText: role }).first().waitFor();
  });

  it("the moderation, audit and roles pages: accessible, at 1280 and 390 px in darkorange and lightside", {
    timeout: 300_000,
  }, async () => {
    const admin = await signedIn(ADMIN.login, ADMIN.password);
    const member = await signedIn("Мурка", MEMBER_PASSWORD);
    for (const path of ["/admin/moderation", "/admin/audit", "/admin/roles"]) {
      const response = await member.goto(path);
      expect(response?.status(), path).toBe(403);
    }
    const pages = [
      ["moderation", "/admin/moderation"],
      ["audit", "/admin/audit"],
      ["roles-admin", "/admin/roles"],
      ["roles", "/roles"],
    ] as const;
    try {
      for (const theme of ["darkorange", "lightside"] as const) {
        await api(admin, "PATCH", "/api/v1/user/me/", { theme });
        for (const width of [1280, 390]) {
          await admin.setViewportSize({ width, height: 900 });
          for (const [name, path] of pages) {
            await admin.goto(path);
            await hydrated(admin);
            expect(await admin.locator("body").getAttribute("class")).toContain(`theme-${theme}`);
            expect(describeViolations(await axeViolations(admin)), `${path} ${theme} ${width}`).toEqual([]);
            await screenshot(admin, `${name}-${theme}-${width}`);
          }
        }
      }
    } finally {
      await api(admin, "PATCH", "/api/v1/user/me/", { theme: "darkorange" });
    }
  });
});
