// Reads from the bench's local D1 with `wrangler d1 execute --json` (rows of the first statement).
import { spawnSync } from "node:child_process";
import { root, toolEnv } from "../lib.mjs";

export function d1Json(state, sql) {
  const result = spawnSync(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql.replace(/\s+/g, " ").trim()],
    { cwd: root, env: toolEnv({ CI: "true" }), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    console.error(result.stderr || result.stdout);
    throw new Error(`wrangler d1 execute завершилась с кодом ${result.status}`);
  }
  const out = JSON.parse(result.stdout);
  return out[0]?.results ?? [];
}
