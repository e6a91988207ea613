import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe } from "vitest";
import { SUITES } from "./index.mjs";

const testFiles = import.meta.glob("../*.test.ts");

/**
 * The site's own settings: one set per site, which a file may change (flags, the site name, the menu). Each file
 * ran on a fresh database before suites; now each still starts from the settings the migrations made.
 */
const SITE_TABLES = ["site_settings", "menu_items"] as const;
type Rows = Record<string, unknown>[];

async function readSiteTables(): Promise<Rows[]> {
  const results = await env.DB.batch(SITE_TABLES.map((table) => env.DB.prepare(`SELECT * FROM ${table}`)));
  return results.map((r) => r.results as Rows);
}

async function restoreSiteTables(saved: Rows[]): Promise<void> {
  if (JSON.stringify(await readSiteTables()) === JSON.stringify(saved)) return;
  const statements = SITE_TABLES.flatMap((table, i) => [
    env.DB.prepare(`DELETE FROM ${table}`),
    ...saved[i].map((row) => {
      const columns = Object.keys(row);
      return env.DB.prepare(
        `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      ).bind(...Object.values(row));
    }),
  ]);
  await env.DB.batch(statements);
}

/**
 * Collects a suite's member files in order, each inside a describe named after the file: a failure names its file,
 * a file's top-level hooks stay within that file, and the site settings are put back after each file.
 */
export function runSuite(name: keyof typeof SUITES): void {
  let siteTables: Rows[] = [];
  beforeAll(async () => {
    siteTables = await readSiteTables();
  });
  for (const member of SUITES[name]) {
    const load = testFiles[`../${member}.test.ts`];
    if (!load) throw new Error(`suite ${name}: no file tests/integration/${member}.test.ts`);
    describe(`${member}.test.ts`, async () => {
      // Registered first, so it runs after the file's own afterAll hooks.
      afterAll(() => restoreSiteTables(siteTables));
      await load();
    });
  }
}
