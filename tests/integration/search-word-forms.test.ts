import { stemmer } from "@orama/stemmers/russian";
import { describe, expect, it } from "vitest";
import wordForms from "#tests/fixtures/search/word-forms.json";
import { json, memberClient } from "#tests/factories/client";
import { createShoutRow } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";

/**
 * The word-form set (tests/fixtures/search/word-forms.json, decision 0031): each document is a shout holding
 * the pair's document words and a marker of its own; the query is the pair's query words and that marker, so a
 * query can only find its own document. Recall and false hits are printed beside the baseline of Snowball stem
 * equality (PostgreSQL's `russian` configuration) on the same pairs.
 */
interface Pair {
  query: string;
  doc: string;
  category?: string;
}

const WORD = /[\p{L}\p{N}]+/gu;
const fold = (w: string) => w.toLowerCase().replaceAll("ё", "е");

/** Snowball stem equality: every query word's stem is the stem of some word of the document. */
function baseline(pair: Pair): boolean {
  const stems = new Set((pair.doc.match(WORD) ?? []).map((w) => stemmer(fold(w))));
  return (pair.query.match(WORD) ?? []).every((w) => stems.has(stemmer(fold(w))));
}

/** A marker no other document has (a Latin word: matched as itself). */
function marker(i: number): string {
  return `qx${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}n${i}`;
}

async function run(pairs: Pair[], verbatim: boolean): Promise<{ found: boolean[]; corrected: (string | null)[] }> {
  const author = await createUser();
  const { client } = await memberClient();
  const docs: { mark: string; shout: { id: number } }[] = [];
  for (const [i, pair] of pairs.entries()) {
    const mark = marker(i);
    docs.push({ mark, shout: await createShoutRow(author, { text: `Вот: ${pair.doc}, ${mark}.` }) });
  }
  const found: boolean[] = [];
  const corrected: (string | null)[] = [];
  // A few requests at a time.
  for (let i = 0; i < pairs.length; i += 8) {
    const batch = await Promise.all(
      pairs.slice(i, i + 8).map(async (pair, j) => {
        const { mark, shout } = docs[i + j] as { mark: string; shout: { id: number } };
        const q = `${pair.query} ${mark}`;
        const res = await client.get(`/search?type=shout&q=${encodeURIComponent(q)}${verbatim ? "&verbatim=1" : ""}`);
        expect(res.status, q).toBe(200);
        const ids = (await json<{ id: number }[]>(res)).map((s) => s.id);
        const header = res.headers.get("Search-Corrected-Query");
        return { hit: ids.includes(shout.id), corrected: header ? decodeURIComponent(header) : null };
      }),
    );
    for (const r of batch) {
      found.push(r.hit);
      corrected.push(r.corrected);
    }
  }
  return { found, corrected };
}

const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;

describe("search: Russian word forms", () => {
  it("finds ≥ 95% of the positive pairs with ≤ 5% false hits, beside the Snowball baseline", {
    timeout: 180_000,
  }, async () => {
    const positive = wordForms.positive as Pair[];
    const negative = wordForms.negative as Pair[];
    expect(positive.length).toBeGreaterThanOrEqual(200);
    const hits = await run(positive, true);
    const falseHits = await run(negative, true);

    const recall = hits.found.filter(Boolean).length;
    const baseRecall = positive.filter(baseline).length;
    const falseCount = falseHits.found.filter(Boolean).length;
    const baseFalse = negative.filter(baseline).length;
    const missed = positive.filter((_, i) => !hits.found[i]).map((p) => `${p.query} → ${p.doc}`);
    const wrong = negative.filter((_, i) => falseHits.found[i]).map((p) => `${p.query} → ${p.doc}`);
    const byCategory = new Map<string, [number, number, number]>();
    for (const [i, p] of positive.entries()) {
      const c = byCategory.get(p.category ?? "") ?? [0, 0, 0];
      byCategory.set(p.category ?? "", [c[0] + 1, c[1] + Number(hits.found[i]), c[2] + Number(baseline(p))]);
    }
    console.log(
      [
        `word forms: recall ${recall}/${positive.length} (${percent(recall, positive.length)}), false hits ${falseCount}/${negative.length} (${percent(falseCount, negative.length)})`,
        `Snowball stem equality: recall ${baseRecall}/${positive.length} (${percent(baseRecall, positive.length)}), false hits ${baseFalse}/${negative.length} (${percent(baseFalse, negative.length)})`,
        ...[...byCategory].map(([c, [n, ours, base]]) => `  ${c}: ${ours}/${n} (Snowball ${base}/${n})`),
        `missed: ${missed.join("; ") || "none"}`,
        `false hits: ${wrong.join("; ") || "none"}`,
      ].join("\n"),
    );
    expect(recall / positive.length).toBeGreaterThanOrEqual(0.95);
    expect(falseCount / negative.length).toBeLessThanOrEqual(0.05);
    // Clearly better than the baseline.
    expect(recall).toBeGreaterThan(baseRecall);
  });

  it("corrects misspelt words to ones the documents have, and says so", { timeout: 60_000 }, async () => {
    const typos = wordForms.typo as Pair[];
    const { found, corrected } = await run(typos, false);
    const fixed = found.filter(Boolean).length;
    console.log(
      `typos: ${fixed}/${typos.length} found after correction (${percent(fixed, typos.length)}); missed: ${
        typos
          .filter((_, i) => !found[i])
          .map((p) => `${p.query} → ${p.doc}`)
          .join("; ") || "none"
      }`,
    );
    expect(fixed / typos.length).toBeGreaterThanOrEqual(0.8);
    for (const [i, hit] of found.entries()) if (hit) expect(corrected[i], typos[i]?.query).toBeTruthy();
  });
});
