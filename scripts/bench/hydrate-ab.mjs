// `npm run bench:hydrate -- --a DIR --b DIR [--path /posts/bench-99949] [--member] [--rounds 5]`: what two
// builds cost the browser to load and hydrate one page of the bench dataset (Chromium, CPU slowed 4×): the main
// thread's script and task time (CDP Performance metrics) from navigation until the page is hydrated and idle,
// rounds alternating A, B, B, A, medians. The server side is `npm run bench:ab`'s; this is the client's.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, ensureChromium } from "../chromium.mjs";
import { MEMBER, STATE_DIR } from "./dataset.mjs";
import { startServer, stopServer } from "./server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
if (!option("--a") || !option("--b")) {
  console.error("Нужны две сборки: --a КАТАЛОГ --b КАТАЛОГ (каталоги build/ двух версий сайта).");
  process.exit(2);
}
if (!existsSync(STATE_DIR)) {
  console.error(`Нет набора данных бенчмарка (${STATE_DIR}): сначала npm run bench:seed.`);
  process.exit(2);
}
const builds = { A: path.resolve(option("--a")), B: path.resolve(option("--b")) };
const pagePath = option("--path", "/posts/bench-99949");
const rounds = Number(option("--rounds", "5"));
const member = args.includes("--member");

async function measure(browser, origin) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (member) await context.addCookies([{ name: "sessionid", value: MEMBER.token, url: origin }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const before = await cdp.send("Performance.getMetrics");
  await page.goto(origin + pagePath, { waitUntil: "load" });
  await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 }).catch(() => {});
  await page.waitForTimeout(1500);
  const after = await cdp.send("Performance.getMetrics");
  const get = (m, name) => m.metrics.find((x) => x.name === name)?.value ?? 0;
  const result = {
    script: (get(after, "ScriptDuration") - get(before, "ScriptDuration")) * 1000,
    task: (get(after, "TaskDuration") - get(before, "TaskDuration")) * 1000,
  };
  await context.close();
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const servers = {};
for (const name of ["A", "B"]) {
  const state = `/tmp/kostyor-hydrate-state-${name}`;
  execFileSync("sh", ["-c", `rm -rf '${state}' && cp -r '${STATE_DIR}' '${state}'`]);
  servers[name] = await startServer(state, { extraArgs: ["--build", builds[name]] });
}
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const results = { A: [], B: [] };
try {
  for (const name of ["A", "B"]) await measure(browser, servers[name].base); // warm the isolates
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 ? ["B", "A"] : ["A", "B"]) results[name].push(await measure(browser, servers[name].base));
  }
} finally {
  await browser.close();
  for (const name of ["A", "B"]) stopServer(servers[name].server);
}
for (const key of ["script", "task"]) {
  const a = median(results.A.map((x) => x[key]));
  const b = median(results.B.map((x) => x[key]));
  console.log(
    `${key.padEnd(7)} A ${a.toFixed(0).padStart(6)} ms  B ${b.toFixed(0).padStart(6)} ms  B/A ${(b / a).toFixed(2)}`,
  );
}
