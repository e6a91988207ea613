import { readFileSync, existsSync } from "node:fs";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
const [profFile, buildDir] = process.argv.slice(2);
const p = JSON.parse(readFileSync(profFile, "utf8"));
const maps = new Map();
function mapFor(url) {
  const file = url.split("/").pop();
  if (maps.has(file)) return maps.get(file);
  let m = null;
  for (const f of [`${buildDir}/server/${file}.map`, `${buildDir}/server/assets/${file}.map`]) if (existsSync(f)) { m = new TraceMap(readFileSync(f, "utf8")); break; }
  maps.set(file, m); return m;
}
const byId = new Map(p.nodes.map((x) => [x.id, x]));
const bucket = new Map(); let total = 0;
function classify(src) {
  if (!src) return "?";
  if (src.includes("react-dom")) return "react-dom";
  if (src.includes("node_modules/react/")) return "react";
  if (src.includes("react-router")) return "react-router";
  if (src.includes("drizzle-orm")) return "drizzle";
  if (src.includes("turbo-stream")) return "turbo-stream";
  if (src.includes("node_modules/")) return "npm:" + src.split("node_modules/").pop().split("/").slice(0, src.includes("/@") ? 2 : 1).join("/");
  if (src.includes("/app/")) return "app/" + src.split("/app/").pop().split("/")[0];
  if (src.includes("/workers/")) return "workers/" + src.split("/workers/").pop().split("/").slice(0,2).join("/");
  return src.split("/").slice(-2).join("/");
}
for (let i = 0; i < p.samples.length; i++) {
  const dt = Math.min(p.timeDeltas[i] ?? 0, 200) / 1000;
  const c = byId.get(p.samples[i]).callFrame;
  if (c.functionName === "(idle)" || c.functionName === "(program)") continue;
  total += dt;
  let k;
  if (!c.url) k = "native:" + c.functionName;
  else if (c.url.startsWith("cloudflare-internal") || c.url.startsWith("node-internal")) k = c.url.split(":").slice(0,2).join(":");
  else { const m = mapFor(c.url); const pos = m ? originalPositionFor(m, { line: c.lineNumber + 1, column: c.columnNumber }) : null; k = classify(pos?.source ?? null); }
  bucket.set(k, (bucket.get(k) ?? 0) + dt);
}
console.log("busy/req", (total / 20).toFixed(2));
for (const [k, v] of [...bucket].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 20).toFixed(2).padStart(6), (100 * v / total).toFixed(1).padStart(5) + "%", k);
