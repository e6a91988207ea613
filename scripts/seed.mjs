// Loads the Russian demo content into the local D1 and its pictures into the local R2, idempotently (INSERT OR
// IGNORE on unique keys and fixed ids; pictures already in R2 are left alone).
// Usage: node scripts/seed.mjs [--persist-to DIR]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { usernameSkeleton } from "../workers/core/accounts/confusables.ts";
import { loadCalendarDemo } from "./demo-calendar.mjs";
import { demoCommunitySql } from "./demo-community.mjs";
import { DEMO_POST_COUNT } from "./demo-content.mjs";
import { loadDonationsDemo } from "./demo-donations.mjs";
import { loadFeedDemo } from "./demo-feed.mjs";
import { demoModerationSql } from "./demo-moderation.mjs";
import { demoRecapSql } from "./demo-recap.mjs";
import { demoSql, loadDemo } from "./demo-load.mjs";
import { loadSantaDemo } from "./demo-santa.mjs";
import { SHOUTS } from "./demo-shouts.mjs";
import { demoSocialSql } from "./demo-social.mjs";
import { DEMO_USERS } from "./demo-users.mjs";
import { root } from "./lib.mjs";
import { hashPassword as hash } from "./password-hash.mjs";

const key = (s) => s.normalize("NFC").trim().toLocaleLowerCase("ru").replaceAll("ё", "е");
const q = (s) => (s === null || s === undefined ? "NULL" : `'${String(s).replaceAll("'", "''")}'`);
const b = (v) => (v ? 1 : 0);

const now = Date.now();
const statements = DEMO_USERS.map((u, i) => {
  const created = now - (400 - i * 30) * 86_400_000;
  const lastSeen = now - i * 47 * 60_000;
  const skeleton = q(usernameSkeleton(key(u.username)));
  // The UPDATE gives demo members seeded before migration 0006 their look-alike skeleton too.
  return `INSERT OR IGNORE INTO users (username, username_key, username_skeleton, email, email_key, password_hash, theme, is_admin, is_mod, is_supporter, created_at, last_seen_at)
VALUES (${q(u.username)}, ${q(key(u.username))}, ${skeleton}, ${q(u.email)}, ${q(key(u.email))}, ${q(hash(u.password))}, ${q(u.theme ?? "darkorange")}, ${b(u.isAdmin)}, ${b(u.isMod)}, ${b(u.isSupporter)}, ${created}, ${lastSeen});
UPDATE users SET username_skeleton = ${skeleton} WHERE username_key = ${q(key(u.username))} AND username_skeleton IS NULL;`;
});

const dir = path.join(root, ".wrangler", "seed");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, "demo.sql");
// The script is also written out, to read what the seed does.
const script = `${[...statements, ...demoSql(now), ...demoRecapSql(now), ...demoCommunitySql(now), ...demoModerationSql(now), ...demoSocialSql(now)].join("\n")}\n`;
writeFileSync(file, script);
const args = process.argv.slice(2);
const persistTo = args.includes("--persist-to") ? args[args.indexOf("--persist-to") + 1] : undefined;
const pictures = await loadDemo(script, persistTo);
const games = await loadCalendarDemo(now, persistTo);
const donations = await loadDonationsDemo(now, persistTo);
const stories = await loadFeedDemo(now, persistTo);
await loadSantaDemo(now, persistTo);
console.log(
  `✓ Демо-данные загружены: участников — ${DEMO_USERS.length}, статей — ${DEMO_POST_COUNT}, записок — ${SHOUTS.length}, ` +
    `картинок в R2 — ${pictures.total} (новых — ${pictures.written}), игр в календаре — ${games}, пожертвований — ${donations}, сюжетов в ленте — ${stories}.`,
);
