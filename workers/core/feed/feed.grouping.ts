import { stemmer } from "@orama/stemmers/russian";
import { normaliseKey } from "#workers/core/shared/text";

/**
 * Grouping entries about the same story (docs/decisions/0030-news-feed.md). A title becomes a set of tokens:
 * Russian words as their Snowball stems (ё folded, as search does), Latin words and numbers as they are (names:
 * «GTA», «6», «Switch»), roman numerals as numbers (GTA VI = GTA 6), function words dropped. Two titles are
 * compared by weighted Dice similarity: names, numbers and rare words weigh more than the words every gaming
 * headline uses («вышла», «трейлер», «игра»). An entry joins the group of its most similar recent entry when the
 * similarity reaches GROUP_THRESHOLD (measured on tests/fixtures/feeds/headlines-labelled.json).
 */

/** Entries published within this many days before an entry are the candidates it may join. */
export const GROUP_WINDOW_DAYS = 3;
/** Chosen on the labelled set (docs/benchmarks.md «Группировка новостей»). */
export const GROUP_THRESHOLD = 0.4;

/** Words with no story in them: prepositions, conjunctions, pronouns, and Latin articles. */
const STOP_WORDS = new Set(
  (
    "в во на и с со о об обо по к ко за из изо от до для не ни что как это а но же ли у при про под над без через " +
    "или то так его ее их он она они мы вы все всё уже еще ещё этот эта эти том тот там тут бы был была были будет " +
    "the a an of and to in for on at by with from is are"
  ).split(" "),
);

/** Stems every gaming headline is full of: they count, but a quarter of a name. */
const COMMON_STEMS = new Set(
  (
    "игр игрок вышл вышел выход выйдет вышл выпуст выпуска релиз дат трейлер тизер анонс анонсирова показа показал " +
    "получ получа нов новост обновлен патч верс сто стал станет год месяц перв втор разработчик студ компан " +
    "официальн подтверд назва рассказа слух инсайдер больш крупн бесплатн доступн ранн дополнен"
  ).split(" "),
);

const ROMAN: Record<string, string> = {
  ii: "2",
  iii: "3",
  iv: "4",
  v: "5",
  vi: "6",
  vii: "7",
  viii: "8",
  ix: "9",
  x: "10",
};

/**
 * Words headlines write both ways: units («30 млн» = «30 миллионов»), abbreviations (РКН, EGS, CS2, TGA) and the
 * Russian names of well-known series (Ведьмак = Witcher).
 */
const SYNONYMS: Record<string, string[]> = {
  млн: ["миллион"],
  млрд: ["миллиард"],
  тыс: ["тысяч"],
  $: ["доллар"],
  "%": ["процент"],
  долл: ["доллар"],
  ркн: ["роскомнадзор"],
  пк: ["pc"],
  ps5: ["playstation", "5"],
  ps4: ["playstation", "4"],
  egs: ["epic", "games", "store"],
  ea: ["electronic", "arts"],
  cs2: ["counter", "strike", "2"],
  tga: ["game", "awards"],
  ведьмак: ["witcher"],
  сталкер: ["stalker"],
  готик: ["gothic"],
  метр: ["metro"],
};

/** Units and months a number is read with: «30 млн» and «30 мая» are different facts, «30» alone is not one. */
const NUMBER_UNITS = new Set(
  "миллион миллиард тысяч доллар процент коп час ден дня январ феврал март апрел ма июн июл август сентябр октябр ноябр декабр".split(
    " ",
  ),
);

function wordToken(word: string): string {
  if (/^\d+(?:[.,]\d+)*$/.test(word)) return word.replace(",", ".").replace(/^0+(?=\d)/, "");
  if (/[а-я]/.test(word)) return word.length > 3 ? stemmer(word) : word;
  return ROMAN[word] ?? word;
}

/** The tokens of a title (unique, in order). */
export function titleTokens(title: string): string[] {
  // Dotted acronyms (S.T.A.L.K.E.R.) as one word.
  const text = normaliseKey(title).replace(/(?:\p{L}\.){2,}\p{L}?\.?/gu, (m) => m.replaceAll(".", ""));
  const words = text.match(/\$|%|\d+(?:[.,]\d+)+|[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu) ?? [];
  // Stop words stay as null here: a number and its unit are read together only when next to each other.
  const tokens: (string | null)[] = [];
  for (const raw of words) {
    const word = raw.replace(/['’]s$/, "");
    if (STOP_WORDS.has(word)) tokens.push(null);
    else tokens.push(...(SYNONYMS[wordToken(word)] ?? [wordToken(word)]));
  }
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === null) continue;
    const next = tokens[i + 1];
    if (/^\d+$/.test(token) && next && NUMBER_UNITS.has(next)) {
      out.push(`${token}_${next}`);
      i++;
    } else out.push(token);
  }
  return [...new Set(out)];
}

/**
 * Names of platforms, stores and shows: they say where a story happens, not whose story it is (a Steam record of
 * one game is not that of another).
 */
const CONTEXT_NAMES = new Set(
  "steam playstation xbox nintendo switch pc game games awards epic store series one s x ios android".split(" "),
);

/** Latin words and bare numbers: mostly names (GTA, 6, Switch). */
function isName(token: string): boolean {
  return !/[а-я.]/.test(token) && !token.includes("_");
}

/** A bare number, a number with its unit (30_миллион) or a version (2.3). */
function isNumber(token: string): boolean {
  return /^\d/.test(token);
}

/** A name that tells whose story it is: a Latin word that is not a platform, store or show. */
function isSubject(token: string): boolean {
  return isName(token) && !/^\d+$/.test(token) && !CONTEXT_NAMES.has(token);
}

/** How much a token says about the story: numbers with units and names most, headline filler least. */
export function tokenWeight(token: string): number {
  if (token.includes("_") || token.includes(".")) return 2;
  if (/^\d+$/.test(token)) return 1.5;
  if (CONTEXT_NAMES.has(token)) return 1;
  if (isName(token)) return 1.5;
  if (COMMON_STEMS.has(token)) return 0.5;
  return 1;
}

/** Two titles sharing names but no word of an event (the same game, another story) count this much less. */
const NAMES_ONLY_FACTOR = 0.5;

/**
 * Weighted Dice similarity of two token sets, 0…1. Titles whose names all differ (another game, the same kind
 * of story) or whose numbers all differ (another version, date or sum) score 0, and titles sharing only names (the same game, another story) half: a story is a subject
 * and an event.
 */
export function similarity(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  const inB = new Set(b);
  let shared = 0;
  let sharedEvent = 0;
  let total = 0;
  for (const token of a) {
    const weight = tokenWeight(token);
    total += weight;
    if (inB.has(token)) {
      shared += weight;
      if (!isName(token)) sharedEvent += weight;
    }
  }
  for (const token of b) total += tokenWeight(token);
  const subjectsA = a.filter(isSubject);
  const subjectsB = b.filter(isSubject);
  if (subjectsA.length && subjectsB.length && !subjectsA.some((t) => inB.has(t))) return 0;
  // Numbers name versions, dates and sums: two titles with numbers and none in common tell different facts.
  const numbersA = a.filter(isNumber);
  if (numbersA.length && b.some(isNumber) && !numbersA.some((t) => inB.has(t))) return 0;
  const dice = (2 * shared) / total;
  return sharedEvent > 0 ? dice : dice * NAMES_ONLY_FACTOR;
}

export interface GroupCandidate {
  groupId: number;
  tokens: readonly string[];
}

/** The group a title joins: that of its most similar candidate at or above the threshold, or null (a new group). */
export function chooseGroup(
  tokens: readonly string[],
  candidates: readonly GroupCandidate[],
  threshold = GROUP_THRESHOLD,
): number | null {
  let best: { groupId: number; score: number } | null = null;
  for (const candidate of candidates) {
    const score = similarity(tokens, candidate.tokens);
    if (score >= threshold && (!best || score > best.score)) best = { groupId: candidate.groupId, score };
  }
  return best?.groupId ?? null;
}
