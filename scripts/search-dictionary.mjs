// Compiles dictionary-ru (Hunspell ru_RU, BSD-3-Clause) into the texts workers/core/search/dictionary.ts
// reads (docs/decisions/0031-russian-search.md): `node scripts/search-dictionary.mjs` after upgrading dictionary-ru.
import { readFileSync, writeFileSync } from "node:fs";
import { compileDictionary } from "../workers/core/search/lemmas.ts";

const source = new URL("../node_modules/dictionary-ru/", import.meta.url);
const out = new URL("../workers/core/search/dictionary/", import.meta.url);
const { affixes, words } = compileDictionary(
  readFileSync(new URL("index.aff", source), "utf8"),
  readFileSync(new URL("index.dic", source), "utf8"),
);
writeFileSync(new URL("ru-affixes.txt", out), `${affixes}\n`);
writeFileSync(new URL("ru-words.txt", out), words);
writeFileSync(
  new URL("LICENSE", out),
  `Modified version of the Russian Hunspell dictionary by Alexander I. Lebedev (npm dictionary-ru ${
    JSON.parse(readFileSync(new URL("package.json", source), "utf8")).version
  }), compiled by scripts/search-dictionary.mjs: words folded to lower case with ё as е, sorted, and separately
listed oblique forms of nouns with a fleeting vowel joined to their nominative. The original licence follows.

${readFileSync(new URL("license", source), "utf8")}`,
);
console.log(`ru-words.txt: ${words.split("\n").length - 1} entries, ${Buffer.byteLength(words)} bytes`);
