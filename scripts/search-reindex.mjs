// `npm run search:reindex`: rebuilds the full-text search indexes (docs/decisions/0020-search.md, 0031) from the
// tables they index, on the local D1 (or the one under --persist-to DIR, e.g. .wrangler/bench-state; --remote
// for the deployed database). The index is derived data: its triggers keep it, so this is for a restore from a
// table-by-table backup, a changed index definition, or a check. Word forms are matched at query time
// (workers/core/search/terms.ts), so a new dictionary needs no reindex. On a live site with millions of rows prefer
// the queue (docs/decisions/0037-queues-fan-out.md): `POST /api/v1/search/reindex/` as an admin rebuilds each index
// in the background, 5,000 rows a step, while search keeps working; this script does it in one go.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

const args = process.argv.slice(2);
const persistTo = args.includes("--persist-to") ? args[args.indexOf("--persist-to") + 1] : undefined;
const target = args.includes("--remote")
  ? ["--remote"]
  : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];

// The backfill statements of the migrations that made the indexes: one definition of what is indexed.
const backfills = ["0005_search_index.sql", "0028_search_post_titles.sql"]
  .flatMap((name) => readFileSync(path.join(root, "migrations", name), "utf8").split("--> statement-breakpoint"))
  .map((s) => s.trim())
  .filter((s) => /^INSERT INTO search_\w+ \(rowid/.test(s));
const indexes = ["search_posts", "search_shouts", "search_comments", "search_post_titles"];
if (backfills.length !== indexes.length) throw new Error("Миграции поиска: не найдены заполняющие запросы");
const feed = `INSERT INTO search_feed (rowid, title) SELECT id, replace(replace(title, 'ё', 'е'), 'Ё', 'Е') FROM feed_entries;`;

const sql = [
  ...indexes.map((index) => `DELETE FROM ${index};`),
  ...backfills.map((s) => (s.endsWith(";") ? s : `${s};`)),
  "DELETE FROM search_feed;",
  feed,
  ...[...indexes, "search_feed"].map((index) => `INSERT INTO ${index}(${index}) VALUES('optimize');`),
].join("\n");
const file = path.join(root, ".wrangler", "tmp", "search-reindex.sql");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, sql);
const t0 = Date.now();
run("wrangler", ["d1", "execute", "DB", ...target, "--file", file, "--yes"], { env: { CI: "true" } });
console.log(`✓ Поисковые индексы перестроены за ${((Date.now() - t0) / 1000).toFixed(1)} с`);
