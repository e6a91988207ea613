import { readFileSync, existsSync } from "node:fs";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
const [profFile, buildDir, pkg, n] = process.argv.slice(2);
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
const out = new Map();
for (let i = 0; i < p.samples.length; i++) {
  const dt = Math.min(p.timeDeltas[i] ?? 0, 200) / 1000;
  const c = byId.get(p.samples[i]).callFrame;
  if (!c.url || c.url.startsWith("cloudflare-internal")) continue;
  const m = mapFor(c.url); if (!m) continue;
  const pos = originalPositionFor(m, { line: c.lineNumber + 1, column: c.columnNumber });
  if (!pos.source?.includes(pkg)) continue;
  const k = `${c.functionName} ${pos.source.split("/").slice(-2).join("/")}:${pos.line}`;
  out.set(k, (out.get(k) ?? 0) + dt);
}
for (const [k, v] of [...out].sort((a, b) => b[1] - a[1]).slice(0, Number(n ?? 25))) console.log((v / 20).toFixed(2).padStart(6), k);
