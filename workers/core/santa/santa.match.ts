/**
 * The Secret Santa draw (docs/decisions/0032): one random cycle over every applicant — each gives to the next —
 * so nobody draws themselves and, with three or more people, no two draw each other. Pure and client-safe.
 *
 * Two wishes shape the cycle, weighted: a pair from last year (`avoid`) costs 1000, an edge across countries costs
 * 1 when the giver or the receiver asked for their own country. The cycle starts grouped by country (groups in a
 * random order, people in a random order inside, askers kept away from the group's ends, where the cycle crosses
 * to the next country), then random swaps that never raise the cost take out last year's pairs. If a pair from
 * last year is still left, the search restarts from plain random cycles and keeps the best.
 */

export interface DrawParticipant {
  id: number;
  /** Normalised country (same value, same country). */
  country: string;
  /** Asked to give and receive within their own country when possible. */
  sameCountry: boolean;
}

export interface DrawOptions {
  /** Giver → receiver pairs to avoid (last year's). */
  avoid?: Iterable<readonly [giver: number, receiver: number]>;
  /** A number in [0, 1); crypto-strong by default, seeded in tests. */
  random?: () => number;
}

/** With fewer people a cycle is a self-gift or a mutual pair: the exchange does not run. */
export const MIN_PARTICIPANTS = 3;

const AVOID_COST = 1000;
const RESTARTS = 20;

function cryptoRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** People grouped by country, the groups in random order, each group's ends held by people who did not ask. */
function groupedStart(people: DrawParticipant[], random: () => number): DrawParticipant[] {
  const groups = new Map<string, DrawParticipant[]>();
  for (const person of shuffle(people, random)) {
    const group = groups.get(person.country) ?? [];
    group.push(person);
    groups.set(person.country, group);
  }
  return shuffle([...groups.values()], random).flatMap((group) => {
    const free = group.filter((p) => !p.sameCountry);
    const askers = group.filter((p) => p.sameCountry);
    if (free.length >= 2) return [free[0], ...shuffle([...askers, ...free.slice(2)], random), free[1]];
    return [...free, ...askers];
  });
}

/** The cost of each edge of a cycle and the search that lowers it. */
class Cycle {
  constructor(
    readonly order: DrawParticipant[],
    private readonly avoid: Set<string>,
  ) {}

  edgeCost(k: number): number {
    const n = this.order.length;
    const giver = this.order[((k % n) + n) % n];
    const receiver = this.order[(((k + 1) % n) + n) % n];
    let cost = this.avoid.has(`${giver.id}>${receiver.id}`) ? AVOID_COST : 0;
    if (giver.country !== receiver.country && (giver.sameCountry || receiver.sameCountry)) cost += 1;
    return cost;
  }

  total(): number {
    let sum = 0;
    for (let k = 0; k < this.order.length; k += 1) sum += this.edgeCost(k);
    return sum;
  }

  /** Random swaps of two people, kept when the cost does not rise. */
  improve(random: () => number, iterations: number): number {
    const n = this.order.length;
    let total = this.total();
    for (let step = 0; step < iterations && total > 0; step += 1) {
      const i = Math.floor(random() * n);
      const j = Math.floor(random() * n);
      if (i === j) continue;
      const edges = [...new Set([i - 1, i, j - 1, j].map((k) => (k + n) % n))];
      const before = edges.reduce((sum, k) => sum + this.edgeCost(k), 0);
      [this.order[i], this.order[j]] = [this.order[j], this.order[i]];
      const after = edges.reduce((sum, k) => sum + this.edgeCost(k), 0);
      if (after > before) [this.order[i], this.order[j]] = [this.order[j], this.order[i]];
      else total += after - before;
    }
    return total;
  }
}

/**
 * The cycle as [giver, receiver] pairs (each applicant once as giver and once as receiver), or null with fewer
 * than MIN_PARTICIPANTS people.
 */
export function drawCycle(people: readonly DrawParticipant[], options: DrawOptions = {}): [number, number][] | null {
  if (people.length < MIN_PARTICIPANTS) return null;
  if (new Set(people.map((p) => p.id)).size !== people.length) throw new Error("drawCycle: duplicate participant");
  const random = options.random ?? cryptoRandom;
  const avoid = new Set([...(options.avoid ?? [])].map(([g, r]) => `${g}>${r}`));
  const iterations = Math.max(2000, people.length * 200);

  let best = new Cycle(groupedStart([...people], random), avoid);
  let bestCost = best.improve(random, iterations);
  for (let restart = 0; restart < RESTARTS && bestCost >= AVOID_COST; restart += 1) {
    const next = new Cycle(shuffle([...people], random), avoid);
    const cost = next.improve(random, iterations);
    if (cost < bestCost) [best, bestCost] = [next, cost];
  }
  const order = best.order;
  return order.map((p, k) => [p.id, order[(k + 1) % order.length].id]);
}
