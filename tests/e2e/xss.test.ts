import type { APIResponse, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_6X4 } from "../factories/images";
import { BASE_URL, closeBrowser, hydrated, newContext, takeCspViolations, uniqueName } from "./browser";

/**
 * Stored and reflected XSS: a corpus of classic payloads goes through every text field a member has (post title,
 * headline, body — text, heading, code, spoiler title, link, picture caption and alt —, tags, comments, shouts,
 * shout picture captions, shout comments, the search query) and every page that shows them is opened, by the
 * author, by another member and by a guest (from the page cache too), and live over the websocket. Each payload
 * sets `window.__xss` or opens a dialog if it ever runs; the CSP listener of browser.ts fails the test on any
 * violation (a payload that got into the markup would be blocked by the CSP, and reported).
 */

afterAll(closeBrowser);

const PASSWORD = "Костёр-горит-2024-xss";
const run = (n: number) => `window.__xss=${n}`;

/** The corpus: markup, attribute breakouts, URLs, template syntax, mutation XSS, Unicode tricks. */
const PAYLOADS = [
  `<script>${run(1)}</script>`,
  `<img src=x onerror="${run(2)}">`,
  `<svg onload=${run(3)}>`,
  `"><script>${run(4)}</script>`,
  `'><img src=x onerror=${run(5)}>`,
  `javascript:${run(6)}`,
  `{{constructor.constructor('${run(7)}')()}}`,
  `</textarea><script>${run(8)}</script>`,
  `[ссылка](javascript:${run(9)})`,
  `data:text/html,<script>${run(10)}</script>`,
  `</script><script>${run(11)}</script>`,
  `<iframe src="javascript:${run(12)}"></iframe>`,
  `<a href="javascript:${run(13)}">жми</a>`,
  `<!--<script>--><script>${run(14)}</script>`,
  `\u202E<script>${run(15)}</script>`,
  `＜script＞${run(16)}＜/script＞`,
  `<scr\u200Bipt>${run(17)}</scr\u200Bipt>`,
  `\${${run(18)}}`,
  `<details open ontoggle=${run(19)}>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${run(20)}>`,
  `<img src=x onerror=alert(21)>`,
  `<style>@import "javascript:${run(22)}";</style>`,
  `\u2028\u2029<script>${run(23)}</script>`,
];

/** Payloads in the shapes that plain text turns into links: autolinks, @mentions, #tags. */
function linkPayloads(mention: string): string[] {
  return [
    `https://example.com/"><script>${run(31)}</script>`,
    `https://example.com/<img/src/onerror=${run(32)}>`,
    `http://example.com/?q=javascript:${run(33)}`,
    `javascript:${run(34)}//https://example.com`,
    `@${mention}<img src=x onerror=${run(35)}>`,
    `@"><svg onload=${run(36)}>`,
    `#тег"><svg onload=${run(37)}>`,
    `#<img src=x onerror=${run(38)}>`,
    `data:image/svg+xml,<svg onload=${run(39)}>`,
  ];
}

/** Tag names (the rules refuse <>{}\ — the rest must be safe anywhere a tag is shown). */
const TAG_PAYLOADS = [`"onmouseover="${run(41)}`, `javascript:${run(42)}`, `' autofocus onfocus='${run(43)}`];

// ─── a member driven through the API ───────────────────────────────────────────────────────────────────

interface Member {
  context: BrowserContext;
  page: Page;
  id: number;
  username: string;
}

async function csrf(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(BASE_URL);
  return cookies.find((c) => c.name.endsWith("csrftoken"))?.value ?? "";
}

async function api(member: Pick<Member, "context">, method: string, path: string, data?: unknown): Promise<unknown> {
  const res: APIResponse = await member.context.request.fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { "X-CSRFTOKEN": await csrf(member.context) },
    ...(data === undefined ? {} : data instanceof FormData ? { multipart: data } : { data }),
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A new member, signed up through the API (each context comes from its own address). */
async function signUp(prefix: string): Promise<Member> {
  const context = await newContext();
  await context.request.get(`${BASE_URL}/api/v1/user/csrf/`);
  const username = uniqueName(prefix);
  const me = (await api({ context }, "POST", "/auth/sign-up/", {
    username,
    email: `xss-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`,
    password: PASSWORD,
  })) as { id: number };
  return { context, page: await context.newPage(), id: me.id, username };
}

/** Watches a context for dialogs (alert, confirm, prompt): none may open. */
function watchDialogs(context: BrowserContext): void {
  context.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

function chunks(lines: string[], max: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const line of lines) {
    if (current && current.length + line.length + 1 > max) {
      out.push(current);
      current = "";
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) out.push(current);
  return out;
}

// ─── the content ───────────────────────────────────────────────────────────────────────────────────────

let author: Member;
let reader: Member;
let guest: { context: BrowserContext; page: Page };
const dialogs: string[] = [];
let postSlug = "";
let readerPostSlug = "";
let shoutIds: number[] = [];
let tagSlugs: string[] = [];
let commentId = 0;
const TITLE = `"><img src=x onerror=${run(51)}> Заголовок`;

function paragraph(text: string) {
  return { type: "paragraph", content: [{ type: "text", text }] };
}

beforeAll(async () => {
  author = await signUp("Автор");
  reader = await signUp("Читатель");
  const guestContext = await newContext();
  guest = { context: guestContext, page: await guestContext.newPage() };
  for (const context of [author.context, reader.context, guest.context]) watchDialogs(context);

  // The reader's post, which the author comments on (the reader is notified).
  const readerPost = (await api(reader, "POST", "/post/", { title: "Статья читателя" })) as { slug: string };
  readerPostSlug = readerPost.slug;
  await api(reader, "PATCH", `/post/${readerPostSlug}/`, {
    body: { type: "doc", content: [paragraph("Обычный текст.")] },
  });
  await api(reader, "POST", `/post/${readerPostSlug}/publish/`);

  // The author's post: every field of the editor.
  const draft = (await api(author, "POST", "/post/", { title: TITLE })) as { slug: string };
  postSlug = draft.slug;
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(PNG_6X4)], { type: "image/png" }), "picture.png");
  const image = (await api(author, "POST", `/post/${postSlug}/image/`, form)) as {
    url: string;
    width: number;
    height: number;
  };
  const body = {
    type: "doc",
    content: [
      ...PAYLOADS.map(paragraph),
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: PAYLOADS[3] }] },
      { type: "codeBlock", content: [{ type: "text", text: PAYLOADS.join("\n") }] },
      {
        type: "paragraph",
        content: [
          {
            type: "text",
            text: "ссылка с подвохом",
            marks: [{ type: "link", attrs: { href: `https://example.com/"><script>${run(52)}</script>` } }],
          },
        ],
      },
      {
        type: "image",
        attrs: { src: image.url, width: image.width, height: image.height, caption: PAYLOADS[1], alt: PAYLOADS[3] },
      },
      { type: "spoiler", attrs: { title: PAYLOADS[4] }, content: [paragraph(PAYLOADS[0])] },
      { type: "blockquote", content: [paragraph(PAYLOADS[2])] },
      { type: "bulletList", content: [{ type: "listItem", content: [paragraph(PAYLOADS[7])] }] },
    ],
  };
  await api(author, "PATCH", `/post/${postSlug}/`, {
    headline: PAYLOADS.slice(0, 8).join(" "),
    body,
    tags: TAG_PAYLOADS,
  });
  postSlug = ((await api(author, "POST", `/post/${postSlug}/publish/`)) as { slug: string }).slug;
  const post = (await api(author, "GET", `/post/${postSlug}/`)) as { tags: { slug: string }[] };
  tagSlugs = post.tags.map((t) => t.slug);

  // Comments: one per payload on the author's post, and the link shapes on the reader's post.
  for (const text of PAYLOADS) {
    const comment = (await api(author, "POST", "/comment/", { post_slug: postSlug, text })) as { id: number };
    commentId ||= comment.id;
  }
  for (const text of linkPayloads(reader.username))
    await api(author, "POST", "/comment/", { post_slug: readerPostSlug, text });

  // Shouts: the corpus as text (in pieces of at most 1000 characters), pictures with payload captions, comments.
  shoutIds = [];
  for (const text of chunks([...PAYLOADS, ...linkPayloads(reader.username)], 1000)) {
    shoutIds.push(((await api(author, "POST", "/shout/", { text })) as { id: number }).id);
  }
  const pictures = new FormData();
  pictures.append("text", `Картинки ${PAYLOADS[2]}`);
  for (const [i, caption] of [PAYLOADS[1], PAYLOADS[3], PAYLOADS[13]].entries()) {
    pictures.append("files", new Blob([Buffer.from(PNG_6X4)], { type: "image/png" }), `picture-${i}.png`);
    pictures.append("captions", caption);
  }
  shoutIds.push(((await api(author, "POST", "/shout/", pictures)) as { id: number }).id);
  for (const text of [PAYLOADS[0], PAYLOADS[7], ...linkPayloads(reader.username).slice(0, 5)]) {
    await api(author, "POST", "/shout-comment/", { shout_id: shoutIds[0], text });
  }
}, 120_000);

/** Opens a page and checks that nothing of the corpus ran there (the CSP check runs after each test). */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  if (await page.evaluate(() => document.contentType === "text/html")) await hydrated(page);
  await expectNothingRan(page, path);
}

async function expectNothingRan(page: Page, where: string): Promise<void> {
  // Give handlers (onerror of a broken image, ontoggle, onload) a moment to fire.
  await page.waitForTimeout(150);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), where).toBeUndefined();
  for (const frame of page.frames()) {
    const ran = await frame.evaluate(() => (window as unknown as { __xss?: unknown }).__xss).catch(() => undefined);
    expect(ran, `${where} (frame ${frame.url()})`).toBeUndefined();
  }
  expect(dialogs, where).toEqual([]);
}

function pagesOf(memberId: number): string[] {
  return [
    "/",
    "/?type=popular",
    `/posts/${postSlug}`,
    `/posts/${readerPostSlug}`,
    "/bonfire",
    ...shoutIds.map((id) => `/bonfire/${id}`),
    `/users/${memberId}`,
    `/users/${memberId}/shouts`,
    `/users/${memberId}/comments`,
    `/users/${memberId}/pictures`,
    ...tagSlugs.map((slug) => `/tags/${encodeURIComponent(slug)}`),
    ...tagSlugs.map((slug) => `/tags/${encodeURIComponent(slug)}?itemType=shouts`),
  ];
}

describe("an XSS corpus through every text field", () => {
  it("the detector works: a handler injected into one of our pages is blocked and reported", async () => {
    const page = await (await newContext()).newPage();
    await page.goto("/");
    await hydrated(page);
    await page.evaluate((payload) => {
      const box = document.createElement("div");
      box.innerHTML = payload;
      document.body.append(box);
    }, PAYLOADS[1]);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(takeCspViolations().join("\n")).toContain("script-src");
    await page.context().close();
  });

  it("names carry no markup: sign-up and rename refuse the corpus (the other profile fields are switches)", async () => {
    for (const username of [PAYLOADS[1], PAYLOADS[3], `x${TAG_PAYLOADS[0]}`, `Имя\u202Eрок`]) {
      const res = await author.context.request.patch(`${BASE_URL}/api/v1/user/rename/`, {
        data: { username },
        headers: { "X-CSRFTOKEN": await csrf(author.context) },
      });
      expect(res.status(), username).toBe(400);
    }
  });

  it("shows the payloads as text: the post's title is the heading, letter for letter", async () => {
    await visit(author.page, `/posts/${postSlug}`);
    expect(await author.page.getByRole("heading", { level: 1 }).textContent()).toBe(TITLE);
    expect(await author.page.getByText(PAYLOADS[0], { exact: true }).count()).toBeGreaterThan(0);
  });

  it("nothing runs on the pages the author sees", async () => {
    for (const path of pagesOf(author.id)) await visit(author.page, path);
    await visit(author.page, `/posts/${postSlug}?edit=${commentId}`);
    await visit(author.page, `/posts/${postSlug}?reply=${commentId}`);
  }, 180_000);

  it("nothing runs on the pages a guest sees, rendered and from the page cache", async () => {
    for (const path of pagesOf(author.id)) {
      await visit(guest.page, path);
      await visit(guest.page, path);
    }
  }, 180_000);

  it("nothing runs in the editor, which loads every field of the post", async () => {
    await visit(author.page, `/posts/${postSlug}/editor`);
    expect(await author.page.getByRole("textbox", { name: "Заголовок", exact: true }).inputValue()).toBe(TITLE);
    // A press in the draft's preview loads the editor.
    await author.page.getByRole("textbox", { name: "Текст статьи" }).click();
    await author.page.locator(".ProseMirror").waitFor();
    await author.page.keyboard.press("End");
    await author.page.keyboard.type(" ещё");
    await expectNothingRan(author.page, "editor");
  });

  it("nothing runs in the reader's notifications and in the activity sidebar", async () => {
    const page = reader.page;
    await visit(page, "/");
    await page.locator(".toolbar .toolbar-avatar").click();
    const notifications = page.locator("#sidebar-notifications");
    await expect.poll(() => notifications.locator(".stream-item").count()).toBeGreaterThan(0);
    await expectNothingRan(page, "notifications sidebar");
    await page.locator(".toolbar").getByRole("button", { name: "Активность" }).click();
    const activity = page.locator("#sidebar-activity");
    await expect.poll(() => activity.locator(".stream-item").count()).toBeGreaterThan(0);
    await expectNothingRan(page, "activity sidebar");
  });

  it("nothing runs when the payloads arrive live over the websocket", async () => {
    const page = reader.page;
    await visit(page, `/posts/${readerPostSlug}`);
    // The channel opens at the first idle moment after hydration: what is sent before it reaches no one.
    await page.waitForSelector('html[data-realtime="open"]', { state: "attached", timeout: 15_000 });
    const before = await page.locator("li.comment").count();
    await api(author, "POST", "/comment/", { post_slug: readerPostSlug, text: PAYLOADS.join("\n") });
    await expect.poll(() => page.locator("li.comment").count()).toBe(before + 1);
    await expectNothingRan(page, "live comment");

    await visit(page, "/bonfire");
    await page.waitForSelector('html[data-realtime="open"]', { state: "attached", timeout: 15_000 });
    await api(author, "POST", "/shout/", { text: chunks(PAYLOADS, 1000)[0] });
    await expect.poll(() => page.getByText(PAYLOADS[0], { exact: true }).count()).toBeGreaterThan(0);
    await expectNothingRan(page, "live shout");
  });

  it("nothing runs in search results, on the page and in the live panel", async () => {
    const page = reader.page;
    for (const type of ["post", "shout", "comment", "tag", "user"]) {
      for (const q of [PAYLOADS[0], PAYLOADS[3], PAYLOADS[10], TAG_PAYLOADS[0]]) {
        await visit(page, `/search?type=${type}&q=${encodeURIComponent(q)}`);
      }
    }
    await visit(page, "/");
    const box = page.locator("header").getByRole("search");
    for (const q of [PAYLOADS[3], "onerror", "script"]) {
      await box.getByLabel("Поиск", { exact: true }).fill(q);
      await page.waitForTimeout(600);
      await expectNothingRan(page, `search panel: ${q}`);
    }
  });

  it("the feeds stay well-formed XML and run nothing when opened", async () => {
    const page = guest.page;
    for (const path of ["/rss.xml", ...tagSlugs.map((slug) => `/tags/${encodeURIComponent(slug)}/rss.xml`)]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const xml = (await response?.text()) ?? "";
      const broken = await page.evaluate(
        (text) => new DOMParser().parseFromString(text, "application/xml").getElementsByTagName("parsererror").length,
        xml,
      );
      expect(broken, path).toBe(0);
      await expectNothingRan(page, path);
    }
  });
});
