// Loads the demo content into the local D1 and R2 through one Wrangler platform proxy (the bindings `wrangler dev`
// uses, on the same persisted state): the SQL as one batch (one transaction), then the pictures the rows name.
// One process for both takes about a second; `wrangler d1 execute` plus a `wrangler r2 object put` per object
// took seconds each. Pictures already in R2 are skipped, so a second run renders and writes nothing.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { demoAvatarsSql } from "./demo-avatars.mjs";
import { demoContentSql } from "./demo-content.mjs";
import { AVATAR_VARIANTS, renderAvatar, renderPicture } from "./demo-pictures.mjs";
import { demoShoutsSql } from "./demo-shouts.mjs";
import { demoStreamSql } from "./demo-stream.mjs";
import { root } from "./lib.mjs";

/** Every demo statement after the members: their avatars, posts, shouts, then the stream about them. */
export function demoSql(now) {
  return [...demoAvatarsSql(), ...demoContentSql(now), ...demoShoutsSql(now), ...demoStreamSql(now)];
}

/**
 * The R2 objects the demo rows point at: shout pictures (large and thumb), post pictures (large only) and
 * avatars (three sizes); `picture` is the name after "demo-", `variant` the entry of its rendering.
 */
const KEYS_SQL = `
  SELECT key || '.webp' AS key, substr(key, instr(key, '/demo-') + 6) AS picture, 'large' AS variant
    FROM shout_media WHERE is_video = 0 AND key LIKE 'shouts/%/demo-%'
  UNION ALL
  SELECT key || '-thumb.webp', substr(key, instr(key, '/demo-') + 6), 'thumb'
    FROM shout_media WHERE is_video = 0 AND key LIKE 'shouts/%/demo-%'
  UNION ALL
  SELECT image, substr(image, instr(image, '/demo-') + 6, length(image) - instr(image, '/demo-') - 10), 'large'
    FROM posts WHERE image LIKE 'posts/%/demo-%.webp' AND is_video_background = 0
  UNION ALL
  SELECT substr(src, 8), substr(src, instr(src, '/demo-') + 6, length(src) - instr(src, '/demo-') - 10), 'large'
    FROM (SELECT json_extract(b.value, '$.attrs.src') AS src
            FROM posts, json_each(posts.body, '$.content') b
           WHERE json_valid(posts.body) AND json_extract(b.value, '$.type') = 'image')
   WHERE src LIKE '/media/posts/%/demo-%.webp'
  UNION ALL
  SELECT avatar_key || '-' || size.value || '.webp', 'avatar:' || substr(avatar_key, instr(avatar_key, '/demo-') + 6), size.value
    FROM users, json_each('${JSON.stringify(AVATAR_VARIANTS)}') size WHERE avatar_key LIKE 'avatars/%/demo-%'`;

/**
 * A Wrangler config with only the D1 and R2 bindings (the site's Durable Objects would only warn here), written
 * under .wrangler/seed; the persisted data is found by the same database id and bucket name.
 */
export function bindingsConfig() {
  const site = unstable_readConfig({ config: path.join(root, "wrangler.toml") }, { hideWarnings: true });
  const dir = path.join(root, ".wrangler", "seed");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "bindings.wrangler.json");
  writeFileSync(
    file,
    JSON.stringify({
      name: site.name,
      compatibility_date: site.compatibility_date,
      d1_databases: site.d1_databases.map(({ binding, database_name, database_id }) => ({
        binding,
        database_name,
        database_id,
      })),
      r2_buckets: site.r2_buckets.map(({ binding, bucket_name }) => ({ binding, bucket_name })),
    }),
  );
  return file;
}

/** The statements of a SQL script: split at semicolons outside quoted strings and identifiers. */
export function splitSql(script) {
  const statements = [];
  let quote = null;
  let start = 0;
  for (let i = 0; i < script.length; i++) {
    const ch = script[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === ";") {
      statements.push(script.slice(start, i).trim());
      start = i + 1;
    }
  }
  statements.push(script.slice(start).trim());
  return statements.filter(Boolean);
}

/**
 * Runs the SQL script in the local D1 as one batch, then puts the demo pictures the database names into the
 * local R2 (`persistTo` as `wrangler --persist-to`). Returns how many pictures there are and how many were new.
 */
export async function loadDemo(script, persistTo) {
  return withLocalPlatform(persistTo, async ({ DB, MEDIA }) => {
    await DB.batch(splitSql(script).map((statement) => DB.prepare(statement)));
    const { results } = await DB.prepare(KEYS_SQL).all();
    const missing = [];
    for (const row of results) if (!(await MEDIA.head(row.key))) missing.push(row);
    const rendered = new Map();
    for (const { key, picture, variant } of missing) {
      if (!rendered.has(picture)) {
        const avatar = picture.startsWith("avatar:") ? picture.slice("avatar:".length) : null;
        rendered.set(picture, avatar ? renderAvatar(avatar) : renderPicture(picture));
      }
      await putPicture(MEDIA, key, rendered.get(picture)[variant].body);
    }
    return { total: results.length, written: missing.length };
  });
}

/**
 * Runs `work` with the local D1 and R2 of `persistTo` (as `wrangler --persist-to`; the default local state
 * otherwise) through wrangler's platform proxy, and closes it after. The demo modules all load through here.
 */
export async function withLocalPlatform(persistTo, work) {
  const proxy = await getPlatformProxy({
    configPath: bindingsConfig(),
    persist: { path: path.resolve(root, persistTo ?? ".wrangler/state", "v3") },
    remoteBindings: false,
    envFiles: [],
  });
  try {
    return await work(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

/** Puts a demo WebP picture into R2 as the site stores uploads; false when it is there already. */
export async function putPicture(MEDIA, key, body) {
  if (await MEDIA.head(key)) return false;
  await MEDIA.put(key, body, {
    httpMetadata: { contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" },
  });
  return true;
}
