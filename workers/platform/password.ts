import noSimdWasm from "argon2id/dist/no-simd.wasm";
import simdWasm from "argon2id/dist/simd.wasm";
import setupWasm from "argon2id/lib/setup.js";
import { base64url, fromBase64, safeEqual } from "./crypto";

/** OWASP's argon2id baseline: m=19 MiB, t=2, p=1. Stored as a PHC string. */
export const ARGON2_PARAMS = { memorySize: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

type Hasher = Awaited<ReturnType<typeof setupWasm>>;
let hasher: Promise<Hasher> | undefined;

function getHasher(): Promise<Hasher> {
  // workerd forbids compiling wasm at run time: the modules are imported (bundled) and instantiated here.
  hasher ??= setupWasm(
    async (imports: WebAssembly.Imports) => ({
      module: simdWasm,
      instance: await WebAssembly.instantiate(simdWasm, imports),
    }),
    async (imports: WebAssembly.Imports) => ({
      module: noSimdWasm,
      instance: await WebAssembly.instantiate(noSimdWasm, imports),
    }),
  );
  return hasher;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const compute = await getHasher();
  const hash = compute({ password: new TextEncoder().encode(password), salt, ...ARGON2_PARAMS });
  const { memorySize: m, passes: t, parallelism: p } = ARGON2_PARAMS;
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(hash)}`;
}

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!match) return false;
  const [, m, t, p, saltB64, hashB64] = match;
  const expected = fromBase64(hashB64);
  const compute = await getHasher();
  const actual = compute({
    password: new TextEncoder().encode(password),
    salt: fromBase64(saltB64),
    memorySize: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  return safeEqual(b64(actual), b64(expected));
}

/** PHC strings use standard base64 without padding. */
function b64(data: Uint8Array): string {
  return base64url(data).replaceAll("-", "+").replaceAll("_", "/");
}
