// `npm run audit`: Lighthouse (mobile) accessibility, best-practices and SEO scores of every page type, for a guest
// and a member, in the default dark and the light theme, and in all six themes for the home page and a post
// (`-- --all`: every page type in every theme). Not part of `npm test`: about 10 s a page. The site is built and
// served on a fresh seeded state like the browser tests' (scripts/e2e.mjs), or `-- --url http://localhost:8787`
// audits a site already running (`npm start`). Exits with 1 when an audit fails that is not failing on purpose
// (pages kept out of search engines, the 404 page's status).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { ensureChromium } from "./chromium.mjs";
import { DEMO_USERS } from "./demo-users.mjs";
import { run, startDetached, stopGroup, waitForHttp } from "./lib.mjs";

const THEMES = ["darkorange", "lightside", "darkside", "halloween", "winter", "grayscale"];
const CATEGORIES = ["accessibility", "best-practices", "seo"];
const DEMO_POST = "/posts/vedmak-3-desyat-let-spustya-demo01";
const args = process.argv.slice(2);
const all = args.includes("--all");
const givenUrl = args.includes("--url") ? args[args.indexOf("--url") + 1] : null;

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Builds and serves the site on a fresh, seeded local state; returns its URL and a stop function. */
async function serveSite() {
  run("react-router", ["build"]);
  const state = mkdtempSync(path.join(os.tmpdir(), "kostyor-audit-"));
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    env: { CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  run("node", ["scripts/seed.mjs", "--persist-to", state]);
  const port = await freePort();
  const server = startDetached(
    "wrangler",
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://localhost:${port}`;
  await waitForHttp(`${url}/api/v1/config/`, 90_000);
  return {
    url,
    stop: () => {
      stopGroup(server);
      rmSync(state, { recursive: true, force: true });
    },
  };
}

// Audits that fail on purpose: pages kept out of search engines (robots.txt or `noindex`) are "blocked from
// indexing". The 404 page is not here: Lighthouse refuses to audit a page that answers 404 (the browser test
// tests/e2e/a11y.test.ts checks it with axe).
const NOT_INDEXED = ["is-crawlable"];

/** The page types. Paths that need content are made by `prepare`. */
function pageTypes(f) {
  return [
    { name: "home, new", path: "/", role: "guest" },
    { name: "home, popular", path: "/?type=popular", role: "guest" },
    { name: "home, top", path: "/?type=top", role: "guest" },
    { name: "post with comments", path: DEMO_POST, role: "guest" },
    { name: "bonfire", path: "/bonfire", role: "guest" },
    { name: "shout", path: f.shout, role: "guest" },
    { name: "tag", path: f.tag, role: "guest" },
    { name: "profile", path: f.profile, role: "guest" },
    { name: "profile, shouts", path: `${f.profile}/shouts`, role: "guest" },
    { name: "profile, comments", path: `${f.profile}/comments`, role: "guest" },
    { name: "profile, pictures", path: `${f.profile}/pictures`, role: "guest" },
    { name: "sign-in", path: "/auth/sign-in", role: "guest", expected: NOT_INDEXED },
    { name: "sign-up", path: "/auth/sign-up", role: "guest", expected: NOT_INDEXED },
    { name: "password reset", path: "/auth/reset", role: "guest", expected: NOT_INDEXED },
    { name: "search results", path: `/search?q=${encodeURIComponent("игра")}`, role: "guest", expected: NOT_INDEXED },
    { name: "home (member)", path: "/", role: "member" },
    { name: "post (member)", path: DEMO_POST, role: "member" },
    { name: "editor", path: f.editor, role: "member", expected: NOT_INDEXED },
    { name: "own drafts", path: `${f.own}/drafts`, role: "member" },
    { name: "settings", path: `${f.own}/settings`, role: "member" },
    { name: "admin site page", path: "/admin/site", role: "member", expected: NOT_INDEXED },
  ];
}

/** The member's CSRF token (the cookie the site's forms read). */
async function csrf(context) {
  return (await context.cookies()).find((c) => /csrf/i.test(c.name))?.value ?? "";
}

async function api(context, method, url, data) {
  const response = await context.request.fetch(url, { method, data, headers: { "X-CSRFTOKEN": await csrf(context) } });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function signIn(context, base) {
  const admin = DEMO_USERS.find((u) => u.isAdmin);
  const page = await context.newPage();
  await page.goto(`${base}/auth/sign-in`);
  await page.getByLabel("Имя пользователя или e-mail").fill(admin.username);
  await page.getByLabel("Пароль", { exact: true }).fill(admin.password);
  await page.getByRole("main").getByRole("button", { name: "Войти" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.close();
}

/** A shout with a comment, a draft for the editor, the demo post's tag and author, the admin's profile. */
async function prepare(context, base) {
  await signIn(context, base);
  const me = await api(context, "PATCH", `${base}/api/v1/user/me`, { theme: "darkorange" });
  const draft = await api(context, "POST", `${base}/api/v1/post/`, { title: "Черновик для аудита" });
  const shout = await api(context, "POST", `${base}/api/v1/shout/`, { text: "Записка для аудита: во что играете?" });
  await api(context, "POST", `${base}/api/v1/shout-comment/`, {
    shout_id: shout.id,
    text: "В «Ведьмака», как всегда.",
  });
  const page = await context.newPage();
  await page.goto(`${base}${DEMO_POST}`);
  const tag = await page.locator("main a[href^='/tags/']").first().getAttribute("href");
  const profile = await page.locator("main a[href^='/users/']").first().getAttribute("href");
  await page.close();
  await context.clearCookies();
  return { own: `/users/${me.id}`, editor: `/posts/${draft.slug}/editor`, shout: `/bonfire/${shout.id}`, tag, profile };
}

async function setTheme(context, base, role, theme) {
  if (role === "guest") await context.addCookies([{ name: "theme", value: theme, url: base }]);
  else await api(context, "PATCH", `${base}/api/v1/user/me`, { theme });
}

/** One Lighthouse run (mobile: its default form factor and screen) in the browser the context belongs to. */
async function audit(port, url) {
  const result = await lighthouse(url, {
    port,
    logLevel: "error",
    output: "json",
    onlyCategories: CATEGORIES,
    // The context's cookies (session, theme) are what is audited: Lighthouse must not clear them.
    disableStorageReset: true,
  });
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError)
    return { scores: CATEGORIES.map(() => 0), failed: [`${runtimeError.code}: ${runtimeError.message}`] };
  const scores = CATEGORIES.map((c) => Math.round((categories[c].score ?? 0) * 100));
  const failed = Object.values(audits)
    .filter(
      (a) => a.score !== null && a.score < 1 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
    )
    .map((a) => a.id);
  return { scores, failed };
}

const chrome = ensureChromium();
const site = givenUrl ? { url: givenUrl.replace(/\/$/, ""), stop: () => {} } : await serveSite();
const cdpPort = await freePort();
const profileDir = mkdtempSync(path.join(os.tmpdir(), "kostyor-audit-chrome-"));
// A persistent context is the browser's default one: the tabs Lighthouse opens share its cookies.
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: chrome,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    `--remote-debugging-port=${cdpPort}`,
  ],
});

let unexpected = 0;
try {
  const fixtures = await prepare(context, site.url);
  const started = Date.now();
  console.log(
    `Lighthouse (mobile) · ${site.url}\n${"page".padEnd(20)} ${"role".padEnd(6)} ${"theme".padEnd(10)} a11y  bp  seo`,
  );
  for (const role of ["guest", "member"]) {
    if (role === "member") await signIn(context, site.url);
    for (const page of pageTypes(fixtures).filter((p) => p.role === role)) {
      const everyTheme = all || page.name === "home, new" || page.name === "post with comments";
      for (const theme of everyTheme ? THEMES : THEMES.slice(0, 2)) {
        await setTheme(context, site.url, role, theme);
        const { scores, failed } = await audit(cdpPort, `${site.url}${page.path}`);
        const surprises = failed.filter((id) => !page.expected?.includes(id));
        unexpected += surprises.length;
        const cells = scores.map((s) => String(s).padStart(4)).join(" ");
        const notes = [
          ...surprises.map((id) => `✗ ${id}`),
          ...failed.filter((id) => page.expected?.includes(id)).map((id) => `(${id}: on purpose)`),
        ];
        console.log(
          `${page.name.padEnd(20)} ${role.padEnd(6)} ${theme.padEnd(10)} ${cells}  ${notes.join(" ")}`.trimEnd(),
        );
      }
    }
  }
  console.log(
    `\n${Math.round((Date.now() - started) / 1000)} s; ${unexpected ? `${unexpected} failed audits` : "no failed audit but the ones on purpose"}`,
  );
  await setTheme(context, site.url, "member", "darkorange");
} finally {
  await context.close();
  rmSync(profileDir, { recursive: true, force: true });
  site.stop();
}
process.exit(unexpected ? 1 : 0);
