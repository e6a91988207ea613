// `npm run bench:ab -- --a DIR --b DIR [--only home,post100] [--rounds 3] [--duration 8]`: two builds of the site
// compared on the bench dataset, one server at a time, rounds alternating A, B, B, A, … so that both meet the same
// load from the rest of this shared machine. For each scenario: CPU ms per request (the server's process tree,
// /proc) and requests per second, medians over the rounds, and B / A. Every server runs with PAGE_CACHE=off (full
// renders). A build directory holds `client/` and `server/` (a copy of `build/`: `cp -r build /tmp/build-a`).
import path from "node:path";
import autocannon from "autocannon";
import { HOT_POST_ID, MEDIUM_POST_ID, MEMBER, postSlug, STATE_DIR } from "./dataset.mjs";
import { cpuSince, startServer, stopServer } from "./server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const builds = { A: path.resolve(option("--a")), B: path.resolve(option("--b")) };
const ROUNDS = Number(option("--rounds", "3"));
const DURATION = Number(option("--duration", "8"));
const STATE = path.resolve(option("--state", STATE_DIR));
const member = { Cookie: `sessionid=${MEMBER.token}` };

const SCENARIOS = [
  { id: "floor", path: "/favicon.svg" },
  { id: "home", path: "/" },
  { id: "member-home", path: "/", headers: member },
  { id: "post100", path: `/posts/${postSlug(MEDIUM_POST_ID)}` },
  { id: "member-post100", path: `/posts/${postSlug(MEDIUM_POST_ID)}`, headers: member },
  { id: "hot", path: `/posts/${postSlug(HOT_POST_ID)}` },
  { id: "bonfire", path: "/bonfire" },
  { id: "member-bonfire", path: "/bonfire", headers: member },
  { id: "shout", path: "/bonfire/200000" },
  { id: "tag", path: "/tags/retro" },
  { id: "profile", path: "/users/2" },
  { id: "search", path: `/search?q=${encodeURIComponent("вступлением")}` },
  { id: "calendar", path: "/calendar" },
];
const only = option("--only")?.split(",");
const scenarios = SCENARIOS.filter((s) => !only || only.includes(s.id) || s.id === "floor");

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const results = new Map(); // id → { A: [{cpu, rps}], B: [...] }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? ["B", "A"] : ["A", "B"];
  for (const name of order) {
    const server = await startServer(STATE, { vars: { PAGE_CACHE: "off" }, extraArgs: ["--build", builds[name]] });
    try {
      for (const s of scenarios) {
        const url = `${server.base}${s.path}`;
        await load(url, s.headers, 2);
        const before = server.cpu();
        const result = await load(url, s.headers, DURATION);
        const used = cpuSince(before, server.cpu());
        const requests = result.requests.total;
        const bad = result.non2xx + result.errors;
        const entry = results.get(s.id) ?? { A: [], B: [] };
        entry[name].push({ cpu: used.total / requests, rps: result.requests.average, bad });
        results.set(s.id, entry);
        console.log(
          `round ${round + 1} ${name} ${s.id.padEnd(16)} ${(used.total / requests).toFixed(2).padStart(7)} ms/req ${result.requests.average.toFixed(1).padStart(7)} req/s${bad ? ` (${bad} non-2xx/errors)` : ""}`,
        );
      }
    } finally {
      stopServer(server.server);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
console.log(
  `\n${"scenario".padEnd(16)} ${"A ms".padStart(7)} ${"B ms".padStart(7)} ${"B/A".padStart(5)}  ${"A rps".padStart(7)} ${"B rps".padStart(7)}`,
);
const floor = results.get("floor");
for (const [id, { A, B }] of results) {
  const a = median(A.map((r) => r.cpu));
  const b = median(B.map((r) => r.cpu));
  const above =
    id === "floor"
      ? ""
      : `  above floor: ${(a - median(floor.A.map((r) => r.cpu))).toFixed(2)} → ${(b - median(floor.B.map((r) => r.cpu))).toFixed(2)}`;
  console.log(
    `${id.padEnd(16)} ${a.toFixed(2).padStart(7)} ${b.toFixed(2).padStart(7)} ${(b / a).toFixed(2).padStart(5)}  ${median(
      A.map((r) => r.rps),
    )
      .toFixed(1)
      .padStart(7)} ${median(B.map((r) => r.rps))
      .toFixed(1)
      .padStart(7)}${above}`,
  );
}
process.exit(0);
