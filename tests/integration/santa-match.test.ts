import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DrawParticipant, drawCycle, MIN_PARTICIPANTS } from "#workers/core/santa/santa.match";

const COUNTRIES = ["россия", "беларусь", "казахстан", "армения"];

/** Applicants with ids 1..n, random countries and same-country wishes. */
const applicants = (min: number, max: number) =>
  fc
    .array(fc.record({ country: fc.constantFrom(...COUNTRIES), sameCountry: fc.boolean() }), {
      minLength: min,
      maxLength: max,
    })
    .map((rows) => rows.map((row, i): DrawParticipant => ({ id: i + 1, ...row })));

/** A seeded generator for the draw (fast-check's seed decides it, so a failure replays). */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

function checkCycle(people: DrawParticipant[], pairs: [number, number][]): void {
  const ids = people.map((p) => p.id).sort((a, b) => a - b);
  expect(pairs.map(([g]) => g).sort((a, b) => a - b)).toEqual(ids);
  expect(pairs.map(([, r]) => r).sort((a, b) => a - b)).toEqual(ids);
  const gives = new Map(pairs);
  for (const [giver, receiver] of pairs) {
    expect(receiver).not.toBe(giver);
    expect(gives.get(receiver)).not.toBe(giver);
  }
  // One cycle: walking from anyone visits everybody before coming back.
  let at = people[0].id;
  const seen = new Set<number>();
  do {
    seen.add(at);
    at = gives.get(at) as number;
  } while (at !== people[0].id && seen.size <= people.length);
  expect(seen.size).toBe(people.length);
}

const crossCountryForAskers = (people: DrawParticipant[], pairs: [number, number][]) => {
  const byId = new Map(people.map((p) => [p.id, p]));
  return pairs.filter(([g, r]) => {
    const giver = byId.get(g) as DrawParticipant;
    const receiver = byId.get(r) as DrawParticipant;
    return giver.country !== receiver.country && (giver.sameCountry || receiver.sameCountry);
  }).length;
};

/** Hundreds of runs each: generous on a busy 2-core machine. */
const SLOW = 30_000;

describe("Secret Santa draw (property tests)", () => {
  it(
    "with fewer than three applicants there is no draw (two would be a mutual pair)",
    () => {
      expect(MIN_PARTICIPANTS).toBe(3);
      fc.assert(fc.property(applicants(0, 2), (people) => drawCycle(people) === null));
    },
    SLOW,
  );

  it(
    "one cycle over everybody: nobody draws themselves, no two draw each other (sizes 3 to 80, 3 included)",
    () => {
      fc.assert(
        fc.property(fc.oneof(applicants(3, 3), applicants(3, 8), applicants(3, 80)), fc.integer(), (people, seed) => {
          const pairs = drawCycle(people, { random: seeded(seed) });
          expect(pairs).not.toBeNull();
          checkCycle(people, pairs as [number, number][]);
        }),
        { numRuns: 300 },
      );
    },
    SLOW,
  );

  it(
    "last year's pairs are avoided (last year a cycle over some of this year's applicants and others)",
    () => {
      fc.assert(
        fc.property(
          applicants(3, 40),
          fc.integer(),
          fc.integer({ min: 0, max: 2 ** 31 }),
          fc.integer({ min: 0, max: 5 }),
          (people, seed, pick, outsiders) => {
            const random = seeded(seed);
            // Last year: a random cycle over a random subset (at least three) of this year's people plus outsiders.
            const pool = people.map((p) => p.id).filter((_, i) => (pick >> (i % 31)) & 1 || i < 3);
            const last = [...pool, ...Array.from({ length: outsiders }, (_, i) => 1000 + i)].sort(() => random() - 0.5);
            const avoid = last.map((id, k) => [id, last[(k + 1) % last.length]] as const);
            const pairs = drawCycle(people, { avoid, random }) as [number, number][];
            checkCycle(people, pairs);
            const forbidden = new Set(avoid.map(([g, r]) => `${g}>${r}`));
            expect(pairs.filter(([g, r]) => forbidden.has(`${g}>${r}`))).toEqual([]);
          },
        ),
        { numRuns: 300 },
      );
    },
    SLOW,
  );

  it(
    "same-country wishes: no crossing for askers when each country has two who did not ask; at most one per country otherwise",
    () => {
      fc.assert(
        fc.property(applicants(3, 60), fc.integer(), (people, seed) => {
          const pairs = drawCycle(people, { random: seeded(seed) }) as [number, number][];
          checkCycle(people, pairs);
          const countries = new Map<string, DrawParticipant[]>();
          for (const p of people) countries.set(p.country, [...(countries.get(p.country) ?? []), p]);
          const bad = crossCountryForAskers(people, pairs);
          if (countries.size === 1) expect(bad).toBe(0);
          else expect(bad).toBeLessThanOrEqual(countries.size);
          if ([...countries.values()].every((group) => group.filter((p) => !p.sameCountry).length >= 2)) {
            expect(bad).toBe(0);
          }
        }),
        { numRuns: 300 },
      );
    },
    SLOW,
  );

  it(
    "everybody asking for their own country in one country: everybody stays home",
    () => {
      const people = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, country: "россия", sameCountry: true }));
      const pairs = drawCycle(people) as [number, number][];
      checkCycle(people, pairs);
      expect(crossCountryForAskers(people, pairs)).toBe(0);
    },
    SLOW,
  );
});
