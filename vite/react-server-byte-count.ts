import type { Plugin } from "vite";

const BUN_SERVER = /react-dom[\\/]cjs[\\/]react-dom-server\.bun\.production\.js$/;
const BYTE_LENGTH = 'return Buffer.byteLength(chunk, "utf8");';

/**
 * React's server renderer counts the UTF-8 bytes of every string it writes (`byteLengthOfChunk`), only to decide
 * when a Suspense boundary is large enough to stream separately. In workerd each `Buffer.byteLength` call reads the
 * global `Buffer` through a getter and crosses into the runtime: a third of a microsecond, tens of thousands of
 * times per page (docs/decisions/0040-render-cpu.md). The string's length is the same heuristic (it undercounts
 * Cyrillic, which only makes a boundary likelier to stay inline). The build fails if React's code changes shape,
 * so an upgrade is looked at again rather than silently slow.
 */
export function reactServerByteCount(): Plugin {
  return {
    name: "kostyor:react-server-byte-count",
    enforce: "pre",
    transform(code, id) {
      if (!BUN_SERVER.test(id)) return null;
      if (!code.includes(BYTE_LENGTH)) {
        this.error(`react-dom's Bun server build no longer contains \`${BYTE_LENGTH}\`: review vite/react-server-byte-count.ts`);
      }
      return { code: code.replace(BYTE_LENGTH, "return chunk.length;"), map: null };
    },
  };
}
