// Accessibility and search engines, for every page type in every theme, for a guest and for a member (the admin,
// who also sees the admin page and the moderation controls): axe-core finds no violation at all, at 1280 and at
// 390 px; the page loads without console errors; it has a title, a description, a valid canonical link, and
// the pages with a feed link it. One browser, pages in sequence, one signed-in context reused; each theme is set
// the way its visitor sets it (the guest's cookie, the member's saved theme), and the page is loaded anew.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe";
import { BASE_URL, closeBrowser, hydrated, newContext, signInAs } from "./browser";

type Role = "guest" | "member";

/** Every theme: one stylesheet each (app/styles/themes/<name>.css, scoped to body.theme-<name>). */
const THEMES = readdirSync(path.resolve(import.meta.dirname, "../../app/styles/themes"))
  .filter((file) => file.endsWith(".css"))
  .map((file) => file.slice(0, -".css".length));
type Theme = string;

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
    name: "editor",
    path: (f) => f.editor,
    roles: MEMBER,
    // The editor itself is loaded after hydration.
    open: async (page) => {
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

/** The member's CSRF token: the one the page's forms carry, or its cookie on a page without forms. */
async function csrf(page: Page): Promise<string> {
  const field = page.locator('input[name="csrf"]');
  if (await field.count()) return field.first().inputValue();
  return (await page.context().cookies()).find((c) => /csrf/i.test(c.name))?.value ?? "";
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

describe.each(["guest", "member"] as const)("accessibility and search engines for a %s", (role) => {
  for (const check of PAGES.filter((p) => p.roles.includes(role))) {
    it(`${check.name}: no axe violation in any theme, a description${check.feed ? ", its feed" : ""}, no console error`, async () => {
      const page = await (role === "guest" ? guest : member).newPage();
      const widths = check.widths ?? [1280, 390];
      const found = new Map<string, Set<string>>();
      const errors = watchErrors(page, check.status ?? 200);
      try {
        for (const theme of THEMES) {
          await applyTheme(role, page, theme);
          await page.setViewportSize({ width: widths[0], height: 900 });
          const response = await page.goto(check.path(fixtures));
          expect(response?.status()).toBe(check.status ?? 200);
          // Error screens render without the app shell's hydration mark.
          if (!check.status) await hydrated(page);
          expect(await page.locator("body").getAttribute("class")).toContain(`theme-${theme}`);
          if (theme === THEMES[0]) await expectSearchable(page, check);
          const include = await check.open?.(page);
          for (const width of widths) {
            if (width !== widths[0]) await page.setViewportSize({ width, height: 900 });
            for (const line of describeViolations(await axeViolations(page, include))) {
              found.set(line, (found.get(line) ?? new Set()).add(`${theme} ${width}px`));
            }
          }
          // An opened sidebar is remembered in localStorage and would reopen on the next load.
          await page.evaluate(() => window.localStorage.clear());
        }
      } finally {
        await page.close();
      }
      expect(found.size, report(found)).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});
