/**
 * Russian word forms from a Hunspell dictionary (docs/decisions/0031-russian-search.md): a word is analysed
 * back to the dictionary entries it is a form of (suffix rules reversed, as Hunspell itself checks a word), and
 * a lemma's paradigm is every form its entries' suffix rules generate. Entries the dictionary lists apart
 * although they are forms of one word (Hunspell ru_RU spells out the oblique forms of nouns with a fleeting
 * vowel: сон, сна, сну …; ветер, ветра) are joined into one lemma when the dictionary is compiled.
 *
 * `compileDictionary` (a Node script, scripts/search-dictionary.mjs) turns dictionary-ru's .aff and .dic into
 * two texts: the suffix rules, and the entries folded (ё = е, lower case), sorted, with their joins. The Worker
 * reads the sorted text as it is, by binary search: nothing to build when an isolate starts. No platform API.
 */

/** Lower case, ё = е: the one spelling of a word in the index and in the dictionary. */
export function foldWord(word: string): string {
  return word.toLowerCase().replaceAll("ё", "е");
}

interface Rule {
  flag: string;
  strip: string;
  add: string;
  cond: RegExp;
}

interface Rules {
  byFlag: Map<string, Rule[]>;
  byAdd: Map<string, Rule[]>;
  maxAdd: number;
}

export interface Morphology {
  /** Every form of every lemma `word` may be a form of (folded), or null when the dictionary lacks it. */
  forms(word: string): string[] | null;
  /** Whether the dictionary knows `word` as a form of some lemma. */
  known(word: string): boolean;
}

/** Suffix rules, one a line: `FLAG strip add condition` (Hunspell's SFX lines; 0 = nothing). */
function parseRules(text: string): Rules {
  const rules: Rules = { byFlag: new Map(), byAdd: new Map(), maxAdd: 0 };
  for (const line of text.split("\n")) {
    const parts = line.trim().split(/\s+/);
    if (parts.length !== 4) continue;
    const [flag, strip, add, cond] = parts as [string, string, string, string];
    const rule: Rule = {
      flag,
      strip: strip === "0" ? "" : strip,
      add: add === "0" ? "" : add,
      cond: new RegExp(`${cond === "." ? "" : cond}$`),
    };
    rules.byFlag.set(flag, [...(rules.byFlag.get(flag) ?? []), rule]);
    rules.byAdd.set(rule.add, [...(rules.byAdd.get(rule.add) ?? []), rule]);
    rules.maxAdd = Math.max(rules.maxAdd, rule.add.length);
  }
  return rules;
}

/** The entries `word` is a form of: itself, and every stem a suffix rule of the stem's flags turns into it. */
function analyse(rules: Rules, flagsOf: (stem: string) => string | undefined, word: string): string[] {
  const found = new Set<string>();
  if (flagsOf(word) !== undefined) found.add(word);
  for (let k = 0; k <= Math.min(rules.maxAdd, word.length - 1); k++) {
    const byAdd = rules.byAdd.get(word.slice(word.length - k));
    if (!byAdd) continue;
    const base = word.slice(0, word.length - k);
    for (const rule of byAdd) {
      const stem = base + rule.strip;
      if (found.has(stem)) continue;
      const flags = flagsOf(stem);
      if (flags?.includes(rule.flag) && rule.cond.test(stem)) found.add(stem);
    }
  }
  return [...found];
}

/** The forms one entry's flags generate, the entry itself included. */
function paradigm(rules: Rules, stem: string, flags: string, into: Set<string>): void {
  into.add(stem);
  for (const flag of new Set(flags)) {
    for (const rule of rules.byFlag.get(flag) ?? []) {
      if (stem.endsWith(rule.strip) && rule.cond.test(stem))
        into.add(stem.slice(0, stem.length - rule.strip.length) + rule.add);
    }
  }
}

/** Oblique-case endings a separately listed noun form may carry (the nominative has none of them). */
const OBLIQUE_ENDINGS = [
  "ами",
  "ями",
  "ом",
  "ем",
  "ей",
  "ам",
  "ям",
  "ах",
  "ях",
  "ов",
  "ев",
  "а",
  "я",
  "у",
  "ю",
  "е",
  "и",
  "ы",
];
/** Endings after a soft consonant: their nominative more likely ends in ь (пня → пень). */
const SOFT_ENDINGS = new Set(["ями", "ем", "ей", "ям", "ях", "ев", "я", "ю"]);
const VOWEL = /[аеиоуыэюя]/;
const CONSONANT = /[бвгджзйклмнпрстфхцчшщ]/;
/**
 * Function words (Snowball's Russian stop list, ё as е): never joined to another word, as a form or as a lemma —
 * «при» is also переть's imperative and «чем» would look like a present tense, but a search for them means them.
 */
const FUNCTION_WORDS = new Set(
  (
    "и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от " +
    "меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам " +
    "ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего " +
    "раз тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем " +
    "чтобы нее сейчас были куда зачем всех никогда можно при наконец два об другой хоть после над больше тот " +
    "через эти нас про всего них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть " +
    "том нельзя такой им более всегда конечно всю между"
  ).split(" "),
);

/** Hunspell ru_RU's flags of verb paradigms (nouns have F, H, I, J, K, N, O …; adjectives A, E, S …). */
const VERB_FLAGS = /[BLMPRTUVWY]/;

/**
 * Nominatives of the oblique stem `stem`, likeliest first: the fleeting vowel back (сн → сон, ветр → ветер,
 * льв → лев, пн → пень, муравь → муравей), then the stem as it is, soft, or without -ер (пут → путь,
 * матер → мать).
 */
function obliqueNominatives(stem: string, soft: boolean): string[] {
  const n = stem.length;
  const last = stem[n - 1] as string;
  const before = stem[n - 2] as string;
  if (last === "ь") return [`${stem.slice(0, -1)}ей`];
  // Short stems are too often other words (имя is not a form of им).
  const plain = n < 3 ? [] : [`${stem}ь`, ...(stem.endsWith("ер") ? [`${stem.slice(0, -2)}ь`] : [])];
  if (VOWEL.test(last) || VOWEL.test(before)) return plain;
  if (before === "й" && !soft) return plain; // муравья → муравей, but not пойму → поем
  const hard =
    before === "ь" || before === "й"
      ? [`${stem.slice(0, -2)}е${last}`]
      : [`${stem.slice(0, -1)}о${last}`, `${stem.slice(0, -1)}е${last}`];
  const softened = hard.map((b) => `${b}ь`);
  return [...(soft ? [...softened, ...hard] : [...hard, ...softened]), ...plain];
}

/**
 * Words a separately listed form may belong with, likeliest first (each rule is a regular pattern of Russian
 * inflection Hunspell ru_RU spells out instead of deriving):
 * - an oblique case whose nominative has a fleeting vowel (сна → сон, пути → путь);
 * - a genitive plural with an inserted vowel (земель → земля, окон → окно, писем → письмо, копеек → копейка);
 * - a masculine past tense without -л or with a fleeting е (нёс → несла, мог → могла, шёл → шла);
 * - a plural in -ья (братья → брат, деревья → дерево, сыновья → сын, друзья → друг);
 * - a noun in -мя and its stem in -мен- (время → времени, имя → именами).
 */
function relatives(word: string, flags: string): Relative[] {
  const out: Relative[] = [];
  const push = (...words: string[]) => out.push(...words.map((w) => ({ word: w })));
  if (word.endsWith("мя")) {
    const stem = word.slice(0, -2);
    for (const end of ["мени", "менем", "мена", "мен", "менам", "менами", "менах"])
      out.push({ word: stem + end, flagged: true, more: true });
  }
  for (const ending of OBLIQUE_ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
    // A nominative whose paradigm has this case of its own is another word (весе: все is not a form of вес).
    const stem = word.slice(0, -ending.length);
    for (const w of obliqueNominatives(stem, SOFT_ENDINGS.has(ending)))
      out.push({
        word: w,
        clash: w.replace(/[ьй]$/, "") + ending,
        ...(stem.length < 3 ? { bare: true as const } : {}),
      });
    // The stem itself, when it is a nominative with a paradigm (мечом → меч; not снова → снов).
    if (stem.length >= 3 && CONSONANT.test(stem.slice(-1))) out.push({ word: stem, paradigm: true, clash: word });
  }
  const inserted = /^(.+)[ое]([бвгджзклмнпрстфхцчшщ])ь?$/.exec(word);
  if (inserted && word.length >= 4) {
    const [, head, tail] = inserted as unknown as [string, string, string];
    const stems = VOWEL.test(head.slice(-1)) ? [`${head}й${tail}`] : [head + tail, `${head}ь${tail}`];
    // A nominative with a paradigm of its own (угол is not a form of угля).
    for (const stem of stems) for (const end of ["а", "я", "о", "е"]) out.push({ word: stem + end, paradigm: true });
  }
  if (CONSONANT.test(word.slice(-1)) && !word.endsWith("л")) out.push({ word: `${word}ла`, analysed: true });
  if (/[^аеиоуыэюя]ел$/.test(word)) out.push({ word: `${word.slice(0, -2)}ла`, analysed: true });
  // A singular listed apart and its plural's entry: путь → пути, мать → матери, сон → сны; братьев → братья.
  if (/[бвгджзклмнпрстфхцчшщь]$/.test(word)) {
    const base = word.replace(/ь$/, "");
    const fleeting = /^(.*[бвгджзклмнпрстфхцчшщ])[ое]([бвгджзклмнпрстфхцчшщ])$/.exec(word); // сон → сны
    const plurals = [`${word}ы`, `${word}и`, `${base}и`, `${base}ери`];
    if (fleeting) plurals.push(`${fleeting[1]}${fleeting[2]}ы`, `${fleeting[1]}${fleeting[2]}и`);
    for (const w of plurals) out.push({ word: w, paradigm: true });
  }
  if (/(ьев|[^аеиоуыэюя]ей)$/.test(word)) push(`${word.slice(0, -2).replace(/ь$/, "")}ья`);
  if (word.endsWith("ья") && word.length > 4) {
    const stem = word.slice(0, -2);
    for (const w of [
      stem,
      `${stem}о`,
      `${stem}ь`,
      ...(/[ое]в$/.test(stem) ? [stem.slice(0, -2)] : []),
      ...(stem.endsWith("з") ? [`${stem.slice(0, -1)}г`] : []),
    ])
      out.push({ word: w, flagged: true });
  }
  // A masculine past tense (flag L: могла, могли) and its infinitive: мог → мочь, нёс → нести, умер → умереть.
  if (flags.includes("L") && CONSONANT.test(word.slice(-1))) {
    if (/[гк]$/.test(word)) out.push({ word: `${word.slice(0, -1)}чь`, flagged: true });
    if (/[зсб]$/.test(word)) out.push({ word: `${word}ти`, flagged: true });
    if (word.endsWith("ер")) out.push({ word: `${word}еть`, flagged: true });
  }
  // An imperative (flag B: скажите) and its present tense: скажи → скажу, читай → читаю, режь → режу.
  if (flags.includes("B") && /[иьй]$/.test(word)) {
    const stem = word.slice(0, -1);
    const forms = word.endsWith("й") ? [`${stem}ю`] : [`${stem}у`, `${stem}ю`];
    for (const w of forms) out.push({ word: w, flagged: true, analysed: true });
  }
  // A present or future tense listed apart: its other persons and its infinitive (хочу → хочет, хотеть;
  // иду → идти; начну → начать; пойму → понять; лечу → лететь, лечить).
  const present = /^(.+?)(у|ю|ешь|ет|ем|ете|ут|ют|ишь|ит|им|ите|ат|ят)$/.exec(word);
  if (present && !flags && (present[1] as string).length >= 2) {
    const stem = present[1] as string;
    for (const end of ["у", "ю", "ет", "ит", "ут", "ют", "ат", "ят"]) out.push({ word: stem + end, more: true });
    const verb = (word: string): Relative => ({ word, verb: true });
    if (stem.endsWith("йм")) out.push(verb(`${stem.slice(0, -2)}нять`));
    if (stem.endsWith("н")) out.push(verb(`${stem.slice(0, -1)}ать`), verb(`${stem.slice(0, -1)}ять`));
    for (const end of ["ить", "еть", "ти"]) out.push(verb(stem + end));
    const bases: string[] = [];
    const alternations: [string, string[]][] = [
      ["ч", ["т", "к"]],
      ["ж", ["д", "з", "г"]],
      ["ш", ["с", "х"]],
      ["щ", ["ст", "ск"]],
      ["бл", ["б"]],
      ["пл", ["п"]],
      ["вл", ["в"]],
      ["мл", ["м"]],
      ["фл", ["ф"]],
    ];
    for (const [from, tos] of alternations)
      if (stem.endsWith(from)) for (const to of tos) bases.push(stem.slice(0, -from.length) + to);
    for (const base of bases) for (const end of ["ить", "еть", "ать", "ять"]) out.push(verb(base + end));
  }
  return out;
}

interface Relative {
  word: string;
  /** The candidate must have a paradigm of its own. */
  paradigm?: true;
  /** Also for an entry with flags of its own. */
  flagged?: true;
  /** The candidate must be a verb: verb flags, or none and an infinitive in -ти/-чь (тру is not of треть). */
  verb?: true;
  /** The candidate must be listed without flags (сна → сон; всей is not a form of вес, which has a paradigm). */
  bare?: true;
  /** A form that, in the candidate's paradigm, shows it is another word. */
  clash?: string;
  /** Look on after a candidate found. */
  more?: true;
  /** Not an entry itself, but a form of the entries sought (несла → нести). */
  analysed?: true;
}

/**
 * Build time (Node): dictionary-ru's .aff and .dic as { affixes, words }. `words` holds one entry a line,
 * `word<TAB>flags<TAB>lemmas<TAB>members`, sorted by code unit: the entries a separately listed form belongs
 * with, and on those the forms that belong with them (comma-separated).
 */
export function compileDictionary(affText: string, dicText: string): { affixes: string; words: string } {
  const affixes = foldWord(affText)
    .split("\n")
    .filter((line) => line.startsWith("sfx ") && line.trim().split(/\s+/).length >= 5)
    .map((line) => {
      const [, flag, strip, add, cond] = line.trim().split(/\s+/) as string[];
      return `${(flag as string).toUpperCase()} ${strip} ${add} ${cond}`;
    })
    .join("\n");
  const rules = parseRules(affixes);
  const flags = new Map<string, string>();
  for (const line of dicText.split("\n").slice(1)) {
    const entry = line.trim();
    if (!entry) continue;
    const slash = entry.indexOf("/");
    const word = foldWord(slash < 0 ? entry : entry.slice(0, slash));
    const own = slash < 0 ? "" : entry.slice(slash + 1);
    flags.set(word, [...new Set((flags.get(word) ?? "") + own)].sort().join(""));
  }
  const flagsOf = (stem: string) => flags.get(stem);
  const paradigmOf = (word: string) => {
    const forms = new Set<string>();
    paradigm(rules, word, flags.get(word) ?? "", forms);
    return forms;
  };

  // Entries that are forms of one word are joined into one lemma (union-find). A form joins the first
  // candidate that fits, so a form two words share does not merge them; only same-stem siblings (иду, идет;
  // время, времени) join all.
  const parent = new Map<string, string>();
  const find = (w: string): string => {
    let root = w;
    while (parent.has(root)) root = parent.get(root) as string;
    return root;
  };
  for (const [word, own] of flags) {
    if (FUNCTION_WORDS.has(word)) continue;
    const listedApart = !own && !analyse(rules, flagsOf, word).some((stem) => stem !== word);
    for (const relative of relatives(word, own)) {
      const candidate = relative.word;
      if (
        candidate === word ||
        FUNCTION_WORDS.has(candidate) ||
        (relative.paradigm && !flags.get(candidate)) ||
        (relative.bare && flags.get(candidate))
      )
        continue;
      const candidateFlags = flags.get(candidate) ?? "";
      if (relative.verb && !(VERB_FLAGS.test(candidateFlags) || (!candidateFlags && /(ти|чь)$/.test(candidate))))
        continue;
      if (!listedApart && !relative.flagged) continue; // flagged entries generate their own forms
      // The candidate's entry, or the entries it is a form of (несла → нести).
      const targets = flags.has(candidate) ? [candidate] : relative.analysed ? analyse(rules, flagsOf, candidate) : [];
      // Not one that has a form like this one of its own (меч has меча, so мча is not its form).
      const fit = targets.find((t) => {
        const forms = paradigmOf(t);
        return t !== word && !forms.has(word) && !(relative.clash && forms.has(relative.clash));
      });
      if (fit === undefined) continue;
      const [a, b] = [find(word), find(fit)];
      if (a !== b) parent.set(a, b);
      if (!relative.more) break;
    }
  }
  const members = new Map<string, string[]>();
  for (const word of parent.keys()) {
    const root = find(word);
    members.set(root, [...(members.get(root) ?? []), word]);
  }
  const lemmas = new Map([...parent.keys()].map((w) => [w, [find(w)]]));
  const words = [...flags.keys()]
    .sort()
    .map(
      (word) =>
        `${word}\t${flags.get(word)}\t${(lemmas.get(word) ?? []).join(",")}\t${(members.get(word) ?? []).join(",")}`,
    )
    .join("\n");
  return { affixes, words: `${words}\n` };
}
/** A compiled line: word, flags, the lemmas it belongs with, the words listed apart that belong with it. */
type Entry = [string, string, string, string];

/**
 * Run time: the compiled texts, read in place by binary search over the sorted text itself (a probe backs up
 * to its line's start): nothing is built when an isolate starts.
 */
export function createMorphology(affixes: string, words: string): Morphology {
  const rules = parseRules(affixes);

  /** The line of `word` split into its three fields, or undefined. */
  function entry(word: string): Entry | undefined {
    let lo = 0; // the start of a line
    let hi = words.length; // the end of the range (after a line's "\n")
    while (lo < hi) {
      // mid - 1 ≥ lo - 1, where a "\n" ends the line before lo: the probe's line starts in [lo, mid].
      const first = words.lastIndexOf("\n", ((lo + hi) >> 1) - 1) + 1;
      const end = words.indexOf("\n", first);
      const line = words.slice(first, end);
      const key = line.slice(0, line.indexOf("\t"));
      if (key === word) return line.split("\t") as Entry;
      if (key < word) lo = end + 1;
      else hi = first;
    }
    return undefined;
  }
  const flagsOf = (stem: string) => entry(stem)?.[1];

  return {
    forms(word) {
      const stems = analyse(rules, flagsOf, foldWord(word));
      if (!stems.length) return null;
      const out = new Set<string>();
      const add = (word: string, flags: string) => paradigm(rules, word, flags, out);
      for (const stem of stems) {
        const [, flags, lemmas] = entry(stem) as Entry;
        add(stem, flags);
        for (const lemma of lemmas ? lemmas.split(",") : [stem]) {
          const [, lemmaFlags, , members] = entry(lemma) ?? [lemma, "", "", ""];
          add(lemma, lemmaFlags);
          for (const member of members ? members.split(",") : []) add(member, entry(member)?.[1] ?? "");
        }
      }
      return [...out];
    },
    known(word) {
      return analyse(rules, flagsOf, foldWord(word)).length > 0;
    },
  };
}
