import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, hydrated, newContext, screenshot, signInAs } from "./browser";

const MEMBER_PASSWORD = "member-demo-2026";
afterAll(closeBrowser);

async function score(page: Page): Promise<string> {
  const text = (await page.locator(".post-footer .paw-score, .post-actions .paw-score").first().textContent()) ?? "";
  return /-?\d+/.exec(text)?.[0] ?? "";
}

/** Writes a post in the editor and publishes it; returns its path. */
async function writePost(page: Page, title: string): Promise<string> {
  await hydrated(page);
  await page.locator(".toolbar").getByRole("button", { name: "Написать" }).click();
  await page.waitForURL(/\/posts\/[^/]+\/editor$/);
  await hydrated(page);
  await page.getByLabel("Заголовок", { exact: true }).fill(title);
  await page.getByLabel("Теги").fill("ведьмак, обзор");
  const editor = page.locator(".ProseMirror");
  await editor.waitFor();
  await editor.click();
  await page.keyboard.type("Геральт снова в пути. Это тестовая статья о любимой игре.");
  await expect.poll(() => page.getByText("Все изменения сохранены.").isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await page.waitForURL((url) => /^\/posts\/[^/]+$/.test(url.pathname));
  return new URL(page.url()).pathname;
}

describe("posts in the browser", () => {
  it("writes and publishes a post, comments down past depth 5, paws and bookmarks (JavaScript on)", async () => {
    const author = await (await newContext()).newPage();
    await signInAs(author, "Ведьмак", MEMBER_PASSWORD);
    const title = `Ведьмак: тестовый обзор ${Date.now().toString(36)}`;
    const path = await writePost(author, title);
    await expect.poll(() => author.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await author.getByText("Геральт снова в пути.").isVisible()).toBe(true);
    expect(await author.getByRole("link", { name: "ведьмак" }).first().isVisible()).toBe(true);

    // Another member comments and replies six times: depths 1,2,3,4,5,5,5.
    const readerContext = await newContext();
    const reader = await readerContext.newPage();
    await signInAs(reader, "Северянин", MEMBER_PASSWORD);
    await reader.goto(path);
    await hydrated(reader);
    await reader.getByLabel("Ваш комментарий").fill("Первый! Отличный обзор.");
    await reader.getByRole("button", { name: "Отправить" }).click();
    await expect.poll(() => reader.locator("li.comment").count()).toBe(1);
    for (let i = 1; i <= 6; i++) {
      const last = reader.locator("li.comment").last();
      await last.getByRole("button", { name: "Ответить" }).first().click();
      await reader.getByLabel("Ваш ответ").fill(`Ответ номер ${i}`);
      await reader.locator(".comment-form-reply").getByRole("button", { name: "Ответить" }).click();
      await expect.poll(() => reader.locator("li.comment").count()).toBe(i + 1);
    }
    const depths = await reader
      .locator("li.comment")
      .evaluateAll((items) => items.map((li) => Number(/depth-(\d)/.exec(li.className)?.[1])));
    expect(depths).toEqual([1, 2, 3, 4, 5, 5, 5]);
    expect(await reader.locator("#comments").textContent()).toContain("7 комментариев");

    // Deleting asks first; cancelling keeps the comment, confirming removes it.
    const lastComment = reader.locator("li.comment").last();
    await lastComment.getByRole("button", { name: "Удалить" }).click();
    const dialog = reader.getByRole("dialog");
    await expect.poll(() => dialog.getByText("Удалить комментарий?").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Отмена" }).click();
    expect(await reader.locator("li.comment").count()).toBe(7);
    await lastComment.getByRole("button", { name: "Удалить" }).click();
    await dialog.getByRole("button", { name: "Удалить" }).click();
    await expect.poll(() => reader.getByText("Комментарий удалён.").isVisible()).toBe(true);
    await expect.poll(() => reader.locator("li.comment").count()).toBe(6);
    expect(await reader.locator("#comments").textContent()).toContain("6 комментариев");

    // With paw down enabled: a refused paw, paw up, then switch to down, then bookmark.
    const admin = await (await newContext()).newPage();
    await signInAs(admin, "admin@kostyor.local", "admin-demo-2026");
    const csrf = (await admin.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
    const setPawDown = async (enabled: boolean) => {
      const patched = await admin.request.patch("/api/v1/config/", {
        data: { is_paw_down_enabled: enabled },
        headers: { "X-CSRFTOKEN": csrf },
      });
      expect(patched.status()).toBe(200);
    };
    await setPawDown(true);
    await reader.reload();
    await hydrated(reader);
    const postActions = reader.locator(".post-footer, .post-actions").first();
    // A paw the site refuses (down paws switched off since the page loaded) says why and leaves the score alone.
    await setPawDown(false);
    await postActions.getByRole("button", { name: "Лапка вниз" }).click();
    await expect.poll(() => reader.getByText("Лапки вниз на сайте отключены.").isVisible()).toBe(true);
    expect(await reader.getByText("Лапка не поставлена.").isVisible()).toBe(true);
    expect(await score(reader)).toBe("0");
    await expect.poll(() => postActions.getByRole("button", { name: "Лапка вниз" }).isEnabled()).toBe(true);
    await setPawDown(true);
    await postActions.getByRole("button", { name: "Лапка вверх" }).click();
    await expect.poll(() => score(reader)).toBe("1");
    // The new score is said once, by the page's one announcer; the scores themselves are not live regions.
    await expect.poll(() => reader.locator("#announcer").textContent()).toBe("Счёт лапок: 1");
    expect(await reader.locator(".paw-score[aria-live]").count()).toBe(0);
    await postActions.getByRole("button", { name: "Лапка вниз" }).click();
    await expect.poll(() => score(reader)).toBe("-1");
    await expect.poll(() => reader.locator("#announcer").textContent()).toBe("Счёт лапок: -1");
    await reader.reload();
    expect(await score(reader)).toBe("-1");
    await hydrated(reader);
    await postActions
      .getByRole("button", { name: /В закладки|Добавить в закладки/ })
      .first()
      .click();
    await expect
      .poll(async () => {
        const res = await reader.request.get(`/api/v1/post${path.slice("/posts".length)}/`);
        return (await res.json()).is_bookmarked;
      })
      .toBe(true);
    await screenshot(reader, "post-darkorange-1280");

    // The moderator pins the post; it appears on the strip; unpinning asks first.
    const moderator = await (await newContext()).newPage();
    await signInAs(moderator, "Смотритель", "moder-demo-2026");
    await moderator.goto(path);
    await hydrated(moderator);
    await moderator.getByRole("button", { name: "Закрепить" }).first().click();
    await expect
      .poll(async () =>
        (await (await moderator.request.get("/api/v1/post/pinned/")).json()).results.map(
          (p: { title: string }) => p.title,
        ),
      )
      .toContain(title);
    await moderator.goto("/");
    await hydrated(moderator);
    const strip = moderator.locator(".pinned-strip");
    expect(await strip.getByText(title).isVisible()).toBe(true);
    await screenshot(moderator, "home-pinned-darkorange-1280");
    await strip.getByRole("button", { name: "Убрать из закреплённых" }).first().click();
    await expect.poll(() => moderator.getByText("Убрать закрепленную публикацию?").isVisible()).toBe(true);
    await moderator.getByRole("button", { name: "Убрать", exact: true }).click();
    await expect.poll(() => moderator.getByText("Закрепленная публикация убрана.").isVisible()).toBe(true);

    // The feeds list the post.
    const rss = await (await reader.request.get("/rss.xml")).text();
    expect(rss).toContain(title);
    const sitemap = await (await reader.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(path);

    await setPawDown(false);
  });

  it("shows the draft until the editor loads, puts the cursor where pressed, keeps the page when it fails", async () => {
    const author = await (await newContext()).newPage();
    await signInAs(author, "Ведьмак", MEMBER_PASSWORD);
    // The editor's code cannot arrive: the page keeps the draft and says so.
    const chunk = /\/assets\/post-editor\.client-[\w-]+\.js$/;
    await author.route(chunk, (route) => route.abort());
    await hydrated(author);
    await author.locator(".toolbar").getByRole("button", { name: "Написать" }).click();
    await author.waitForURL(/\/posts\/[^/]+\/editor$/);
    await hydrated(author);
    // The editor's page comes by a client navigation: the URL may change before it renders.
    await author.locator(".post-editor-preview").waitFor();
    expect(await author.locator(".post-editor-preview").count()).toBe(1);
    expect(await author.locator(".ProseMirror").count()).toBe(0);
    expect(await author.getByRole("button", { name: "Жирный" }).isDisabled()).toBe(true);
    // Any sign of the author at the page asks for the editor: a key here. (A press in the text would race the page's
    // own scroll after the navigation, which on a loaded machine may have asked already and taken the text box away
    // with the failed load; the press that places the cursor is checked below, with the editor's code.)
    await author.keyboard.press("Shift");
    await author.getByText("Редактор не загрузился. Обновите страницу, чтобы попробовать ещё раз.").waitFor();
    expect(await author.getByRole("heading", { name: "Черновик" }).isVisible()).toBe(true);
    expect(await author.getByLabel("Заголовок", { exact: true }).isVisible()).toBe(true);

    // With its code: a press in the preview's text loads the editor with the cursor in it.
    await author.unroute(chunk);
    await author.reload();
    await hydrated(author);
    expect(await author.locator(".ProseMirror").count()).toBe(0);
    await author.getByRole("textbox", { name: "Текст статьи" }).click();
    await author.locator(".ProseMirror").waitFor();
    await expect
      .poll(() => author.evaluate(() => document.activeElement?.classList.contains("ProseMirror")))
      .toBe(true);
    await author.keyboard.type("Черновик о Цири.");
    await expect.poll(() => author.getByText("Все изменения сохранены.").isVisible(), { timeout: 15_000 }).toBe(true);

    // The next visit shows the saved text in the preview, before any editor code has run.
    await author.reload();
    await hydrated(author);
    expect(await author.locator(".ProseMirror").count()).toBe(0);
    expect(await author.locator(".post-editor-preview").getByText("Черновик о Цири.").isVisible()).toBe(true);
  });

  it("keeps the page when a paw or a comment cannot reach the site, and says so beside it", async () => {
    const context = await newContext();
    const reader = await context.newPage();
    await signInAs(reader, "Северянин", MEMBER_PASSWORD);
    await reader.goto("/posts/vedmak-3-desyat-let-spustya-demo01");
    await hydrated(reader);
    const title = await reader.getByRole("heading", { level: 1 }).textContent();
    // The reactions' route modules arrive after hydration, when the page is idle (lib/action-modules.ts).
    await expect
      .poll(() =>
        reader.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/assets\/paw-/.test(e.name))),
      )
      .toBe(true);
    const before = await score(reader);
    await context.setOffline(true);

    const postActions = reader.locator(".post-footer, .post-actions").first();
    await postActions.getByRole("button", { name: /^(Лапка вверх|Убрать лапку)$/ }).click();
    const noConnection = "Нет связи с сайтом. Проверьте подключение и попробуйте ещё раз.";
    await expect.poll(() => reader.getByText(noConnection).isVisible()).toBe(true);
    expect(await reader.getByText("Лапка не поставлена.").isVisible()).toBe(true);
    expect(await score(reader)).toBe(before);
    expect(await reader.getByRole("heading", { level: 1 }).textContent()).toBe(title);

    // A comment: the form says so and keeps the text.
    await reader.getByLabel("Ваш комментарий").fill("Комментарий без связи");
    await reader.getByRole("button", { name: "Отправить" }).click();
    await expect.poll(() => reader.locator(".comment-form").getByText(noConnection).isVisible()).toBe(true);
    expect(await reader.getByLabel("Ваш комментарий").inputValue()).toBe("Комментарий без связи");
    expect(await reader.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    await context.setOffline(false);
  });

  it("comments and paws with JavaScript disabled", async () => {
    const writer = await (await newContext()).newPage();
    await signInAs(writer, "Пиксель", MEMBER_PASSWORD);
    const title = `Пиксельная статья ${Date.now().toString(36)}`;
    const path = await writePost(writer, title);

    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAs(page, "Мурка", MEMBER_PASSWORD);
    await page.goto(path);
    await page.getByLabel("Ваш комментарий").fill("Комментарий без JavaScript");
    await page.getByRole("button", { name: "Отправить" }).click();
    await page.waitForURL(/\?comment=\d+/);
    await page.getByText("Комментарий без JavaScript").waitFor();

    // «Ответить» submits the tree's GET form: the page comes back with the reply form open under the comment.
    const mine = page.locator("li.comment", { hasText: "Комментарий без JavaScript" }).first();
    await mine.getByRole("button", { name: "Ответить" }).first().click();
    await page.waitForURL(/\?reply=\d+#comment-\d+$/);
    await page.getByLabel("Ваш ответ").fill("Ответ без JavaScript");
    await page.locator(".comment-form-reply").getByRole("button", { name: "Ответить" }).click();
    await page.waitForURL(/\?comment=\d+/);
    await page.getByText("Ответ без JavaScript").waitFor();

    // An empty comment is refused at the field.
    await page.getByLabel("Ваш комментарий").fill("   ");
    await page.getByRole("button", { name: "Отправить" }).click();
    await page.locator(".comment-form-comment .field-error").first().waitFor();

    await page.goto(path);
    await page.locator(".post-footer, .post-actions").first().getByRole("button", { name: "Лапка вверх" }).click();
    await expect.poll(() => score(page)).toBe("1");
    expect(
      await page.locator(".post-footer, .post-actions").first().getByRole("button", { name: "Убрать лапку" }).count(),
    ).toBe(1);
    await screenshot(page, "post-nojs-1280");
    await context.close();

    for (const [theme, width] of [
      ["lightside", 390],
      ["darkorange", 390],
      ["lightside", 1280],
    ] as const) {
      const shot = await newContext({ viewport: { width, height: 900 } });
      await shot.addCookies([
        { name: "theme", value: theme, url: process.env.E2E_BASE_URL ?? "http://localhost:8787" },
      ]);
      const guest = await shot.newPage();
      await guest.goto(path);
      await screenshot(guest, `post-${theme}-${width}`);
      await guest.goto("/");
      await screenshot(guest, `home-posts-${theme}-${width}`);
      await shot.close();
    }
  });
});
