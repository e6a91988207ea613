import type { Plugin } from "vite";
import { patchDependency } from "./patch-dependency.ts";

/**
 * React's server renderer counts the UTF-8 bytes of every string it writes (`byteLengthOfChunk`), only to decide
 * when a Suspense boundary is large enough to stream separately. In workerd each `Buffer.byteLength` call reads the
 * global `Buffer` through a getter and crosses into the runtime: a third of a microsecond, tens of thousands of
 * times per page (docs/decisions/0040-render-cpu.md). The string's length is the same heuristic (it undercounts
 * Cyrillic, which only makes a boundary likelier to stay inline).
 */
export function reactServerByteCount(): Plugin {
  return patchDependency(
    "react-server-byte-count",
    /react-dom[\\/]cjs[\\/]react-dom-server\.bun\.production\.js$/,
    [['return Buffer.byteLength(chunk, "utf8");', "return chunk.length;"]],
  );
}
