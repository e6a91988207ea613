import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { BASE_URL, closeBrowser, hydrated, newContext, screenshot, signInAs } from "./browser";

const MEMBER_PASSWORD = "member-demo-2026";
afterAll(closeBrowser);

/** Waits until the page's realtime channel is open (the provider mirrors its state on <html data-realtime>). */
async function channelOpen(page: Page): Promise<void> {
  await page.waitForSelector('html[data-realtime="open"]', { state: "attached", timeout: 15_000 });
}

/** The newest published post by none of these members (so they may paw it). */
async function firstPostPath(page: Page, notBy: string[] = []): Promise<string> {
  const res = await page.request.get(`${BASE_URL}/api/v1/post/`);
  const { results } = (await res.json()) as { results: { slug: string; user: { username: string } }[] };
  const slug = results.find((p) => !notBy.includes(p.user.username))?.slug;
  if (!slug) throw new Error("no published post in the demo content");
  return `/posts/${slug}`;
}

async function control(action: "stop" | "start"): Promise<void> {
  const url = process.env.E2E_CONTROL_URL;
  if (!url) throw new Error("E2E_CONTROL_URL is not set (run through scripts/e2e.mjs)");
  const res = await fetch(`${url}/${action}`, { method: "POST" });
  if (res.status !== 204) throw new Error(`${action}: ${res.status} ${await res.text()}`);
}

/** Runs SQL against the stopped server's local D1 (what happens while a client cannot hear about it). */
function sqlWhileStopped(sql: string): void {
  const state = process.env.E2E_STATE;
  if (!state) throw new Error("E2E_STATE is not set");
  const bin = path.resolve("node_modules", ".bin");
  execFileSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--command", sql], {
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

describe("realtime in the browser", () => {
  it("a comment and a paw from one member appear for another without a reload", async () => {
    const writer = await (await newContext()).newPage();
    await signInAs(writer, "Лисичка", MEMBER_PASSWORD);
    const reader = await (await newContext()).newPage();
    await signInAs(reader, "Пиксель", MEMBER_PASSWORD);
    const postPath = await firstPostPath(writer, ["Лисичка", "Пиксель"]);
    // Who is online comes over the channel as it opens, not from a request of its own per page load.
    const metaRequests: string[] = [];
    reader.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/v1/user/meta")) metaRequests.push(request.url());
    });

    for (const page of [writer, reader]) {
      await page.goto(postPath);
      await hydrated(page);
      await channelOpen(page);
    }
    await reader.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const text = `Живой комментарий ${Date.now().toString(36)}`;
    await writer.getByLabel("Ваш комментарий").fill(text);
    await writer.getByRole("button", { name: "Отправить" }).click();

    const arrived = reader.locator("li.comment", { hasText: text });
    await expect.poll(() => arrived.count()).toBe(1);
    // Both are signed in, so the writer shows as online on the reader's page.
    await expect.poll(() => arrived.locator(".avatar-online").count()).toBeGreaterThan(0);
    expect(metaRequests).toEqual([]);
    expect(await reader.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // A paw from the reader moves the score on the writer's page.
    const scoreOf = async (page: Page) =>
      /-?\d+/.exec((await page.locator(".post-footer .paw-score").first().textContent()) ?? "")?.[0];
    const before = Number(await scoreOf(writer));
    const paws = reader.locator(".post-footer");
    const up = paws.getByRole("button", { name: "Лапка вверх" });
    const wasPressed = (await up.getAttribute("aria-pressed")) === "true";
    await up.click();
    await expect.poll(() => scoreOf(writer)).toBe(String(before + (wasPressed ? -1 : 1)));
    await screenshot(reader, "realtime-live-comment-1280");

    // Presence changes reach the avatars live: the writer leaves and their dots go, comes back and they return.
    const context = writer.context();
    await writer.close();
    await expect.poll(() => arrived.locator(".avatar-online").count()).toBe(0);
    const back = await context.newPage();
    await back.goto(postPath);
    await channelOpen(back);
    await expect.poll(() => arrived.locator(".avatar-online").count()).toBeGreaterThan(0);
  });

  it("comment counts on the index and the bonfire move without a reload", async () => {
    const reader = await (await newContext()).newPage();
    const writer = await (await newContext()).newPage();
    await signInAs(writer, "Лисичка", MEMBER_PASSWORD);
    const csrf = (await writer.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
    const headers = { "X-CSRFTOKEN": csrf };
    const countIn = async (selector: string) => Number(await reader.locator(selector).first().textContent());

    const { results: posts } = (await (await writer.request.get(`${BASE_URL}/api/v1/post/`)).json()) as {
      results: { id: number; slug: string }[];
    };
    await reader.goto("/");
    await hydrated(reader);
    await channelOpen(reader);
    const onCard = `#post-${posts[0].id} .post-card-comments span`;
    const before = await countIn(onCard);
    const res = await writer.request.post(`${BASE_URL}/api/v1/comment/`, {
      data: { post_slug: posts[0].slug, text: `Считаем ${Date.now().toString(36)}` },
      headers,
    });
    expect(res.status()).toBe(201);
    await expect.poll(() => countIn(onCard)).toBe(before + 1);
    const { id: commentId } = (await res.json()) as { id: number };
    expect((await writer.request.delete(`${BASE_URL}/api/v1/comment/${commentId}/`, { headers })).status()).toBe(200);
    await expect.poll(() => countIn(onCard)).toBe(before);

    const shout = await writer.request.post(`${BASE_URL}/api/v1/shout/`, {
      data: { text: `Записка для счёта ${Date.now().toString(36)}` },
      headers,
    });
    expect(shout.status()).toBe(201);
    const { id: shoutId } = (await shout.json()) as { id: number };
    await reader.goto("/bonfire");
    await hydrated(reader);
    await channelOpen(reader);
    const onShout = `#shout-${shoutId} .shout-comments span`;
    const shoutBefore = await countIn(onShout);
    const shoutRes = await writer.request.post(`${BASE_URL}/api/v1/shout-comment/`, {
      data: { shout_id: shoutId, text: `У костра ${Date.now().toString(36)}` },
      headers,
    });
    expect(shoutRes.status()).toBe(201);
    await expect.poll(() => countIn(onShout)).toBe(shoutBefore + 1);
  });

  it("a post published meanwhile is announced above the list and loads on a click", async () => {
    const reader = await (await newContext()).newPage();
    await reader.goto("/");
    await hydrated(reader);
    await channelOpen(reader);

    const writer = await (await newContext()).newPage();
    await signInAs(writer, "Странник", MEMBER_PASSWORD);
    const csrf = (await writer.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
    const headers = { "X-CSRFTOKEN": csrf };
    const title = `Свежая статья ${Date.now().toString(36)}`;
    const created = (await (
      await writer.request.post(`${BASE_URL}/api/v1/post/`, { data: { title }, headers })
    ).json()) as {
      slug: string;
    };
    const body = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "Текст свежей статьи." }] }],
    };
    expect(
      (await writer.request.patch(`${BASE_URL}/api/v1/post/${created.slug}/`, { data: { body }, headers })).status(),
    ).toBe(200);
    expect((await writer.request.post(`${BASE_URL}/api/v1/post/${created.slug}/publish/`, { headers })).status()).toBe(
      200,
    );
    await writer.context().close();

    const banner = reader.getByRole("button", { name: "Показать 1 новую статью" });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await reader.getByText(title).count()).toBe(0);
    await banner.click();
    await expect.poll(() => reader.getByRole("link", { name: title }).count()).toBeGreaterThan(0);
    await expect.poll(() => banner.isVisible()).toBe(false);
  });

  it("shows the reconnect state while the server is down and re-syncs what was missed when it is back", async () => {
    const reader = await (await newContext()).newPage();
    await signInAs(reader, "Мурка", MEMBER_PASSWORD);
    const postPath = await firstPostPath(reader);
    await reader.goto(postPath);
    await hydrated(reader);
    await channelOpen(reader);
    await reader.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const slug = postPath.split("/").pop() ?? "";

    const t0 = Date.now();
    const step = (name: string) => console.log(`[realtime e2e] ${name} +${Date.now() - t0} ms`);
    await control("stop");
    step("stopped");
    try {
      const indicator = reader.locator(".toolbar .reconnect-indicator");
      await expect.poll(() => indicator.getAttribute("data-state"), { timeout: 25_000 }).toBe("reconnecting");
      expect((await indicator.textContent())?.length).toBeGreaterThan(5);
      await screenshot(reader, "realtime-reconnecting-1280");
      step("reconnecting shown");

      // Written while the channel is down: no event can reach the reader.
      const missed = `Пропущенный комментарий ${Date.now().toString(36)}`;
      sqlWhileStopped(
        `INSERT INTO comments (post_id, user_id, depth, path, text) SELECT p.id, u.id, 1, '', '${missed}' ` +
          `FROM posts p, users u WHERE p.slug = '${slug}' AND u.username = 'Ведьмак'; ` +
          `UPDATE comments SET path = printf('%010d', id) WHERE path = ''; ` +
          `UPDATE posts SET comments_count = comments_count + 1 WHERE slug = '${slug}';`,
      );

      step("missed comment written");
      await control("start");
      step("started");
      await expect.poll(() => indicator.getAttribute("data-state"), { timeout: 30_000 }).toBe("syncing");
      await expect.poll(() => reader.locator("li.comment", { hasText: missed }).count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => indicator.getAttribute("data-state"), { timeout: 10_000 }).toBe("idle");
      expect(await reader.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    } finally {
      // Leave a running server for the next test file whatever happened.
      await fetch(`${BASE_URL}/api/v1/config/`).catch(() => control("start"));
    }
  }, 180_000);

  it("the notifications sidebar fills live and marks one and then all as read", async () => {
    const author = await (await newContext()).newPage();
    await signInAs(author, "Ведьмак", MEMBER_PASSWORD);
    await hydrated(author);
    await channelOpen(author);
    const posts = (await (await author.request.get(`${BASE_URL}/api/v1/post/`)).json()) as {
      results: { slug: string; user: { username: string } }[];
    };
    const own = posts.results.find((p) => p.user.username === "Ведьмак");
    if (!own) throw new Error("Ведьмак has no published post in the demo content");

    const toggle = author.locator(".toolbar .toolbar-avatar");
    const unread = async () => Number(/(\d+)/.exec((await toggle.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
    const before = await unread();

    for (const name of ["Северянин", "Геймер_42"]) {
      const commenter = await (await newContext()).newPage();
      await signInAs(commenter, name, MEMBER_PASSWORD);
      const csrf = (await commenter.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
      const res = await commenter.request.post(`${BASE_URL}/api/v1/comment/`, {
        data: { post_slug: own.slug, text: `${name} комментирует статью Ведьмака` },
        headers: { "X-CSRFTOKEN": csrf },
      });
      expect(res.status()).toBe(201);
      await commenter.context().close();
    }
    // The count on the toggle grows without a reload.
    await expect.poll(unread).toBe(before + 2);

    await toggle.click();
    const sidebar = author.locator("#sidebar-notifications");
    await expect.poll(() => sidebar.locator(".stream-item.is-unread").count()).toBeGreaterThanOrEqual(2);
    await screenshot(author, "notifications-sidebar-1280");

    // Opening one marks it read and goes to it.
    await sidebar
      .locator(".stream-item.is-unread", { hasText: "Геймер_42" })
      .locator("a.stream-item-title")
      .first()
      .click();
    await author.waitForURL((url) => url.pathname === `/posts/${own.slug}`);
    await expect.poll(unread).toBe(before + 1);

    // The sidebar closed on navigation (not pinned); "Прочитать все" clears the rest.
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    await toggle.click();
    await sidebar.getByRole("button", { name: "Прочитать все" }).click();
    await expect.poll(unread).toBe(0);
    await expect.poll(() => sidebar.locator(".stream-item.is-unread").count()).toBe(0);

    // A pinned sidebar stays open across navigation.
    await sidebar.getByRole("button", { name: "Закрепить уведомления" }).click();
    await expect.poll(() => sidebar.getByRole("button", { name: "Открепить уведомления" }).count()).toBe(1);
    await author.locator(".toolbar").getByRole("link", { name: "Статьи" }).first().click();
    await author.waitForURL((url) => url.pathname === "/");
    await author.waitForTimeout(300);
    expect(await sidebar.isVisible()).toBe(true);
    await sidebar.getByRole("button", { name: "Открепить уведомления" }).click();
    await expect.poll(() => sidebar.getByRole("button", { name: "Закрепить уведомления" }).count()).toBe(1);
  });
});
