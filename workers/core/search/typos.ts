import { sql } from "drizzle-orm";
import type { RequestContext } from "#workers/platform/context";
import { russian } from "./dictionary";
import { ftsTerm, type QueryWord, queryWord } from "./terms";

const RUSSIAN = "абвгдежзийклмнопрстуфхцчшщъыьэюя";
const LATIN = "abcdefghijklmnopqrstuvwxyz";
/** Shorter words are not corrected: one letter off makes too many other words of them. */
const MIN_LENGTH = 4;

/** Every word one edit away: a letter dropped, added, replaced, or two neighbours swapped. */
export function edits1(word: string): Set<string> {
  const alphabet = /[а-я]/.test(word) ? RUSSIAN : LATIN;
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of alphabet) {
      out.add(head + c + tail);
      if (tail) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(word);
  return out;
}

/** Whether any document of `index` has the word in some form. */
async function occurs(ctx: RequestContext, index: string, word: QueryWord): Promise<boolean> {
  const table = sql.raw(index);
  const rows = await ctx.db.all(sql`SELECT 1 FROM ${table} WHERE ${table} MATCH ${ftsTerm(word)} LIMIT 1`);
  return rows.length > 0;
}

/**
 * The word one edit away whose forms most documents of `index` hold (its vocabulary: `<index>_vocab`), or
 * null. A candidate is a word of the dictionary (its every form counts) or a term of the index itself.
 */
async function closest(ctx: RequestContext, index: string, word: string): Promise<string | null> {
  const candidates = [...edits1(word)];
  const formsOf = new Map<string, string[]>();
  for (const candidate of candidates) {
    const forms = /[а-я]/.test(candidate) ? russian().forms(candidate) : null;
    formsOf.set(candidate, forms ? [...new Set([candidate, ...forms])] : [candidate]);
  }
  const terms = [...new Set([...formsOf.values()].flat())];
  const vocab = sql.raw(`${index}_vocab`);
  // The vocabulary is looked up term by term (CROSS JOIN keeps the list outside): never scanned whole.
  const rows = await ctx.db.all<{ term: string; doc: number }>(
    sql`SELECT v.term AS term, v.doc AS doc FROM json_each(${JSON.stringify(terms)}) AS c CROSS JOIN ${vocab} AS v WHERE v.term = c.value`,
  );
  const docs = new Map(rows.map((r) => [r.term, r.doc]));
  let best: string | null = null;
  let bestDocs = 0;
  for (const [candidate, forms] of formsOf) {
    const count = forms.reduce((sum, f) => sum + (docs.get(f) ?? 0), 0);
    if (count > bestDocs) {
      best = candidate;
      bestDocs = count;
    }
  }
  return best;
}

/**
 * A query that found nothing, corrected: each word no document of `index` has, of MIN_LENGTH letters or more
 * and not a number, becomes the closest word that some have. Null when no word changed.
 */
export async function correctWords(
  ctx: RequestContext,
  index: string,
  words: QueryWord[],
): Promise<QueryWord[] | null> {
  let changed = false;
  const corrected: QueryWord[] = [];
  for (const word of words) {
    if (word.word.length < MIN_LENGTH || /^\p{N}+$/u.test(word.word) || (await occurs(ctx, index, word))) {
      corrected.push(word);
      continue;
    }
    const better = await closest(ctx, index, word.word);
    corrected.push(better ? queryWord(better) : word);
    changed ||= better !== null;
  }
  return changed ? corrected : null;
}
