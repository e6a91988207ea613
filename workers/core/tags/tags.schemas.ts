import { slugify } from "transliteration";
import { z } from "zod";
import { normaliseKey } from "#workers/core/shared/text";

/** Universal (client-safe) rules for tags. */
export const TAG_NAME_MIN = 2;
export const TAG_NAME_MAX = 40;
export const TAGS_PER_POST = 10;

/** Stress marks (acute, grave) written over Russian vowels: "ведьма́к" is the same tag as "ведьмак". */
function stripStress(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300\u0301]/g, "")
    .normalize("NFC");
}

/** The display form of a tag name: trimmed, inner whitespace collapsed, stress marks removed. */
export function cleanTagName(value: string): string {
  return stripStress(value.replace(/\s+/g, " ").trim());
}

/**
 * The key tags are compared by: case folded in Russian, ё = е, stress marks removed (SQLite lower() folds ASCII
 * only, so the key is computed here and stored in `tags.name_key`).
 */
export function tagKey(name: string): string {
  return normaliseKey(cleanTagName(name));
}

/** The readable part of a tag's slug (its transliteration); "tag" when nothing transliterable is left. */
export function tagSlugBase(name: string): string {
  const base = slugify(cleanTagName(name), { lowercase: true, separator: "-" }).slice(0, 60).replace(/-+$/, "");
  return base || "tag";
}

export const ZTagName = z
  .string({ error: "Тег должен быть строкой." })
  .transform(cleanTagName)
  .pipe(
    z
      .string()
      .min(TAG_NAME_MIN, `Тег должен быть не короче ${TAG_NAME_MIN} символов.`)
      .max(TAG_NAME_MAX, `Тег должен быть не длиннее ${TAG_NAME_MAX} символов.`)
      .regex(/^[^<>{}\\]+$/u, "Тег содержит недопустимые символы."),
  );

/** Tags of a post, by name; repeats (by key) are dropped, order is kept. */
export const ZTagNames = z
  .array(ZTagName, { error: "Теги — это список строк." })
  .max(TAGS_PER_POST, `Не больше ${TAGS_PER_POST} тегов.`)
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((name) => {
      const key = tagKey(name);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** Links are skipped when looking for #tags (a URL's #fragment is not a tag). */
const HASHTAG_URL = /https?:\/\/[^\s<>"']+/gu;
/** "#name" after a start, space or punctuation (not inside a word, not "&#…"); letters, digits, "_", "-". */
const HASHTAG = /(^|[^\p{L}\p{N}_&#/])#([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu;

/**
 * The #tags of a plain text (shouts), as the text renders them: names of letters, digits, "_" and "-" (a
 * trailing "-" or "_" is dropped), valid tag names only, repeats (by key) dropped, at most TAGS_PER_POST.
 */
export function hashtagNames(text: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const match of text.replace(HASHTAG_URL, " ").matchAll(HASHTAG)) {
    const name = match[2].replace(/[-_]+$/u, "");
    if (!ZTagName.safeParse(name).success) continue;
    const key = tagKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(cleanTagName(name));
    if (names.length >= TAGS_PER_POST) break;
  }
  return names;
}

export const TAG_ITEM_TYPES = ["posts", "shouts"] as const;
export type TagItemType = (typeof TAG_ITEM_TYPES)[number];
export const ZTagItemType = z.enum(TAG_ITEM_TYPES, { error: "Такого типа записей у тегов нет." });
