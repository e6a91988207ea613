declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "argon2id/lib/setup.js" {
  import type { computeHash } from "argon2id";
  export default function setupWasm(
    getSIMD: (imports: WebAssembly.Imports) => Promise<WebAssembly.WebAssemblyInstantiatedSource>,
    getNonSIMD: (imports: WebAssembly.Imports) => Promise<WebAssembly.WebAssemblyInstantiatedSource>,
  ): Promise<computeHash>;
}
