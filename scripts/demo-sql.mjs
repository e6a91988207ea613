// Helpers shared by the demo content modules: SQL quoting, member lookups, times, and the few text rules of the
// site that the demo rows must follow exactly as the services write them.
import { slugify } from "transliteration";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A SQL string literal (or NULL). */
export const q = (s) => (s === null || s === undefined ? "NULL" : `'${String(s).replaceAll("'", "''")}'`);

/** The normalised key of names and tags (workers/core/shared/text.ts `normaliseKey`). */
export const key = (s) => s.normalize("NFC").trim().toLocaleLowerCase("ru").replaceAll("ё", "е");

/** A demo member's id, as a subquery. */
export const user = (name) => `(SELECT id FROM users WHERE username_key = ${q(key(name))})`;

/** A stream item's message: whitespace collapsed, cut at `max` characters (notifications.serializers.ts `excerpt`). */
export function excerpt(text, max = 140) {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** A tag's slug (tags.schemas.ts `tagSlugBase`; the demo tags never collide, so they need no -2 suffixes). */
export function tagSlug(name) {
  return slugify(name, { lowercase: true, separator: "-" }).slice(0, 60).replace(/-+$/, "") || "tag";
}

/** A tag row, created once (its counts are recomputed at the end of the seed). */
export function tagSql(name, now) {
  return `INSERT OR IGNORE INTO tags (slug, name, name_key, posts_count, shouts_count, created_at) VALUES (${q(tagSlug(name))}, ${q(name)}, ${q(key(name))}, 0, 0, ${now});`;
}
