import { deflateSync } from "node:zlib";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { BASE_URL, closeBrowser, hydrated, newContext, SCREENSHOTS, screenshot, signInAs } from "./browser";

const MEMBER_PASSWORD = "member-demo-2026";
afterAll(closeBrowser);

// ─── tiny real PNGs (made here with node:zlib: a gradient, so screenshots show pictures) ───────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG: a diagonal gradient from `from` to `to`. */
function png(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let i = 0; i < 3; i++) raw[row + 1 + x * 3 + i] = Math.round(from[i] + (to[i] - from[i]) * t);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SUNSET = { name: "sunset.png", mimeType: "image/png", buffer: png(640, 400, [255, 120, 40], [80, 20, 120]) };
const FOREST = { name: "forest.png", mimeType: "image/png", buffer: png(360, 480, [20, 90, 60], [200, 230, 120]) };
const SEA = { name: "sea.png", mimeType: "image/png", buffer: png(480, 320, [10, 60, 160], [150, 220, 255]) };

// ─── helpers ──────────────────────────────────────────────────────────────────────────────────────────────

async function channelOpen(page: Page): Promise<void> {
  await page.waitForSelector('html[data-realtime="open"]', { state: "attached", timeout: 15_000 });
}

function card(page: Page, text: string): Locator {
  return page.locator("article.shout-card", { hasText: text });
}

async function shoutId(locator: Locator): Promise<number> {
  const id = (await locator.first().getAttribute("id")) ?? "";
  return Number(/^shout-(\d+)$/.exec(id)?.[1]);
}

/** Scrolls through the page so lazy pictures load, waits for them, and goes back to the top. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener("load", resolve, { once: true });
              setTimeout(resolve, 3000);
            }),
      ),
    );
    window.scrollTo(0, 0);
  });
}

/** The open lightbox as the viewer sees it (its picture loaded, the fade-in over). */
async function lightboxShot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("dialog.lightbox .lightbox-img");
    return !!img && img.complete && img.naturalWidth > 0;
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

async function openMenu(shout: Locator): Promise<void> {
  await shout.locator(".shout-menu > summary").click();
}

/** Shared between the tests below (they run in order): the shout with two pictures. */
const shared: { id?: number; text?: string } = {};

describe("the bonfire in the browser", () => {
  it("posts a shout with two pictures, opens the lightbox, comments, paws, bookmarks and pins (JavaScript on)", async () => {
    const author = await (await newContext()).newPage();
    await signInAs(author, "Лисичка", MEMBER_PASSWORD);
    await author.goto("/bonfire");
    await hydrated(author);
    expect(await author.getByRole("heading", { level: 1, name: "Костёр" }).isVisible()).toBe(true);

    const stamp = Date.now().toString(36);
    const text = `Вечер у костра ${stamp}: закат над озером и лес. #скриншоты @Ведьмак, заглядывай!`;
    await author.getByLabel("Текст записки").fill(text);
    await author.locator('input[type="file"][name="files"]').setInputFiles([SUNSET, FOREST]);
    await expect.poll(() => author.locator(".composer-preview").count()).toBe(2);
    await author.getByLabel("Подпись к картинке 1").fill("Закат над озером");
    await author.getByLabel("Подпись к картинке 2").fill("Лес после дождя");
    await screenshot(author, "bonfire-composer-darkorange-1280");
    await author.getByRole("button", { name: "Опубликовать" }).click();

    const shout = card(author, stamp);
    await shout.waitFor({ timeout: 20_000 });
    await expect.poll(() => author.getByText("Записка опубликована.").isVisible()).toBe(true);
    expect(await author.locator(".composer-preview").count()).toBe(0);
    expect(await author.getByLabel("Текст записки").inputValue()).toBe("");
    const id = await shoutId(shout);
    expect(id).toBeGreaterThan(0);
    shared.id = id;
    shared.text = text;
    expect(await shout.locator(".media-grid-2 img").count()).toBe(2);
    expect(await shout.getByRole("link", { name: "#скриншоты" }).getAttribute("href")).toMatch(
      /^\/tags\/.+\?itemType=shouts$/,
    );
    expect(await shout.getByRole("link", { name: "@Ведьмак" }).count()).toBe(1);

    // The lightbox: opens on a picture, shows the caption and «1 из 2», pages with the arrows, closes on Esc.
    await shout.locator(".media-link").first().click();
    const box = author.locator("dialog.lightbox");
    await box.waitFor();
    expect(await box.locator(".lightbox-counter").textContent()).toBe("1 из 2");
    expect(await box.locator(".lightbox-caption").textContent()).toBe("Закат над озером");
    await lightboxShot(author, "bonfire-lightbox-1280");
    await author.keyboard.press("ArrowRight");
    await expect.poll(() => box.locator(".lightbox-counter").textContent()).toBe("2 из 2");
    expect(await box.locator(".lightbox-caption").textContent()).toBe("Лес после дождя");
    await box.getByRole("button", { name: "Следующее изображение" }).click();
    await expect.poll(() => box.locator(".lightbox-counter").textContent()).toBe("1 из 2");
    // Tab stays inside.
    for (let i = 0; i < 5; i++) await author.keyboard.press("Tab");
    expect(await author.evaluate(() => !!document.activeElement?.closest("dialog.lightbox"))).toBe(true);
    await author.keyboard.press("Escape");
    await expect.poll(() => box.count()).toBe(0);

    // The #tag leads to the tag's shouts.
    await shout.getByRole("link", { name: "#скриншоты" }).click();
    await author.waitForURL(/\/tags\/.+\?itemType=shouts$/);
    await card(author, stamp).waitFor();
    expect(await author.locator(".tag-switch .tab.is-active").textContent()).toContain("Записки");
    await settle(author);
    await screenshot(author, "tag-shouts-darkorange-1280");

    // The shout's page; the author keeps it open and sees a reader's comment arrive live.
    await author.goto(`/bonfire/${id}`);
    await hydrated(author);
    await channelOpen(author);
    const reader = await (await newContext()).newPage();
    await signInAs(reader, "Ведьмак", MEMBER_PASSWORD);
    await reader.goto(`/bonfire/${id}`);
    await hydrated(reader);
    await reader.getByLabel("Ваш комментарий").fill("Красота! Где это?");
    await reader.getByRole("button", { name: "Отправить" }).click();
    await expect.poll(() => reader.locator("li.comment").count()).toBe(1);
    await expect.poll(() => author.locator("li.comment").count(), { timeout: 15_000 }).toBe(1);
    expect(await author.locator("#comments-title").textContent()).toBe("1 комментарий");

    // A reply, on the author's side.
    await author.locator("li.comment").first().getByRole("button", { name: "Ответить" }).click();
    await author.getByLabel("Ваш ответ").fill("На Ладоге, прошлым летом.");
    await author.locator(".comment-form-reply").getByRole("button", { name: "Ответить" }).click();
    await expect.poll(() => author.locator("li.comment").count()).toBe(2);
    await expect.poll(() => reader.locator("li.comment").count(), { timeout: 15_000 }).toBe(2);
    expect(await reader.locator("li.comment.depth-2").count()).toBe(1);

    // Paw and bookmark by the reader; the author sees the paw live.
    const readerCard = reader.locator(`#shout-${id}`);
    await readerCard.getByRole("button", { name: "Лапка вверх" }).click();
    await expect.poll(() => readerCard.locator(".paw-score").first().textContent()).toContain("1");
    await expect
      .poll(() => author.locator(`#shout-${id} .paw-score`).first().textContent(), { timeout: 15_000 })
      .toContain("1");
    await readerCard.getByRole("button", { name: "В закладки" }).click();
    await expect.poll(() => readerCard.getByRole("button", { name: "Убрать из закладок" }).count()).toBe(1);
    const readerId = (await (await reader.request.get("/api/v1/user/me/")).json()).id as number;
    await reader.goto(`/users/${readerId}/bookmark-shouts`);
    await card(reader, stamp).waitFor();
    await screenshot(reader, "profile-bookmark-shouts-1280");

    // A comment paw (item type shout_comment).
    await reader.goto(`/bonfire/${id}`);
    await hydrated(reader);
    const reply = reader.locator("li.comment.depth-2 .comment-box").first();
    await reply.getByRole("button", { name: "Лапка вверх" }).click();
    await expect.poll(() => reply.locator(".paw-score").textContent()).toContain("1");

    // The moderator pins it (from the menu), sees it on the strip, and unpins it there after the question.
    const moderator = await (await newContext()).newPage();
    await signInAs(moderator, "Смотритель", "moder-demo-2026");
    await moderator.goto(`/bonfire/${id}`);
    await hydrated(moderator);
    const modCard = moderator.locator(`#shout-${id}`);
    await openMenu(modCard);
    await modCard.getByRole("button", { name: "Закрепить" }).click();
    await expect.poll(() => moderator.getByText("Записка закреплена.").isVisible()).toBe(true);
    await expect.poll(() => modCard.locator(".badge-pinned").count()).toBe(1);
    await moderator.goto("/bonfire");
    await hydrated(moderator);
    const strip = moderator.locator(".pinned-shouts");
    await strip.getByText(stamp).waitFor();
    await screenshot(moderator, "bonfire-pinned-darkorange-1280");
    await strip.getByRole("button", { name: "Убрать записку из закреплённых" }).first().click();
    await expect.poll(() => moderator.getByText("Убрать закрепленную публикацию?").isVisible()).toBe(true);
    await moderator.getByRole("button", { name: "Убрать", exact: true }).click();
    await expect.poll(() => moderator.getByText("Закрепленная публикация убрана.").isVisible()).toBe(true);
    // The demo content keeps its own pinned shout on the strip: only this one leaves it.
    await expect.poll(() => strip.getByText(stamp).count()).toBe(0);

    // Freezing closes the comments.
    await moderator.goto(`/bonfire/${id}`);
    await hydrated(moderator);
    await openMenu(modCard);
    await modCard.getByRole("button", { name: "Заморозить" }).click();
    await expect
      .poll(() => moderator.getByText("Записка заморожена: комментарии к ней закрыты.").isVisible())
      .toBe(true);
    expect(await moderator.getByLabel("Ваш комментарий").count()).toBe(0);
    await openMenu(modCard);
    await modCard.getByRole("button", { name: "Разморозить" }).click();
    await expect.poll(() => moderator.getByLabel("Ваш комментарий").count()).toBe(1);

    // The author's pictures page: a grid that opens the lightbox.
    const authorId = (await (await author.request.get("/api/v1/user/me/")).json()).id as number;
    await author.goto(`/users/${authorId}/pictures`);
    await hydrated(author);
    await expect.poll(() => author.locator(".picture-cell").count()).toBeGreaterThanOrEqual(2);
    await settle(author);
    await screenshot(author, "pictures-darkorange-1280");
    await author.locator(".picture-link").first().click();
    await author.locator("dialog.lightbox").waitFor();
    await author.keyboard.press("Escape");
    await expect.poll(() => author.locator("dialog.lightbox").count()).toBe(0);
  });

  it("edits inline, and sends a reader of a deleted shout back to the bonfire with the notice", async () => {
    const author = await (await newContext()).newPage();
    await signInAs(author, "Северянин", MEMBER_PASSWORD);
    await author.goto("/bonfire");
    await hydrated(author);
    await channelOpen(author);

    // A shout with a long text (clamped in the list) and a video link; another member sees it arrive live.
    const watcher = await (await newContext()).newPage();
    await signInAs(watcher, "Пиксель", MEMBER_PASSWORD);
    await watcher.goto("/bonfire");
    await hydrated(watcher);
    await channelOpen(watcher);

    const stamp = Date.now().toString(36);
    const long = [
      `Северный дневник ${stamp}.`,
      ...Array.from({ length: 12 }, (_, i) => `День ${i + 1}: снег, ветер и очередной босс, который не хочет падать.`),
    ].join("\n");
    await author.getByLabel("Текст записки").fill(long);
    await author.getByText("Добавить видео").click();
    await author
      .getByLabel("Ссылки на YouTube, VK Видео или Twitch — по одной в строке")
      .fill("https://youtu.be/dQw4w9WgXcQ");
    await author.getByRole("button", { name: "Опубликовать" }).click();
    const mine = card(author, stamp);
    await mine.waitFor({ timeout: 20_000 });
    const id = await shoutId(mine);
    const seen = card(watcher, stamp);
    await seen.waitFor({ timeout: 15_000 });
    expect(await seen.getByRole("link", { name: "Читать полностью" }).isVisible()).toBe(true);
    expect(await seen.locator(".post-embed").count()).toBe(1);
    // A click on the video's preview puts the provider's player in its place; the page stays.
    await seen.locator(".post-embed-preview").click();
    const player = seen.locator(".post-embed-loaded iframe");
    await player.waitFor();
    expect(await player.getAttribute("src")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
    );
    expect(await player.getAttribute("title")).toBe("Видео YouTube");
    expect(new URL(watcher.url()).pathname).toBe("/bonfire");
    await seen.getByRole("link", { name: "Читать полностью" }).click();
    await expect.poll(() => seen.getByRole("link", { name: "Читать полностью" }).count()).toBe(0);

    // Inline edit by the author; the watcher sees the new text live.
    await openMenu(mine);
    await mine.getByRole("button", { name: "Изменить" }).click();
    await mine.getByLabel("Текст записки").fill(`Северный дневник ${stamp}: короче, босс упал.`);
    await mine.getByRole("button", { name: "Сохранить" }).click();
    await expect.poll(() => mine.locator(".shout-text").textContent()).toContain("короче, босс упал");
    await expect
      .poll(() => seen.locator(".shout-text").textContent(), { timeout: 15_000 })
      .toContain("короче, босс упал");
    expect(await mine.getByText("(изменено)").count()).toBe(1);

    // The watcher opens the shout; the author deletes it; the watcher lands on the bonfire with the notice.
    await watcher.goto(`/bonfire/${id}`);
    await hydrated(watcher);
    await channelOpen(watcher);
    await openMenu(mine);
    await mine.getByRole("button", { name: "Удалить" }).click();
    await author.getByRole("button", { name: "Удалить", exact: true }).last().click();
    await expect.poll(() => author.getByText("Записка удалена.").isVisible()).toBe(true);
    await expect.poll(() => card(author, stamp).count()).toBe(0);
    await watcher.waitForURL((url) => url.pathname === "/bonfire", { timeout: 15_000 });
    await expect.poll(() => watcher.getByText("Открытая записка была удалена").isVisible()).toBe(true);
    // The notice stays (sticky) until closed.
    await watcher.waitForTimeout(5500);
    expect(await watcher.getByText("Открытая записка была удалена").isVisible()).toBe(true);
  });

  it("posts a shout with a picture, comments, paws and edits with JavaScript disabled", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAs(page, "Мурка", MEMBER_PASSWORD);
    await page.goto("/bonfire");

    // Nothing to post: the error shows under the field and the page stays.
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await page.locator(".composer-form .field-error").first().waitFor();
    expect(await page.locator(".composer-form .field-error").first().textContent()).toContain("Напишите текст записки");

    const stamp = Date.now().toString(36);
    await page.getByLabel("Текст записки").fill(`Мурка без JavaScript ${stamp}: море!`);
    await page.locator('input[type="file"][name="files"]').setInputFiles([SEA]);
    await page.getByLabel("Скрыть медиа").check();
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await page.waitForURL((url) => url.pathname === "/bonfire");
    const shout = card(page, stamp);
    await shout.waitFor();
    const id = await shoutId(shout);
    // Hidden media: behind «Показать медиа» (a <details>, opens without JavaScript).
    expect(await shout.locator(".media-img").isVisible()).toBe(false);
    await shout.getByText("Показать медиа").click();
    expect(await shout.locator(".media-img").isVisible()).toBe(true);
    expect(await shout.locator(".media-link").getAttribute("href")).toMatch(/^\/media\/.+\.webp$/);
    await screenshot(page, "bonfire-nojs-1280");

    // Paw on another member's shout (the first of Лисичка's from the test above).
    if (shared.id) {
      await page.goto(`/bonfire/${shared.id}`);
      const other = page.locator(`#shout-${shared.id}`);
      await other.getByRole("button", { name: "Лапка вверх" }).click();
      await page.waitForURL((url) => url.pathname === `/bonfire/${shared.id}`);
      expect(await page.locator(`#shout-${shared.id}`).getByRole("button", { name: "Убрать лапку" }).count()).toBe(1);
    }

    // A comment on her own shout, then an inline edit through ?edit=shout.
    await page.goto(`/bonfire/${id}`);
    await page.getByLabel("Ваш комментарий").fill("Комментарий без JavaScript");
    await page.getByRole("button", { name: "Отправить" }).click();
    await page.waitForURL(/\?comment=\d+/);
    await page.getByText("Комментарий без JavaScript").waitFor();

    const own = page.locator(`#shout-${id}`);
    await own.locator(".shout-menu > summary").click();
    await own.getByRole("link", { name: "Изменить" }).click();
    await page.waitForURL(/\?edit=shout/);
    await own.getByLabel("Текст записки").fill(`Мурка без JavaScript ${stamp}: море, изменено.`);
    await own.getByRole("button", { name: "Сохранить" }).click();
    await page.waitForURL((url) => url.pathname === `/bonfire/${id}` && !url.search.includes("edit"));
    expect(await page.locator(`#shout-${id} .shout-text`).textContent()).toContain("море, изменено");
    await context.close();
  });

  it("composes a shout with five pictures on a phone (390 px): previews, a removed picture, the 3-column grid", async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signInAs(page, "Странник", MEMBER_PASSWORD);
    await page.goto("/bonfire");
    await hydrated(page);
    const stamp = Date.now().toString(36);
    await page.getByLabel("Текст записки").fill(`Фотоальбом странника ${stamp}: пять остановок в пути.`);
    const input = page.locator('input[type="file"][name="files"]');
    await input.setInputFiles([SUNSET, FOREST, SEA]);
    await input.setInputFiles([FOREST, SUNSET, SEA]);
    await expect.poll(() => page.locator(".composer-preview").count()).toBe(6);
    await page.getByRole("button", { name: "Убрать картинку 6" }).click();
    await expect.poll(() => page.locator(".composer-preview").count()).toBe(5);
    await page.getByLabel("Подпись к картинке 1").fill("Первая стоянка");
    await page.locator(".shout-composer").screenshot({ path: `${SCREENSHOTS}/bonfire-composer-darkorange-390.png` });
    await page.getByRole("button", { name: "Опубликовать" }).click();
    const shout = card(page, stamp);
    await shout.waitFor({ timeout: 30_000 });
    expect(await shout.locator(".media-grid-many .media-img").count()).toBe(5);
    await settle(page);
    await screenshot(page, "bonfire-member-darkorange-390");
    // The lightbox on a phone: swipe-free buttons at the bottom, the caption of the first picture.
    await shout.locator(".media-link").first().click();
    await page.locator("dialog.lightbox").waitFor();
    expect(await page.locator(".lightbox-counter").textContent()).toBe("1 из 5");
    await page.getByRole("button", { name: "Предыдущее изображение" }).click();
    await expect.poll(() => page.locator(".lightbox-counter").textContent()).toBe("5 из 5");
    await page.locator("dialog.lightbox").getByRole("button", { name: "Закрыть" }).click();
    await expect.poll(() => page.locator("dialog.lightbox").count()).toBe(0);
    await context.close();
  });

  it("keeps relative times going: the page's one clock renders them again as it ticks", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/bonfire");
    const iso = (await page.locator("article.shout-card time[datetime]").first().getAttribute("datetime")) ?? "";
    const at = Date.parse(iso);
    expect(Number.isNaN(at)).toBe(false);
    // The browser's clock 30 s after that shout; the server wrote the text of its own time, which hydration keeps.
    await page.clock.install({ time: at + 30_000 });
    await page.goto("/bonfire");
    await hydrated(page);
    const time = page.locator(`article.shout-card time[datetime="${iso}"]`).first();
    await page.clock.fastForward(30_000);
    await expect.poll(() => time.textContent()).toBe("1 мин назад");
    await page.clock.fastForward("05:00");
    await expect.poll(() => time.textContent()).toBe("6 мин назад");
    await context.close();
  });

  for (const theme of ["darkorange", "lightside"] as const) {
    for (const width of [1280, 390]) {
      it(`renders the bonfire and a shout at ${width}px in ${theme}`, async () => {
        const context = await newContext({ viewport: { width, height: 900 } });
        await context.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
        const page = await context.newPage();
        const response = await page.goto("/bonfire");
        expect(response?.status()).toBe(200);
        expect(await page.locator("body").getAttribute("class")).toContain(`theme-${theme}`);
        expect(await page.getByText("Подсаживайтесь к костру").isVisible()).toBe(true);
        await settle(page);
        await screenshot(page, `bonfire-${theme}-${width}`);
        if (shared.id) {
          const shout = await page.goto(`/bonfire/${shared.id}`);
          expect(shout?.status()).toBe(200);
          expect(await page.title()).toContain("Вечер у костра");
          await settle(page);
          await screenshot(page, `shout-${theme}-${width}`);
          if (width === 390) {
            await hydrated(page);
            await page.locator(`#shout-${shared.id} .media-link`).first().click();
            await page.locator("dialog.lightbox").waitFor();
            await lightboxShot(page, `shout-lightbox-${theme}-${width}`);
          }
        }
        await context.close();
      });
    }
  }
});
