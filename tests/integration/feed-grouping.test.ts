import { describe, expect, it } from "vitest";
import { chooseGroup, GROUP_THRESHOLD, similarity, titleTokens } from "#workers/core/feed/feed.grouping";
import labelled from "../fixtures/feeds/headlines-labelled.json";

/**
 * The grouping measured on the labelled headlines: each headline is "ingested" in turn (clusters interleaved, as
 * sites publish them) and joins a group or starts one; pairwise precision and recall of the resulting groups
 * against the labels. The numbers go to the test output and docs/benchmarks.md.
 */
interface Labelled {
  cluster: number;
  title: string;
}

const headlines: Labelled[] = [];
const clusters = labelled.clusters as string[][];
const longest = Math.max(...clusters.map((c) => c.length));
for (let round = 0; round < longest; round++) {
  clusters.forEach((titles, cluster) => {
    if (titles[round]) headlines.push({ cluster, title: titles[round] });
  });
}

function groupAll(threshold: number): number[] {
  const assigned: number[] = [];
  const seen: { groupId: number; tokens: string[] }[] = [];
  for (const [index, headline] of headlines.entries()) {
    const tokens = titleTokens(headline.title);
    const groupId = chooseGroup(tokens, seen, threshold) ?? index;
    assigned.push(groupId);
    seen.push({ groupId, tokens });
  }
  return assigned;
}

function measure(threshold: number): { precision: number; recall: number; f1: number } {
  const groups = groupAll(threshold);
  let truePositive = 0;
  let falsePositive = 0;
  let falseNegative = 0;
  for (let i = 0; i < headlines.length; i++) {
    for (let j = i + 1; j < headlines.length; j++) {
      const same = headlines[i].cluster === headlines[j].cluster;
      const grouped = groups[i] === groups[j];
      if (same && grouped) truePositive++;
      else if (grouped) falsePositive++;
      else if (same) falseNegative++;
    }
  }
  const precision = truePositive / (truePositive + falsePositive || 1);
  const recall = truePositive / (truePositive + falseNegative || 1);
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall || 1) };
}

describe("feed grouping", () => {
  it("normalises Russian word forms, names and numbers", () => {
    expect(titleTokens("Продажи «Ведьмака» превысили 30 млн копий")).toEqual(
      titleTokens("продаж ведьмак превысил 30 миллионов коп"),
    );
    expect(titleTokens("GTA VI")).toEqual(["gta", "6"]);
    expect(titleTokens("Baldur's Gate 3")).toEqual(["baldur", "gate", "3"]);
    expect(titleTokens("Ёлка и ель")).toEqual(["елк", "ель"]);
    expect(similarity(titleTokens("GTA 6 перенесли"), titleTokens("GTA VI перенесли"))).toBe(1);
    expect(similarity([], ["a"])).toBe(0);
    // A number goes with its unit only when next to it: «90% на тысячи игр» is 90 per cent, not 90 thousand.
    expect(titleTokens("скидки до 90% на тысячи игр")).toEqual(["скидк", "90_процент", "тысяч", "игр"]);
    expect(titleTokens("продажи превысили 30 млн")).toContain("30_миллион");
  });

  it(`groups the labelled headlines with high precision and recall (threshold ${GROUP_THRESHOLD})`, () => {
    const sweep = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7].map((t) => ({ threshold: t, ...measure(t) }));
    const chosen = measure(GROUP_THRESHOLD);
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(
      `feed grouping on ${headlines.length} headlines in ${clusters.length} stories (pairwise):\n` +
        sweep
          .map(
            (s) =>
              `  threshold ${s.threshold.toFixed(2)}: precision ${pct(s.precision)}, recall ${pct(s.recall)}, F1 ${pct(s.f1)}`,
          )
          .join("\n"),
    );
    expect(chosen.precision).toBeGreaterThanOrEqual(0.95);
    expect(chosen.recall).toBeGreaterThanOrEqual(0.75);
  });
});
