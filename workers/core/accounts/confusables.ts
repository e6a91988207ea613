import unhomoglyph from "unhomoglyph";

/**
 * Look-alike usernames (issue 11): «Xранитель» with a Latin X must not stand beside the admin «Хранитель».
 * Two names are look-alikes when their skeletons are equal; users.username_skeleton stores it.
 *
 * The mapping table is Unicode's confusables.txt (UTS #39, version 13) as the `unhomoglyph` package ships it
 * (nodeca, MIT, ~29 KB gzipped, no dependencies, plain JS that runs in workerd and in Node). Its function maps
 * each character to its prototype; `skeleton` below wraps it in NFD on both sides as TR39 defines the skeleton.
 *
 * TR39 skeletons are case-sensitive, and a username is not: «кот» must meet «KOT» as well as «kot», though
 * lower-case к maps to ĸ and only upper-case К maps to K. So each character of the username key (already
 * lower-case with ё = е, see normaliseKey) is mapped in both cases and the Latin prototype is kept when one case
 * has it (к → K → k, г → r, н → H → h), then the whole is skeletonised once more (m → rn, 0 → O, 1 → l) and
 * lower-cased. Zero-width and other default-ignorable characters are dropped first.
 *
 * No imports but the package: scripts/seed.mjs computes the same skeletons in Node from this file.
 */

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** The UTS #39 skeleton: NFD, each character replaced by its prototype from confusables.txt, NFD again. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

/** The look-alike key of a username, from its username_key (NFC, trimmed, lower-case, ё → е). */
export function usernameSkeleton(usernameKey: string): string {
  let out = "";
  for (const char of usernameKey.replace(IGNORABLE, "").normalize("NFD")) {
    const upper = skeleton(char.toLocaleUpperCase("ru"));
    const lower = skeleton(char);
    const latin = PRINTABLE_ASCII.test(upper) ? upper : PRINTABLE_ASCII.test(lower) ? lower : upper;
    out += latin.toLocaleLowerCase("ru");
  }
  return skeleton(out).toLocaleLowerCase("ru");
}
