import { slugify } from "transliteration";

/** The slug base of a draft started without a title. */
export const UNTITLED_SLUG = "chernovik";

/** Readable transliterated title plus a short random suffix: "vedmak-3-obzor-k3x9qa". Never changes. */
export function makeSlug(title: string | undefined): string {
  const base =
    slugify(title ?? "", { lowercase: true, separator: "-" })
      .slice(0, 60)
      .replace(/-+$/, "") || UNTITLED_SLUG;
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => alphabet[b % alphabet.length]).join("");
  return `${base}-${suffix}`;
}
