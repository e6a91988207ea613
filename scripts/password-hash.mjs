// argon2id password hashes for scripts (demo seed, bench dataset): the same parameters and PHC format as
// workers/platform/password.ts, computed with the same `argon2id` package (its wasm loaded from disk).
import { readFileSync } from "node:fs";
import path from "node:path";
import setupWasm from "argon2id/lib/setup.js";
import { root } from "./lib.mjs";

const wasm = (name) => path.join(root, "node_modules", "argon2id", "dist", name);
const argon2id = await setupWasm(
  (imports) => WebAssembly.instantiate(readFileSync(wasm("simd.wasm")), imports),
  (imports) => WebAssembly.instantiate(readFileSync(wasm("no-simd.wasm")), imports),
);

const b64 = (bytes) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");

export function hashPassword(password) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const out = argon2id({
    password: new TextEncoder().encode(password),
    salt,
    memorySize: 19456,
    passes: 2,
    parallelism: 1,
    tagLength: 32,
  });
  return `$argon2id$v=19$m=19456,t=2,p=1$${b64(salt)}$${b64(out)}`;
}
