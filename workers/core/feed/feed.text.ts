import { decodeHTML } from "entities";
import { cleanText } from "#workers/core/shared/text";

/** The longest title and summary kept (characters); longer ones are cut at a word with «…». */
export const MAX_TITLE_LENGTH = 300;
export const MAX_SUMMARY_LENGTH = 600;

const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|table|tr|td|th|blockquote|pre|figure|figcaption|section|article|header|footer|img|iframe|video)\b[^>]*>/gi;

/**
 * Feed text as we store it: plain text, never HTML. Tags (and what script/style elements hold) are dropped,
 * HTML entities decoded (feeds often escape markup twice: `&lt;b&gt;` arrives as `<b>` from the XML parser),
 * whitespace collapsed, forbidden characters removed (cleanText), cut to `max` characters at a word.
 */
export function plainText(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  const withoutMarkup = value
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    // Block elements part words; inline ones (<b>, <em>, <a> …) sit inside them: «осенью</em>.» stays «осенью.».
    .replace(BLOCK_TAG, " ")
    .replace(/<\/?[a-z][^>]*>/gi, "");
  // Decoded once more after the tags are gone: what was `&amp;lt;` stays visible text, never markup.
  const text = cleanText(decodeHTML(withoutMarkup), false).replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An absolute http(s) URL resolved against `base`, or null (relative links, javascript:, data: …). */
export function absoluteUrl(value: unknown, base: string): string | null {
  if (typeof value !== "string") return null;
  const raw = decodeHTML(value.trim());
  if (!raw || raw.length > 2000) return null;
  try {
    const url = new URL(raw, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** Query parameters that only track the click (utm_*, fbclid …): the same article with them is the same URL. */
const TRACKING_PARAM = /^(utm_[a-z]+|fbclid|gclid|yclid|ysclid|from|ref|rss|_openstat)$/i;

/**
 * The canonical form of an article's URL for deduplication: https and http alike, host lower case without
 * «www.», no fragment, no tracking parameters, no trailing slash.
 */
export function canonicalUrl(url: string): string {
  const parsed = new URL(url);
  for (const key of [...parsed.searchParams.keys()]) {
    if (TRACKING_PARAM.test(key)) parsed.searchParams.delete(key);
  }
  parsed.searchParams.sort();
  const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
  const port = parsed.port ? `:${parsed.port}` : "";
  const path = parsed.pathname.replace(/\/+$/, "");
  const query = parsed.searchParams.toString();
  return `${host}${port}${path}${query ? `?${query}` : ""}`;
}

/** The first <img src> in an HTML fragment (a description or content:encoded), for entries with no enclosure. */
export function firstImage(html: unknown): string | null {
  if (typeof html !== "string") return null;
  const match = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/i.exec(html);
  return match ? match[1] : null;
}
