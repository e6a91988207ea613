// `node scripts/bench/profile-split.mjs PROFILE.cpuprofile --build DIR [--in PART] [--top N]`: where a Worker
// profile's time went, by origin — React DOM, React Router, Drizzle, our app's folders, the runtime's D1 client,
// natives — through the server build's source maps; `--in react-router` lists the functions of one origin (any
// part of the source path). Samples count at most 200 µs each: the first sample after the isolate waited (for D1,
// for the next request) carries the whole wait, which would be charged to whatever frame it landed on.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { MAX_SAMPLE_US } from "./profile.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const file = args.find((a, i) => !a.startsWith("--") && !["--build", "--in", "--top"].includes(args[i - 1]));
const build = path.resolve(option("--build", "build"));
const part = option("--in");
const top = Number(option("--top", "25"));
const REQUESTS = 20; // scripts/bench/profile.mjs

const profile = JSON.parse(readFileSync(file, "utf8"));
const maps = new Map();
function mapFor(url) {
  const name = url.split("/").pop();
  if (!maps.has(name)) {
    const found = [path.join(build, "server", `${name}.map`), path.join(build, "server/assets", `${name}.map`)].find(
      existsSync,
    );
    maps.set(name, found ? new TraceMap(readFileSync(found, "utf8")) : null);
  }
  return maps.get(name);
}

function origin(source) {
  if (!source) return "?";
  for (const pkg of ["react-dom", "react-router", "drizzle-orm", "hono", "zod"])
    if (source.includes(`/${pkg}/`)) return pkg;
  if (source.includes("node_modules/")) return `npm:${source.split("node_modules/").pop().split("/")[0]}`;
  const [, dir, rest] = /\/(app|workers)\/(.*)$/.exec(source) ?? [];
  return dir
    ? `${dir}/${rest
        .split("/")
        .slice(0, dir === "app" ? 1 : 2)
        .join("/")}`
    : source;
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const totals = new Map();
let busy = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  const frame = nodes.get(profile.samples[i]).callFrame;
  if (frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
  const ms = Math.min(profile.timeDeltas[i] ?? 0, MAX_SAMPLE_US) / 1000;
  busy += ms;
  let key;
  const ours = frame.url && !/^(cloudflare|node)-internal/.test(frame.url);
  if (part && !ours) continue;
  if (!frame.url) key = `native ${frame.functionName}`;
  else if (!ours) key = frame.url.split(":").slice(0, 2).join(":");
  else {
    const map = mapFor(frame.url);
    const at = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
    if (part) {
      if (!at?.source?.includes(part)) continue;
      key = `${frame.functionName || "(anonymous)"} ${at.source.split("/").slice(-2).join("/")}:${at.line}`;
    } else key = origin(at?.source);
  }
  totals.set(key, (totals.get(key) ?? 0) + ms);
}
console.log(`${(busy / REQUESTS).toFixed(2)} ms a request sampled (samples capped at ${MAX_SAMPLE_US} µs)`);
for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${(ms / REQUESTS).toFixed(2).padStart(7)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${key}`);
