/**
 * Case-insensitive keys for Russian text. SQLite's lower() folds ASCII only, so every lookup that must
 * ignore case (usernames, e-mails, later tags) compares against a column filled with this.
 */
export function normaliseKey(value: string): string {
  return value.normalize("NFC").trim().toLocaleLowerCase("ru").replaceAll("ё", "е");
}

/**
 * Characters no text we keep may hold: C0 controls but tab and line feed (carriage returns are turned into
 * line feeds first), DEL and C1 controls, Unicode noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF …) and lone
 * surrogates (`\p{Cs}` in a `u` regex matches only unpaired halves).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Noncharacter_Code_Point}|\p{Cs}/gu;

/**
 * A text as we store it: line breaks as LF, forbidden characters dropped, NFC. Multi-line text keeps its line
 * feeds and tabs; in a one-line text each run of them becomes one space.
 */
export function cleanText(value: string, multiline: boolean): string {
  const text = value.replace(/\r\n?/g, "\n").replace(FORBIDDEN_CHARS, "").normalize("NFC");
  return multiline ? text : text.replace(/[\t\n]+/g, " ");
}

/** Everything outside XML 1.0's `Char` production (lone surrogates included). */
const XML_INVALID_CHARS = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** A string with every character XML 1.0 cannot carry removed (the last guard of the feed writers). */
export function xmlSafe(value: string): string {
  return value.replace(XML_INVALID_CHARS, "");
}
