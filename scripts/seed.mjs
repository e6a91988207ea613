// Loads the Russian demo content into the local D1, idempotently (INSERT OR IGNORE on unique keys).
// Usage: node scripts/seed.mjs [--persist-to DIR]
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import setupWasm from "argon2id/lib/setup.js";
import { DEMO_USERS } from "./demo-users.mjs";
import { root, run } from "./lib.mjs";

const wasm = (name) => path.join(root, "node_modules", "argon2id", "dist", name);
const argon2id = await setupWasm(
  (imports) => WebAssembly.instantiate(readFileSync(wasm("simd.wasm")), imports),
  (imports) => WebAssembly.instantiate(readFileSync(wasm("no-simd.wasm")), imports),
);

// Same parameters and PHC format as workers/platform/password.ts.
const b64 = (bytes) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");
function hash(password) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const out = argon2id({ password: new TextEncoder().encode(password), salt, memorySize: 19456, passes: 2, parallelism: 1, tagLength: 32 });
  return `$argon2id$v=19$m=19456,t=2,p=1$${b64(salt)}$${b64(out)}`;
}
const key = (s) => s.normalize("NFC").trim().toLocaleLowerCase("ru").replaceAll("ё", "е");
const q = (s) => (s === null || s === undefined ? "NULL" : `'${String(s).replaceAll("'", "''")}'`);
const b = (v) => (v ? 1 : 0);

const now = Date.now();
const statements = DEMO_USERS.map((u, i) => {
  const created = now - (400 - i * 30) * 86_400_000;
  const lastSeen = now - i * 47 * 60_000;
  return `INSERT OR IGNORE INTO users (username, username_key, email, email_key, password_hash, theme, is_admin, is_mod, is_supporter, created_at, last_seen_at)
VALUES (${q(u.username)}, ${q(key(u.username))}, ${q(u.email)}, ${q(key(u.email))}, ${q(hash(u.password))}, ${q(u.theme ?? "darkorange")}, ${b(u.isAdmin)}, ${b(u.isMod)}, ${b(u.isSupporter)}, ${created}, ${lastSeen});`;
});

const dir = path.join(root, ".wrangler", "seed");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, "demo.sql");
writeFileSync(file, `${statements.join("\n")}\n`);
const extra = process.argv.slice(2);
run("wrangler", ["d1", "execute", "DB", "--local", "--file", file, ...extra], { stdio: ["ignore", "ignore", "inherit"] });
console.log(`✓ Демо-данные загружены (${DEMO_USERS.length} участников).`);
