import { matchingTokens, matchKind, type QueryWord } from "./terms";

/**
 * A piece of plain text and the ranges in it that matched, as [start, end) offsets: the UI renders the text as
 * text and wraps the ranges in <mark> (no HTML from content is ever built or trusted).
 */
export interface Marked {
  text: string;
  marks: [number, number][];
}

/** What a text holds of a query: its marks, and the query words it has in the very form typed. */
export interface TextMatch extends Marked {
  exact: Set<string>;
}

/**
 * Every token of `text` that matches a word of the query; with `reach`, only those starting within `reach`
 * characters of the first, once every word of the query is known to be there in the form typed (nothing later can
 * change `exact` then): a long text is read only as far as a fragment of it shows.
 */
export function markText(text: string, words: QueryWord[], reach = Number.POSITIVE_INFINITY): TextMatch {
  const marks: [number, number][] = [];
  const exact = new Set<string>();
  let before = Number.POSITIVE_INFINITY;
  for (const token of matchingTokens(text, words)) {
    if (token.start >= before && exact.size === words.length) break;
    if (!marks.length) before = token.start + reach;
    marks.push([token.start, token.end]);
    for (const word of words) if (matchKind(word, token.folded) === "exact") exact.add(word.word);
  }
  return { text, marks, exact };
}

/** Characters of a fragment: a couple of lines of a result. */
export const FRAGMENT_LENGTH = 180;
/** Context shown before the first match. */
const LEAD = 50;

/**
 * A fragment of `text` (white space collapsed) around its first match, up to `max` characters, cut at word
 * boundaries with an ellipsis where cut; null when nothing in it matches.
 */
export function fragment(text: string, words: QueryWord[], max = FRAGMENT_LENGTH): TextMatch | null {
  const flat = text.replace(/\s+/g, " ").trim();
  // The fragment ends within `max` of its first match: marks after that are never shown.
  const all = markText(flat, words, max);
  const first = all.marks[0];
  if (!first) return null;
  let start = Math.max(0, first[0] - LEAD);
  if (start > 0) {
    const space = flat.indexOf(" ", start);
    start = space >= 0 && space < first[0] ? space + 1 : first[0];
  }
  let end = Math.min(flat.length, start + max);
  if (end < flat.length) {
    const space = flat.lastIndexOf(" ", end);
    if (space > first[1]) end = space;
  }
  const lead = start > 0 ? "…" : "";
  const text2 = `${lead}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
  const marks = all.marks
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s - start + lead.length, e - start + lead.length]);
  return { text: text2, marks, exact: all.exact };
}

/** What a search result shows of its match: its title marked (when it has one) and a fragment of its text. */
export interface Highlight {
  title: Marked | null;
  text: Marked | null;
}

/** The Marked part of a match (`exact` is for ranking only). */
export function marked(match: TextMatch | null): Marked | null {
  return match ? { text: match.text, marks: match.marks } : null;
}
