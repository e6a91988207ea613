import { stemmer } from "@orama/stemmers/russian";
import { russian } from "./dictionary";
import { foldWord } from "./lemmas";

/**
 * A word of a query and what it matches in the index (docs/decisions/0031-russian-search.md):
 * - a Russian word the dictionary knows: every form of its lemmas, exactly (сна → сон, сна, сну …);
 * - a Russian word it lacks (names, slang): its Snowball stem as a prefix (нубами → нуб*);
 * - a number: itself only («ведьмак 3» does not find 30);
 * - any other word (Latin names): itself as a prefix (witcher → witchers).
 */
export interface QueryWord {
  /** As typed, folded (lower case, ё = е). */
  word: string;
  /** Exact forms it matches (empty when it matches by prefix only). */
  forms: ReadonlySet<string>;
  /** A prefix whose every word it matches, or null. */
  prefix: string | null;
}

/** Words a query may hold; more are ignored. */
export const MAX_WORDS = 8;

const CYRILLIC = /^[а-я]+$/;
const NUMBER = /^\p{N}+$/u;

/**
 * Words as the index's tokenizer (unicode61) cuts them: runs of letters and digits; a hyphen or any other
 * character separates (half-life → half, life; кто-то → кто, то).
 */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * A word folded as the index folds it: lower case, ё = е, and diacritics off letters other than Cyrillic
 * (Pokémon = pokemon; й stays й).
 */
export function foldToken(raw: string): string {
  const word = foldWord(raw.normalize("NFC"));
  // Only runs outside the Cyrillic block lose their diacritics: a mixed word (тайнаязаписка2x) keeps its й.
  return word.replace(/[^\u0400-\u04ff]+/gu, (run) => run.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC"));
}

/** One word of a query. */
export function queryWord(raw: string): QueryWord {
  const word = foldToken(raw);
  if (NUMBER.test(word)) return { word, forms: new Set([word]), prefix: null };
  if (!CYRILLIC.test(word)) return { word, forms: new Set([word]), prefix: word };
  const forms = russian().forms(word);
  if (forms) return { word, forms: new Set([word, ...forms]), prefix: null };
  const stem = stemmer(word);
  return { word, forms: new Set([word]), prefix: stem.length >= 2 ? stem : word };
}

/** The words of a query (at most MAX_WORDS, each once). */
export function queryWords(q: string): QueryWord[] {
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  for (const raw of q.match(WORD) ?? []) {
    const folded = foldToken(raw);
    if (seen.has(folded)) continue;
    seen.add(folded);
    words.push(queryWord(raw));
    if (words.length === MAX_WORDS) break;
  }
  return words;
}

/** The FTS5 expression of one word: its forms OR'ed, or its prefix. Quoted: nothing typed is FTS5 syntax. */
export function ftsTerm(word: QueryWord): string {
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  if (word.prefix !== null) return `${quote(word.prefix)}*`;
  const forms = [...word.forms].map(quote);
  return forms.length === 1 ? (forms[0] as string) : `(${forms.join(" OR ")})`;
}

/** The FTS5 query of all the words, every one required; null when there is none. */
export function ftsQuery(words: QueryWord[]): string | null {
  return words.length ? words.map(ftsTerm).join(" AND ") : null;
}

/** How a folded token of a text matches a query word: the form typed, another form, or not at all. */
export function matchKind(word: QueryWord, token: string): "exact" | "form" | null {
  if (token === word.word) return "exact";
  if (word.forms.has(token) || (word.prefix !== null && token.startsWith(word.prefix))) return "form";
  return null;
}

/**
 * A letter, digit or mark outside ASCII, Latin-1's symbols and the Cyrillic block (a letter with a diacritic, a
 * combining mark, another script). A text without one folds one character for one (lower case, ё = е; nothing to
 * compose or strip); punctuation, №, emoji and other symbols are never part of a token.
 */
const NOT_PLAIN = /(?![\u0020-\u00bf\u0400-\u04ff])[\p{L}\p{N}\p{M}]/u;

/** A token of a text: its place, and the token folded for matching. */
export interface Token {
  start: number;
  end: number;
  folded: string;
}

/** The tokens of `text` with their places, as the index cuts them, each folded for matching. */
export function* tokens(text: string): Generator<Token> {
  // Most texts here are Russian and English: folded once as a whole, each token is then a slice of it (a search
  // result page folds the texts of sixty candidate posts; docs/decisions/0040-render-cpu.md).
  const folded = NOT_PLAIN.test(text) ? null : foldWord(text);
  for (const m of text.matchAll(WORD)) {
    const end = m.index + m[0].length;
    yield { start: m.index, end, folded: folded === null ? foldToken(m[0]) : folded.slice(m.index, end) };
  }
}

/** A character of a token, as WORD takes them. */
const WORD_CHAR = "[\\p{L}\\p{N}\\p{M}]";
const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
const matchers = new WeakMap<readonly QueryWord[], RegExp>();

/**
 * One expression finding, in a folded text, every whole token that matches one of `words`: one of its forms, or a
 * token starting with its prefix. Built once per query (a result page matches sixty texts against it).
 */
function matcher(words: readonly QueryWord[]): RegExp {
  let re = matchers.get(words);
  if (!re) {
    const alternatives = words.flatMap((w) => {
      const forms = [...w.forms].map(escapeRegExp);
      return w.prefix === null ? forms : [...forms, `${escapeRegExp(w.prefix)}${WORD_CHAR}*`];
    });
    re = new RegExp(`(?<!${WORD_CHAR})(?:${alternatives.join("|")})(?!${WORD_CHAR})`, "gu");
    matchers.set(words, re);
  }
  return re;
}

/**
 * The tokens of `text` that match a word of the query (`matchKind` is not null), in order, found as they are read
 * (a caller that has what it needs stops early). A Russian or English text is searched by one regular expression
 * over its folded whole instead of token by token: on a search page walking every token of sixty candidate texts
 * was a fifth of the render (decision 0040).
 */
export function* matchingTokens(text: string, words: readonly QueryWord[]): Generator<Token> {
  if (words.length === 0) return;
  if (NOT_PLAIN.test(text)) {
    for (const token of tokens(text)) if (words.some((word) => matchKind(word, token.folded) !== null)) yield token;
    return;
  }
  for (const m of foldWord(text).matchAll(matcher(words))) {
    yield { start: m.index, end: m.index + m[0].length, folded: m[0] };
  }
}
