// Accessibility and search engines, for every page type in every theme, for a guest and for a member (the admin,
// who also sees the admin page and the moderation controls): axe-core finds no violation, at 1280 and at 390 px;
// the page loads without console errors; it has a title, a description, a valid canonical link, and the pages with
// a feed link it. One browser, one guest context and one signed-in context reused; a page type's guest view and
// member view are checked side by side (one waits for the server while the other runs axe).
// Every rule runs in the default theme and in the light one, each set the way its visitor sets it (the guest's
// cookie, the member's saved theme) and the page loaded anew. The other themes differ from these in colours only
// (app/styles/themes/*.css sets custom properties, color-scheme and a greyscale filter for pictures), so on the page
// loaded in the light theme the body is switched to each of them and the colour rules run (contrast, links in
// text), at both widths: the phone layout shows other parts, on other backgrounds. The "themes" test checks that
// every theme reaches the page from the cookie and from the setting, and that a body switched to a theme has the
// very colours of the page served in it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, COLOUR_RULES, describeViolations, settled } from "./axe";
import { BASE_URL, closeBrowser, hydrated, newContext, signInAs } from "./browser";

type Role = "guest" | "member";

/** Every theme: one stylesheet each (app/styles/themes/<name>.css, scoped to body.theme-<name>). */
const THEMES_DIR = path.resolve(import.meta.dirname, "../../app/styles/themes");
const THEMES = readdirSync(THEMES_DIR)
  .filter((file) => file.endsWith(".css"))
  .map((file) => file.slice(0, -".css".length));
type Theme = string;
/** Every rule, with the page loaded in the theme: the default theme and the light one. */
const FULL_THEMES = ["darkorange", "lightside"] as const;
/** The colour rules only, on the page loaded in the last of FULL_THEMES with the body switched to the theme. */
const COLOUR_THEMES = THEMES.filter((theme) => !(FULL_THEMES as readonly string[]).includes(theme));

/** Paths made in beforeAll: a post with comments, the member's draft, a shout with a comment, a profile. */
type Fixtures = { post: string; editor: string; shout: string; tag: string; profile: string; own: string };

type PageCheck = {
  name: string;
  path: (f: Fixtures) => string;
  roles: readonly Role[];
  /** The viewport widths checked: the desktop and the phone layout unless told. */
  widths?: readonly number[];
  /** The HTTP status the page answers with. */
  status?: number;
  /** Opens what is checked (a sidebar, the mobile menu); returns the selectors of the parts to check, if not all. */
  open?: (page: Page) => Promise<string[] | undefined>;
  /** The RSS feed the page links with <link rel="alternate" type="application/rss+xml">. */
  feed?: (f: Fixtures) => string;
};

const BOTH = ["guest", "member"] as const;
const MEMBER = ["member"] as const;
const GUEST = ["guest"] as const;

/** Opens a sidebar with its toolbar button; only the sidebar is checked (the page behind it has its own check). */
async function openSidebar(page: Page, id: string): Promise<string[]> {
  await page.locator(`button[aria-controls="${id}"]:visible`).first().click();
  await page.locator(`#${id}`).waitFor({ state: "visible" });
  return [`#${id}`];
}

const PAGES: readonly PageCheck[] = [
  { name: "home, new", path: () => "/", roles: BOTH, feed: () => "/rss.xml" },
  { name: "home, popular", path: () => "/?type=popular", roles: BOTH, feed: () => "/rss.xml" },
  { name: "home, top", path: () => "/?type=top", roles: BOTH, feed: () => "/rss.xml" },
  { name: "post with comments", path: (f) => f.post, roles: BOTH },
  {
    name: "editor, the draft's preview",
    path: (f) => f.editor,
    roles: MEMBER,
    // The page as it loads: the editor's code is held back, so the preview stays while axe reads the page.
    open: async (page) => {
      const held = new Promise<void>((resolve) => {
        void page.route(/\/assets\/post-editor\.client-[\w-]+\.js$/, () => resolve());
      });
      await page.keyboard.press("Shift");
      await held;
      return undefined;
    },
  },
  {
    name: "editor",
    path: (f) => f.editor,
    roles: MEMBER,
    // The editor itself is loaded when the author is active on the page: here, a press in the draft's text.
    open: async (page) => {
      await page.getByRole("textbox", { name: "Текст статьи" }).click();
      await page.locator(".ProseMirror").waitFor();
      return undefined;
    },
  },
  { name: "bonfire", path: () => "/bonfire", roles: BOTH },
  { name: "shout", path: (f) => f.shout, roles: BOTH },
  { name: "tag", path: (f) => f.tag, roles: BOTH, feed: (f) => `${f.tag}/rss.xml` },
  { name: "profile", path: (f) => f.profile, roles: BOTH },
  { name: "profile, shouts", path: (f) => `${f.profile}/shouts`, roles: BOTH },
  { name: "profile, comments", path: (f) => `${f.profile}/comments`, roles: BOTH },
  { name: "profile, pictures", path: (f) => `${f.profile}/pictures`, roles: GUEST },
  { name: "own profile, drafts", path: (f) => `${f.own}/drafts`, roles: MEMBER },
  { name: "own profile, bookmarks", path: (f) => `${f.own}/bookmark-posts`, roles: MEMBER },
  { name: "settings", path: (f) => `${f.own}/settings`, roles: MEMBER },
  { name: "sign-in", path: () => "/auth/sign-in", roles: GUEST },
  { name: "sign-up", path: () => "/auth/sign-up", roles: GUEST },
  { name: "password reset", path: () => "/auth/reset", roles: GUEST },
  { name: "search results", path: () => `/search?q=${encodeURIComponent("игра")}`, roles: BOTH },
  { name: "404", path: () => "/no-such-page-here", roles: BOTH, status: 404 },
  { name: "admin site page", path: () => "/admin/site", roles: MEMBER },
  {
    name: "activity sidebar",
    path: () => "/",
    roles: BOTH,
    widths: [1280],
    open: (page) => openSidebar(page, "sidebar-activity"),
  },
  {
    name: "notifications sidebar",
    path: () => "/",
    roles: MEMBER,
    widths: [1280],
    open: (page) => openSidebar(page, "sidebar-notifications"),
  },
  {
    name: "mobile menu",
    path: () => "/",
    roles: BOTH,
    widths: [390],
    open: async (page) => {
      await page.locator(".mobile-toolbar").getByRole("button", { name: "Меню" }).click();
      await page.locator("#mobile-menu").waitFor({ state: "visible" });
      return undefined;
    },
  },
];

const ADMIN = { login: "Хранитель", password: "admin-demo-2026" };

let guest: BrowserContext;
let member: BrowserContext;
let memberTheme: Theme | undefined;
const fixtures = {} as Fixtures;

/** The member's CSRF token: its cookie, which the site's scripts echo too (csrfToken, app/lib/api.ts). */
async function csrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies(BASE_URL);
  return cookies.find((c) => c.name === "__Host-csrftoken" || c.name === "csrftoken")?.value ?? "";
}

async function api<T>(page: Page, method: "POST" | "PATCH", path: string, data: unknown): Promise<T> {
  const response = await page.request.fetch(`${BASE_URL}${path}`, {
    method,
    data,
    headers: { "X-CSRFTOKEN": await csrf(page) },
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Sets the theme the way its visitor does: the guest's cookie, the member's saved setting. */
async function applyTheme(role: Role, page: Page, theme: Theme): Promise<void> {
  if (role === "guest") {
    await guest.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
    return;
  }
  if (memberTheme === theme) return;
  await api(page, "PATCH", "/api/v1/user/me", { theme });
  memberTheme = theme;
}

beforeAll(async () => {
  guest = await newContext();
  member = await newContext();
  const page = await member.newPage();
  await signInAs(page, ADMIN.login, ADMIN.password);
  const me = await api<{ id: number; username: string }>(page, "PATCH", "/api/v1/user/me", { theme: "darkorange" });
  memberTheme = "darkorange";
  fixtures.own = `/users/${me.id}`;
  const draft = await api<{ slug: string }>(page, "POST", "/api/v1/post/", {
    title: "Черновик для проверки доступности",
  });
  fixtures.editor = `/posts/${draft.slug}/editor`;
  const shout = await api<{ id: number }>(page, "POST", "/api/v1/shout/", {
    text: "Записка у костра: кто во что играет?",
  });
  await api(page, "POST", "/api/v1/shout-comment/", { shout_id: shout.id, text: "Я — в «Ведьмака», опять." });
  fixtures.shout = `/bonfire/${shout.id}`;
  // The demo post with a comment thread (scripts/demo-content.mjs), its first tag and its author's profile.
  fixtures.post = "/posts/vedmak-3-desyat-let-spustya-demo01";
  await page.goto(fixtures.post);
  fixtures.tag = (await page.locator("main a[href^='/tags/']").first().getAttribute("href")) ?? "";
  fixtures.profile = (await page.locator("main a[href^='/users/']").first().getAttribute("href")) ?? "";
  await page.close();
});

afterAll(async () => {
  const page = await member.newPage();
  await page.goto("/");
  await applyTheme("member", page, "darkorange");
  await closeBrowser();
});

/** "rule … — why" seen in these themes and widths, one line per distinct failure. */
function report(found: Map<string, Set<string>>): string {
  return [...found].map(([line, where]) => `[${[...where].join(", ")}] ${line}`).join("\n");
}

/** What search engines read in the page's head (Lighthouse's SEO audits): title, description, canonical, feeds. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      lang: document.documentElement.lang,
      title: document.title.trim(),
      description: attr('meta[name="description"]', "content")?.trim() ?? "",
      canonical: attr('link[rel="canonical"]', "href"),
      feeds: Array.from(document.head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')).map(
        (link) => ({
          href: link.getAttribute("href"),
          title: link.getAttribute("title") ?? "",
        }),
      ),
    };
  });
}

/** Console errors and uncaught exceptions of a page (Lighthouse's best practices count both). */
function watchErrors(page: Page, expectedStatus: number): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // The 404 page's own status is reported by the browser as a failed load of the document itself.
    if (expectedStatus !== 200 && message.location().url === page.url() && /status of \d{3}/.test(message.text()))
      return;
    errors.push(`console: ${message.text()}`);
  });
  return errors;
}

async function expectSearchable(page: Page, check: PageCheck): Promise<void> {
  const head = await headOf(page);
  expect(head.lang).toBe("ru");
  expect(head.title).not.toBe("");
  expect(head.description, "meta description").not.toBe("");
  if (head.canonical !== null)
    expect(new URL(head.canonical).origin, "an absolute canonical URL of this site").toBe(new URL(BASE_URL).origin);
  const feed = check.feed?.(fixtures);
  if (feed) {
    expect(head.feeds).toHaveLength(1);
    expect(head.feeds[0].href).toBe(feed);
    expect(head.feeds[0].title).not.toBe("");
    expect((await page.request.get(`${BASE_URL}${feed}`)).headers()["content-type"]).toContain("xml");
  }
}

/** The theme class of the page's body. */
async function bodyTheme(page: Page): Promise<string | undefined> {
  return (await page.locator("body").getAttribute("class"))?.match(/\btheme-(\S+)/)?.[1];
}

/** The custom properties the themes set, with the body's colour scheme and colours. */
const THEME_PROPERTIES = [
  ...new Set(
    THEMES.flatMap(
      (theme) => readFileSync(path.join(THEMES_DIR, `${theme}.css`), "utf8").match(/--[\w-]+(?=\s*:)/g) ?? [],
    ),
  ),
  "color-scheme",
  "color",
  "background-color",
];

/**
 * Switches the loaded page's body from one theme to another, as the colour checks do. Transitions are turned off
 * first (a constructed stylesheet, which the site's CSP does not govern): the new colours apply at once, as on a page
 * served in the theme, instead of fading in over hundreds of elements.
 */
async function switchTheme(page: Page, from: string, to: string): Promise<void> {
  await page.evaluate(
    ([from, to]) => {
      const marked = window as Window & { noTransitions?: boolean };
      if (!marked.noTransitions) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync("*, *::before, *::after { transition: none !important; }");
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        marked.noTransitions = true;
      }
      if (!document.body.classList.replace(`theme-${from}`, `theme-${to}`))
        throw new Error(`the body is not in ${from}`);
    },
    [from, to],
  );
}

/** The computed values of THEME_PROPERTIES on the page's body, once its transitions are over. */
async function themeStyle(page: Page): Promise<Record<string, string>> {
  await settled(page);
  return page.evaluate((names) => {
    const style = getComputedStyle(document.body);
    return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name).trim()]));
  }, THEME_PROPERTIES);
}

describe("themes", () => {
  it("every theme reaches the page as its visitor chose it, and a body switched to it has its colours", async () => {
    expect(THEMES).toEqual(expect.arrayContaining([...FULL_THEMES]));
    expect(COLOUR_THEMES.length).toBeGreaterThan(0);
    const page = await guest.newPage();
    const memberPage = await member.newPage();
    try {
      // The guest's cookie: each theme served, with colours of its own.
      const served = new Map<string, Record<string, string>>();
      for (const theme of THEMES) {
        await applyTheme("guest", page, theme);
        await page.goto("/");
        expect(await bodyTheme(page)).toBe(theme);
        served.set(theme, await themeStyle(page));
      }
      expect(new Set([...served.values()].map((style) => JSON.stringify(style))).size).toBe(THEMES.length);
      // The page loaded in the last fully checked theme, its body switched to each other theme (as the checks below
      // do): the same colours as the theme served.
      const last = FULL_THEMES[FULL_THEMES.length - 1];
      await applyTheme("guest", page, last);
      await page.goto("/");
      let current: string = last;
      for (const theme of COLOUR_THEMES) {
        await switchTheme(page, current, theme);
        current = theme;
        expect(await themeStyle(page), theme).toEqual(served.get(theme));
      }
      // The member's saved setting.
      await memberPage.goto("/");
      for (const theme of THEMES) {
        await applyTheme("member", memberPage, theme);
        expect(await (await member.request.get(`${BASE_URL}/`)).text(), `member, ${theme}`).toMatch(
          new RegExp(`<body class="theme-${theme}"`),
        );
      }
    } finally {
      await page.close();
      await memberPage.close();
    }
  });
});

type Found = Map<string, Set<string>>;

/**
 * One page type as one visitor: every rule in FULL_THEMES, each loaded anew, and the colour rules in the other
 * themes on the page loaded last. Returns the violations found (line → where) and the console errors.
 */
async function checkPage(role: Role, check: PageCheck): Promise<{ found: Found; errors: string[] }> {
  const page = await (role === "guest" ? guest : member).newPage();
  const widths = check.widths ?? [1280, 390];
  const found: Found = new Map();
  const note = (violations: Awaited<ReturnType<typeof axeViolations>>, where: string) => {
    for (const line of describeViolations(violations)) found.set(line, (found.get(line) ?? new Set()).add(where));
  };
  const errors = watchErrors(page, check.status ?? 200);
  try {
    for (const theme of FULL_THEMES) {
      await applyTheme(role, page, theme);
      await page.setViewportSize({ width: widths[0], height: 900 });
      const response = await page.goto(check.path(fixtures));
      expect(response?.status(), `${role}, ${theme}`).toBe(check.status ?? 200);
      // Error screens render without the app shell's hydration mark.
      if (!check.status) await hydrated(page);
      expect(await bodyTheme(page), role).toBe(theme);
      if (theme === FULL_THEMES[0]) await expectSearchable(page, check);
      const include = await check.open?.(page);
      let width = widths[0];
      for (width of widths) {
        if (width !== widths[0]) await page.setViewportSize({ width, height: 900 });
        note(await axeViolations(page, include), `${theme} ${width}px`);
      }
      if (theme === FULL_THEMES[FULL_THEMES.length - 1]) {
        // The other themes, on this page as it is (whatever was opened stays open), the current width first.
        let current: string = theme;
        for (const other of COLOUR_THEMES) {
          await switchTheme(page, current, other);
          current = other;
          for (const next of widths[0] === width ? widths : [...widths].reverse()) {
            if (next !== width) await page.setViewportSize({ width: next, height: 900 });
            width = next;
            note(await axeViolations(page, include, COLOUR_RULES), `${other} ${width}px`);
          }
          expect(await bodyTheme(page), role).toBe(other);
        }
      }
      // An opened sidebar is remembered in localStorage and would reopen on the next load.
      await page.evaluate(() => window.localStorage.clear());
    }
  } finally {
    await page.close();
  }
  return { found, errors };
}

describe("accessibility and search engines", () => {
  for (const check of PAGES) {
    const roles = check.roles.join(" and ");
    it(`${check.name} (${roles}): no axe violation in any theme, a description${check.feed ? ", its feed" : ""}, no console error`, async () => {
      // The guest's page and the member's side by side: one waits for the server while the other runs axe.
      const results = await Promise.allSettled(check.roles.map((role) => checkPage(role, check)));
      for (const result of results) if (result.status === "rejected") throw result.reason;
      for (const [i, role] of check.roles.entries()) {
        const { found, errors } = (results[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof checkPage>>>).value;
        expect.soft(found.size, `${role}:\n${report(found)}`).toBe(0);
        expect.soft(errors, role).toEqual([]);
      }
    });
  }
});
