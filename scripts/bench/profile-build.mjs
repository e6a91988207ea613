// `node scripts/bench/profile-build.mjs --build DIR [--out DIR] [scenario …]`: CPU profiles of the Worker's isolate for
// full renders of a built site (any copy of build/) on the bench dataset, without `npm run bench`'s load runs. Each
// scenario: 20 sequential requests after 300 unmeasured ones (`--warm-up N`; scripts/bench/profile.mjs); prints the top
// functions.
// `node scripts/bench/profile-split.mjs OUT/<scenario>.cpuprofile --build DIR` then splits a profile by origin. The
// local D1 object's profile of the same requests is written beside it (`OUT/<scenario>.d1.cpuprofile`): its
// miniflare JavaScript and SQLite, D1's work on Cloudflare.
// `--cached` keeps the page cache on (guest scenarios then profile cache hits). Scenarios: every page of
// scripts/bench/pages.mjs as a guest (`home`, `post100`, `tag`, …) and as the bench's member (`member-home`, …).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { freePorts } from "../lib.mjs";
import { MEMBER, STATE_DIR } from "./dataset.mjs";
import { pageScenarios } from "./pages.mjs";
import { profileRequests } from "./profile.mjs";
import { startServer, stopServer } from "./server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const build = path.resolve(option("--build", "build"));
const out = path.resolve(option("--out", ".wrangler/bench-profiles"));
const member = `sessionid=${MEMBER.token}`;
const SCENARIOS = Object.fromEntries(pageScenarios().map((s) => [s.id, [s.path, s.member ? member : undefined]]));
const valueOptions = new Set(["--build", "--out", "--warm-up"]);
// Requests before sampling, so that V8 has optimized the render's code as a serving isolate has: after 5 the home
// page sampled 14.9 ms of JavaScript a request, after 300 7.8 ms (decision 0040 §16).
const WARM_UP = Number(option("--warm-up", "300"));
const picked = args.filter((a, i) => !a.startsWith("--") && !valueOptions.has(args[i - 1]));
const names = picked.length ? picked : Object.keys(SCENARIOS);
const [inspectorPort] = await freePorts(1);
// `--cached`: the page cache on, so guest pages are cache hits after the first request.
const cached = args.includes("--cached");
const server = await startServer(path.resolve(STATE_DIR), {
  vars: cached ? {} : { PAGE_CACHE: "off" },
  inspectorPort,
  extraArgs: ["--build", build],
});
mkdirSync(out, { recursive: true });
try {
  for (const name of names) {
    const [url, cookie] = SCENARIOS[name];
    for (let i = 0; i < WARM_UP; i++)
      await fetch(`${server.base}${url}`, { headers: cookie ? { Cookie: cookie } : {} }).then((r) => r.arrayBuffer());
    const result = await profileRequests(
      inspectorPort,
      `${server.base}${url}`,
      cookie,
      path.join(out, `${name}.cpuprofile`),
    );
    console.log(`${name}: ${result.summary}`);
    for (const { name: fn, ms, share } of result.top)
      console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(2).padStart(6)} ms  ${fn}`);
  }
} finally {
  stopServer(server.server);
}
process.exit(0);
