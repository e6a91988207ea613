import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterEach, expect } from "vitest";
import { CHROMIUM_ARGS } from "../../scripts/chromium.mjs";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://localhost:8787";
export const SCREENSHOTS = path.resolve(import.meta.dirname, "screenshots");
/**
 * When scripts/e2e.mjs seeded the demo. Its dates (today's release, this month's donations) are relative to that
 * moment, and Moscow's day or month may have turned since: tests that look for them compare with `moscowDay`.
 */
export const SEEDED_AT = Number(process.env.E2E_SEEDED_AT ?? Date.now());

/** Moscow's day of `at` as the site names days ("2027-03-14"); its first 7 characters are the month. */
export function moscowDay(at: number): string {
  return new Date(at + 3 * 3600_000).toISOString().slice(0, 10);
}

let browser: Browser | undefined;

export async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--headless", ...CHROMIUM_ARGS],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** A random client address per browser context, so the sign-in/sign-up rate limits (per IP) of one test never
 * touch another's. Locally the Worker reads CF-Connecting-IP as sent; in production Cloudflare sets it. */
function randomIp(): string {
  const b = () => 1 + Math.floor(Math.random() * 254);
  return `10.${b()}.${b()}.${b()}`;
}

// ─── Content-Security-Policy violations fail the test that caused them ─────────────────────────────────
// Every page of every context reports its violations (the `securitypolicyviolation` event, and Chromium's own
// "Refused to …" console errors) into this list; the afterEach below — registered in each test file that
// imports this module — fails the test that saw any, so every browser test checks the site's CSP.
const cspViolations: string[] = [];
const CSP_MARK = "[csp-violation]";

/** Reports CSP violations of the page (and of its frames) to the console, where the context hears them. */
function reportCspViolations(mark: string): void {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `${mark} ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} in ${event.sourceFile || event.documentURI}:${event.lineNumber} ${event.sample}`,
    );
  });
}

function watchCsp(context: BrowserContext): void {
  context.on("console", (message) => {
    const text = message.text();
    if (text.startsWith(CSP_MARK) || (message.type() === "error" && /Refused to|Content Security Policy/.test(text))) {
      cspViolations.push(`${message.location().url}: ${text}`);
    }
  });
}

/** The CSP violations seen since the last call (and forgets them). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

afterEach(() => {
  expect(takeCspViolations(), "Content-Security-Policy violations").toEqual([]);
});

export async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const b = await getBrowser();
  const context = await b.newContext({
    baseURL: BASE_URL,
    locale: "ru-RU",
    viewport: { width: 1280, height: 900 },
    // Seasonal effects (snow, rain and its switch) would draw over every test's page and screenshot depending on
    // the day the tests run: contexts prefer reduced motion unless a test asks otherwise (tests/e2e/effects.test.ts).
    reducedMotion: "reduce",
    ...options,
    extraHTTPHeaders: { "CF-Connecting-IP": randomIp(), ...options.extraHTTPHeaders },
  });
  await context.addInitScript(reportCspViolations, CSP_MARK);
  watchCsp(context);
  return context;
}

/** Signs a demo member in through the sign-in form (works with JavaScript on or off). */
export async function signInAs(page: Page, login: string, password: string): Promise<void> {
  await page.goto("/auth/sign-in");
  await page.getByLabel("Имя пользователя или e-mail").fill(login);
  await page.getByLabel("Пароль", { exact: true }).fill(password);
  await page.getByRole("main").getByRole("button", { name: "Войти" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // Chromium now and then never delivers the frame of a full-page capture on a busy 2-core machine; a second
  // attempt usually gets it, and when it does not either, the visible part is captured (a full-page capture
  // resizes the page to its whole height first, which is what hangs). Animations are stopped so that every
  // capture shows the same settled page.
  const isTimeout = (error: unknown) => error instanceof Error && error.name === "TimeoutError";
  for (const timeout of [15_000, 15_000]) {
    try {
      await page.screenshot({ path: file, fullPage: true, animations: "disabled", timeout });
      return file;
    } catch (error) {
      if (!isTimeout(error)) throw error;
    }
  }
  console.warn(`screenshot ${name}: no full-page frame twice; the visible part is captured instead`);
  await page.screenshot({ path: file, animations: "disabled" });
  return file;
}

/** A unique, valid username for a test member. */
export function uniqueName(prefix = "Тест"): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Waits until React has hydrated the page (root sets html[data-hydrated]). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}
