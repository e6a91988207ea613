import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../scripts/demo-users.mjs";
import { closeBrowser, hydrated, newContext, signInAs } from "./browser";

// The server renders pages with React's Node build and the busiest lists with lighter links
// (docs/decisions/0040-render-cpu.md): every page type must still hydrate without a mismatch, for a guest and for
// a member, and a comment's links must still navigate inside the app.
afterAll(closeBrowser);

const MEMBER_PASSWORD = "member-demo-2026";
/** React's production hydration errors (#418 text, #419, #423 and #425) and the development wording. */
const HYDRATION_ERROR = /Minified React error #4(18|19|23|25)|hydrat|did not match/i;

interface Watched {
  page: Page;
  errors: string[];
}

async function watchedPage(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  return { page, errors };
}

async function hydrationErrors(watched: Watched, path: string): Promise<string[]> {
  watched.errors.length = 0;
  const response = await watched.page.goto(path);
  expect(response?.status(), path).toBe(200);
  await hydrated(watched.page);
  // Recoverable errors are reported after hydration's commit: a network-idle page has reported them.
  await watched.page.waitForLoadState("networkidle");
  return watched.errors.filter((text) => HYDRATION_ERROR.test(text));
}

/** One of each page type from the demo data: a discussed post, its author and tag, a shout, search, the calendar. */
async function pagesToCheck(page: Page): Promise<string[]> {
  const list = await (await page.request.get("/api/v1/post/")).json();
  const post = list.results.find((p: { comments_count: number }) => p.comments_count > 0) ?? list.results[0];
  const shouts = await (await page.request.get("/api/v1/shout/")).json();
  const shout = (shouts.results ?? shouts)[0];
  const paths = ["/", `/posts/${post.slug}`, "/bonfire", `/users/${post.user.id}`, "/search?q=игра", "/calendar"];
  if (post.tags?.[0]) paths.push(`/tags/${post.tags[0].slug}`);
  if (shout) paths.push(`/bonfire/${shout.id}`);
  return paths;
}

/**
 * A member's up paw in `scope` (a comment's box, a post's card) pressed by keyboard: its state and the score flip,
 * and the focus stays on it once the markup is rewritten. Returns what the caller checks next.
 */
async function pawByKeyboard(page: Page, scope: Locator) {
  const up = scope.locator("button.paw-up");
  const score = async () => Number(/-?\d+/.exec((await scope.locator(".paw-score").textContent()) ?? "")?.[0]);
  const before = await score();
  const pressed = (await up.getAttribute("aria-pressed")) === "true";
  await up.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => up.getAttribute("aria-pressed")).toBe(pressed ? "false" : "true");
  await expect.poll(score).toBe(before + (pressed ? -1 : 1));
  await expect.poll(() => up.isEnabled()).toBe(true);
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
  await expect.poll(focused).toBe(pressed ? "Лапка вверх" : "Убрать лапку");
  return { up, score, before, pressed, focused };
}

describe("full renders hydrate", () => {
  it("finds a hydration mismatch when the server's HTML differs from the client's render (the check works)", async () => {
    const context = await newContext();
    const watched = await watchedPage(context);
    const paths = await pagesToCheck(watched.page);
    // The title in the HTML, not in the loader data the client renders from.
    await watched.page.route(
      (url) => url.pathname === "/",
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /<h1 class="page-title">[^<]*<\/h1>/,
          '<h1 class="page-title">Не то</h1>',
        );
        await route.fulfill({ response, body: html });
      },
    );
    expect(paths[0]).toBe("/");
    expect(await hydrationErrors(watched, "/")).not.toEqual([]);
    await context.close();
  });

  it("hydrates every page type without a mismatch, for a guest and for a member", async () => {
    for (const member of [false, true]) {
      const context = await newContext();
      const watched = await watchedPage(context);
      if (member) await signInAs(watched.page, "Северянин", MEMBER_PASSWORD);
      for (const path of await pagesToCheck(watched.page)) {
        expect(await hydrationErrors(watched, path), `${member ? "member" : "guest"} ${path}`).toEqual([]);
      }
      await context.close();
    }
  });

  it("follows a comment's author and time links inside the app (no document load, no route discovery request)", async () => {
    const context = await newContext();
    const { page } = await watchedPage(context);
    // Every route is in the client's manifest (react-router.config.ts): nothing asks the Worker for routes.
    const discovery: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/__manifest") discovery.push(request.url());
    });
    const list = await (await page.request.get("/api/v1/post/")).json();
    const post = list.results.find((p: { comments_count: number }) => p.comments_count > 0);
    await page.goto(`/posts/${post.slug}`);
    await hydrated(page);
    // The document brought the tree beside the hydration data (app/lib/sidecar.tsx); a data request brings it inline.
    const sidecar = page.locator("script#sidecar-comments");
    expect(await sidecar.count()).toBe(1);
    const comment = page.locator(".comment-box").first();
    const time = comment.locator("a.comment-time");
    const timeHref = (await time.getAttribute("href")) ?? "";
    expect(timeHref).toMatch(/\?comment=\d+#comment-\d+$/);
    // A marker on window survives client-side navigation only.
    await page.evaluate(() => {
      (window as unknown as { renderMark: number }).renderMark = 1;
    });
    await time.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === timeHref);
    await expect.poll(() => page.locator(".comment.is-highlighted").count()).toBe(1);
    expect(await sidecar.count()).toBe(0);
    const author = page.locator(".comment-box").first().locator("a.comment-author");
    const authorHref = (await author.getAttribute("href")) ?? "";
    expect(authorHref).toMatch(/^\/users\/\d+$/);
    await author.click();
    await page.waitForURL((url) => url.pathname === authorHref);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { renderMark?: number }).renderMark)).toBe(1);
    await page.goBack();
    await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === timeHref);
    expect(await page.evaluate(() => (window as unknown as { renderMark?: number }).renderMark)).toBe(1);
    expect(discovery).toEqual([]);
    await context.close();
  });

  it("keeps a comment's relative time going: its head is markup, which the page's clock brings up to date", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const list = await (await page.request.get("/api/v1/post/")).json();
    const post = list.results.find((p: { comments_count: number }) => p.comments_count > 0);
    await page.goto(`/posts/${post.slug}`);
    const stamp = page.locator(".comment-box a.comment-time time[datetime]").first();
    const iso = (await stamp.getAttribute("datetime")) ?? "";
    const at = Date.parse(iso);
    expect(Number.isNaN(at)).toBe(false);
    // The browser's clock 30 s after that comment; the server wrote the text of its own time.
    await page.clock.install({ time: at + 30_000 });
    await page.goto(`/posts/${post.slug}`);
    await hydrated(page);
    const time = page.locator(`.comment-box time[datetime="${iso}"]`).first();
    await page.clock.fastForward(30_000);
    await expect.poll(() => time.textContent()).toBe("1 мин назад");
    await page.clock.fastForward("05:00");
    await expect.poll(() => time.textContent()).toBe("6 мин назад");
    // The full date stays its tooltip.
    expect(await time.getAttribute("title")).toMatch(/^\d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2}$/);
    await context.close();
  });

  it("runs a comment's actions, written as markup, by mouse and by keyboard, keeping the keyboard's place", async () => {
    const guest = await newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await guest.newPage();
    const list = await (await page.request.get("/api/v1/post/")).json();
    const post = list.results.find((p: { comments_count: number }) => p.comments_count > 1);
    await page.goto(`/posts/${post.slug}`);
    await hydrated(page);
    // A guest's paw tells them to sign in; «Поделиться» copies the comment's link.
    const first = page.locator("li.comment .comment-box").first();
    await first.getByRole("button", { name: "Лапка вверх" }).click();
    await page.getByText("Войдите на сайт.").waitFor();
    const id = ((await first.locator("xpath=..").getAttribute("id")) ?? "").replace("comment-", "");
    await first.getByRole("button", { name: "Поделиться" }).click();
    await page.getByText("URL комментария скопировано в буфер обмена.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(`/posts/${post.slug}?comment=${id}#comment-${id}`, page.url()).toString(),
    );
    await guest.close();

    const context = await newContext();
    const member = await context.newPage();
    await signInAs(member, "Северянин", MEMBER_PASSWORD);
    await member.goto(`/posts/${post.slug}`);
    await hydrated(member);
    // Someone else's comment (it can be reported), by keyboard: the paw, and the focus stays on it.
    const box = member.locator(".comment-box", { has: member.getByRole("link", { name: "Пожаловаться" }) }).first();
    const { up, score, before, pressed, focused } = await pawByKeyboard(member, box);
    await member.keyboard.press("Enter");
    await expect.poll(score).toBe(before);
    await expect.poll(focused).toBe(pressed ? "Убрать лапку" : "Лапка вверх");

    // «Ответить» opens the reply form in place (its field takes the focus); «Отмена» closes it, back on the button.
    const reply = box.getByRole("button", { name: "Ответить" });
    await reply.focus();
    await member.keyboard.press("Enter");
    await expect.poll(() => member.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    expect(await reply.getAttribute("aria-expanded")).toBe("true");
    await member.locator(".comment-reply").getByRole("button", { name: "Отмена" }).click();
    await expect.poll(() => member.locator(".comment-reply").count()).toBe(0);
    expect(await reply.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => member.evaluate(() => document.activeElement?.textContent)).toBe("Ответить");

    // Focus the member took away (a click on the title) stays away when the comment's paws change over the channel.
    await up.focus();
    await member.locator("#post-title").click();
    const onPage = () => member.evaluate(() => document.activeElement === document.body);
    expect(await onPage()).toBe(true);
    const commentId = (await box.locator("xpath=..").getAttribute("id")) ?? "";
    const author = (await box.locator("a.comment-author > span").last().textContent()) ?? "";
    const other = await newContext();
    const pawer = await other.newPage();
    await signInAs(pawer, author === "Ведьмак" ? "Лисичка" : "Ведьмак", MEMBER_PASSWORD);
    await pawer.goto(`/posts/${post.slug}`);
    await hydrated(pawer);
    const theirs = pawer.locator(`#${commentId} > .comment-box button.paw-up`);
    const given = (await theirs.getAttribute("aria-pressed")) === "true";
    // The comment's author comes online: the member sees their dot, and it stays when the paws rewrite the comment.
    const online = await newContext();
    const authorPage = await online.newPage();
    const password = DEMO_USERS.find((user) => user.username === author)?.password;
    expect(password).toBeDefined();
    await signInAs(authorPage, author, password ?? "");
    await authorPage.goto("/");
    await hydrated(authorPage);
    const dot = box.locator(".comment-head .avatar-online");
    await expect.poll(() => dot.count()).toBe(1);
    const now = await score();
    await theirs.click();
    await expect.poll(score).toBe(now + (given ? -1 : 1));
    expect(await onPage()).toBe(true);
    expect(await dot.count()).toBe(1);
    await online.close();
    // The demo's paws as they were, for the files that run after this one on the same server.
    await theirs.click();
    await expect.poll(score).toBe(now);
    expect(await onPage()).toBe(true);
    await other.close();
    await context.close();
  });

  it("keeps the author's online dot on a comment whose edit form is opened", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, "Северянин", MEMBER_PASSWORD);
    const list = await (await page.request.get("/api/v1/post/")).json();
    await page.goto(`/posts/${list.results[0].slug}`);
    await hydrated(page);
    const mark = `dot${Date.now()}`;
    await page.locator(".comment-form-comment textarea").fill(`Проверка точки ${mark}`);
    await page.locator(".comment-form-comment").getByRole("button", { name: "Отправить" }).click();
    const box = page.locator(".comment-box", { hasText: mark });
    await box.waitFor();
    // The member is online: their own comment shows the dot, and opening its edit form builds a new head.
    const dot = box.locator(".comment-head .avatar-online");
    await expect.poll(() => dot.count()).toBe(1);
    await box.getByRole("button", { name: "Изменить" }).click();
    await box.locator("textarea").waitFor();
    expect(await dot.count()).toBe(1);
    // The demo as it was, for the files that run after this one on the same server.
    await box.getByRole("button", { name: "Отмена" }).click();
    await box.getByRole("button", { name: "Удалить" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Удалить" }).click();
    await expect.poll(() => page.locator(".comment-box", { hasText: mark }).count()).toBe(0);
    await context.close();
  });

  it("runs a post card's actions, written as markup, by mouse and by keyboard, and keeps its author's dot", async () => {
    // A guest: the paw and the bookmark tell them to sign in; the title navigates inside the app.
    const guest = await newContext();
    const page = await guest.newPage();
    await page.goto("/");
    await hydrated(page);
    const card = page.locator("article.post-card").first();
    expect(await card.locator("time.post-card-time[data-relative]").count()).toBe(1);
    await card.getByRole("button", { name: "Лапка вверх" }).click();
    await page.getByText("Войдите на сайт.").first().waitFor();
    await card.getByRole("button", { name: "В закладки" }).click();
    await page.getByText("чтобы добавлять статьи в закладки").waitFor();
    await page.evaluate(() => {
      (window as unknown as { renderMark: number }).renderMark = 1;
    });
    const title = card.locator("h2.post-card-title a");
    const href = (await title.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/posts\//);
    await title.click();
    await page.waitForURL((url) => url.pathname === href);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { renderMark?: number }).renderMark)).toBe(1);
    await guest.close();

    // A member, on a card of another member's post: the paw by keyboard (the focus stays on it), the bookmark.
    const context = await newContext();
    const member = await context.newPage();
    await signInAs(member, "Северянин", MEMBER_PASSWORD);
    const list = await (await member.request.get("/api/v1/post/")).json();
    const post = list.results.find(
      (p: { user: { username: string } }) =>
        p.user.username !== "Северянин" && DEMO_USERS.some((user) => user.username === p.user.username),
    );
    expect(post).toBeDefined();
    await member.goto("/");
    await hydrated(member);
    const mine = member.locator(`#post-${post.id}`);
    const { up, score, before, pressed, focused } = await pawByKeyboard(member, mine);
    const bookmark = mine.locator("button.bookmark-btn");
    const marked = (await bookmark.getAttribute("aria-pressed")) === "true";
    const bookmarked = async () =>
      (await (await member.request.get(`/api/v1/post/${post.slug}/`)).json()).is_bookmarked as boolean;
    await bookmark.click();
    await expect.poll(() => bookmark.getAttribute("aria-pressed")).toBe(marked ? "false" : "true");
    await expect.poll(bookmarked).toBe(!marked);

    // The card's author comes online: the member sees the dot, and it stays when the paw rewrites the card.
    const online = await newContext();
    const authorPage = await online.newPage();
    const password = DEMO_USERS.find((user) => user.username === post.user.username)?.password ?? "";
    await signInAs(authorPage, post.user.username, password);
    await authorPage.goto("/");
    await hydrated(authorPage);
    const dot = mine.locator(".post-card-meta .avatar-online");
    await expect.poll(() => dot.count()).toBe(1);
    await up.focus();
    await member.keyboard.press("Enter");
    await expect.poll(score).toBe(before);
    await expect.poll(focused).toBe(pressed ? "Убрать лапку" : "Лапка вверх");
    expect(await dot.count()).toBe(1);
    await online.close();
    // The demo's bookmarks as they were, for the files that run after this one on the same server.
    await bookmark.click();
    await expect.poll(bookmarked).toBe(marked);
    await context.close();
  });

  it("asks the server for a route the client's manifest lacks (a tab opened before a deploy that added it)", async () => {
    const context = await newContext();
    const { page } = await watchedPage(context);
    // The first page gets a manifest without the bonfire's route, as a build from before that route would have had.
    await page.route(
      /\/assets\/manifest-[\w-]+\.js$/,
      async (route) => {
        const response = await route.fetch();
        const text = await response.text();
        const prefix = "window.__reactRouterManifest=";
        expect(text.startsWith(prefix)).toBe(true);
        const manifest = JSON.parse(text.slice(prefix.length).replace(/;\s*$/, ""));
        expect(manifest.routes["routes/bonfire/index"]).toBeDefined();
        delete manifest.routes["routes/bonfire/index"];
        await route.fulfill({ response, body: `${prefix}${JSON.stringify(manifest)};` });
      },
      { times: 1 },
    );
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { renderMark: number }).renderMark = 1;
    });
    await page.locator("a[href='/bonfire']").first().click();
    await page.waitForURL((url) => url.pathname === "/bonfire");
    // The document was asked for: the server's bonfire, not the client's «Страница не найдена».
    await expect.poll(() => page.locator(".shout-card").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { renderMark?: number }).renderMark)).toBeUndefined();
    await expect.poll(() => page.getByText("Страница не найдена").count()).toBe(0);
    await context.close();
  });
});
