/**
 * The order of search results (docs/decisions/0031-russian-search.md): a match in the title above one in the
 * body only, a word in the form typed above its other forms, then freshness, where paws count as recency: each
 * doubling of the paw score is worth as much as a week.
 */
export interface RankedMatch {
  inTitle: boolean;
  /** How many words of the query are there in the form typed. */
  exact: number;
  createdAt: Date;
  paws: number;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function freshness(m: RankedMatch): number {
  return m.createdAt.getTime() + Math.log2(1 + Math.max(0, m.paws)) * WEEK_MS;
}

/** Compares two matches: the better one first. */
export function compareMatches(a: RankedMatch, b: RankedMatch): number {
  return Number(b.inTitle) - Number(a.inTitle) || b.exact - a.exact || freshness(b) - freshness(a);
}
