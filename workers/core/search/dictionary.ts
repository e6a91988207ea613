import affixes from "./dictionary/ru-affixes.txt?raw";
import words from "./dictionary/ru-words.txt?raw";
import { createMorphology, type Morphology } from "./lemmas";

let morphology: Morphology | undefined;

/** The Russian dictionary (compiled by scripts/search-dictionary.mjs), read on its first use in an isolate. */
export function russian(): Morphology {
  morphology ??= createMorphology(affixes, words);
  return morphology;
}
