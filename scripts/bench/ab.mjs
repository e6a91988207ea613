// `npm run bench:ab -- --a DIR --b DIR [--only home,post100] [--rounds 6] [--duration 3] [--cached]`: two builds of the site
// compared on the bench dataset. Both servers run at once, each on its own copy of the dataset (made once in
// /tmp), and the measured windows alternate A, B, B, A, … per scenario, so that both builds meet the same load from
// the rest of this shared machine. For each scenario: CPU ms per request (the server's whole process tree, /proc)
// and requests per second, medians over the rounds, and B / A. Both serve full renders (PAGE_CACHE=off), or with
// `--cached` guest pages from the page cache (hits after the first request; member scenarios still render). A build
// directory holds `client/` and `server/` (a copy of `build/`, e.g. `cp -r build /tmp/build-a`).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { MEMBER, STATE_DIR } from "./dataset.mjs";
import { pageScenarios } from "./pages.mjs";
import { cpuSince, startServer, stopServer } from "./server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const builds = { A: path.resolve(option("--a")), B: path.resolve(option("--b")) };
const ROUNDS = Number(option("--rounds", "6"));
const DURATION = Number(option("--duration", "3"));
const STATE = path.resolve(option("--state", STATE_DIR));
const member = { Cookie: `sessionid=${MEMBER.token}` };
const CACHED = args.includes("--cached");

const SCENARIOS = [
  { id: "floor", path: "/favicon.svg" },
  ...pageScenarios().map((s) => ({ id: s.id, path: s.path, headers: s.member ? member : undefined })),
];
const only = option("--only")?.split(",");
const scenarios = SCENARIOS.filter((s) => !only || only.includes(s.id) || s.id === "floor");

/** When the dataset's database last changed (a reseed or a migration writes the file, not the directory above it). */
function datasetChangedMs() {
  const d1 = path.join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = existsSync(d1) ? readdirSync(d1).map((file) => statSync(path.join(d1, file)).mtimeMs) : [];
  return Math.max(statSync(STATE).mtimeMs, ...files);
}

/** A copy of the dataset per build, refreshed when the dataset is newer (writes of one must not reach the other). */
function stateCopy(name) {
  const dir = `/tmp/kostyor-ab-state-${name}`;
  const marker = path.join(dir, ".copied");
  if (!existsSync(marker) || statSync(marker).mtimeMs < datasetChangedMs()) {
    execFileSync("sh", ["-c", `rm -rf '${dir}' && cp -r '${STATE}' '${dir}' && touch '${marker}'`]);
  }
  return dir;
}

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const servers = {};
for (const name of ["A", "B"]) {
  servers[name] = await startServer(stateCopy(name), {
    vars: CACHED ? {} : { PAGE_CACHE: "off" },
    extraArgs: ["--build", builds[name]],
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = new Map();
try {
  for (const s of scenarios) {
    for (const name of ["A", "B"]) await load(`${servers[name].base}${s.path}`, s.headers, 1);
    const entry = { A: [], B: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of round % 2 ? ["B", "A"] : ["A", "B"]) {
        const server = servers[name];
        const before = server.cpu();
        const result = await load(`${server.base}${s.path}`, s.headers, DURATION);
        const used = cpuSince(before, server.cpu());
        const bad = result.non2xx + result.errors;
        if (bad) console.warn(`! ${name} ${s.id}: ${bad} non-2xx/errors`);
        entry[name].push({ cpu: used.total / result.requests.total, rps: result.requests.average });
      }
    }
    results.set(s.id, entry);
    const a = median(entry.A.map((r) => r.cpu));
    const b = median(entry.B.map((r) => r.cpu));
    console.log(
      `${s.id.padEnd(16)} A ${a.toFixed(2).padStart(7)}  B ${b.toFixed(2).padStart(7)} ms/req  B/A ${(b / a).toFixed(2)}`,
    );
  }
} finally {
  for (const server of Object.values(servers)) stopServer(server.server);
}
const floor = results.get("floor");
const floorOf = (name) => median(floor[name].map((r) => r.cpu));
console.log(
  `\n${"scenario".padEnd(16)} ${"A ms".padStart(7)} ${"B ms".padStart(7)} ${"B/A".padStart(5)}  above floor A → B   ${"A rps".padStart(7)} ${"B rps".padStart(7)}`,
);
for (const [id, { A, B }] of results) {
  const a = median(A.map((r) => r.cpu));
  const b = median(B.map((r) => r.cpu));
  const above =
    id === "floor" ? "".padEnd(17) : `${(a - floorOf("A")).toFixed(2)} → ${(b - floorOf("B")).toFixed(2)}`.padEnd(17);
  console.log(
    `${id.padEnd(16)} ${a.toFixed(2).padStart(7)} ${b.toFixed(2).padStart(7)} ${(b / a).toFixed(2).padStart(5)}  ${above}  ${median(
      A.map((r) => r.rps),
    )
      .toFixed(1)
      .padStart(7)} ${median(B.map((r) => r.rps))
      .toFixed(1)
      .padStart(7)}`,
  );
}
process.exit(0);
