// `npm test`: typecheck, lint, tests in workerd, browser tests in Chromium — stops at the first failure.
import { run } from "./lib.mjs";

const steps = [
  ["Типы", "npm", ["run", "typecheck"]],
  ["Линтер", "biome", ["lint", "."]],
  ["Тесты в workerd", "vitest", ["run"]],
  ["Браузерные тесты", "node", ["scripts/e2e.mjs"]],
];
for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
  run(command, args);
}
console.log("\n✓ Все проверки пройдены.");
