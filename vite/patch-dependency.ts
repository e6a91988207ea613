import type { Plugin } from "vite";

/**
 * A build-time edit of one dependency's file, for a hot path its authors wrote for a case our bundle never has
 * (each use says why). Every `[from, to]` is an exact text replaced once; the build fails when a `from` is missing,
 * so an upgrade of the dependency is looked at again rather than silently left slow.
 */
export function patchDependency(name: string, file: RegExp, edits: ReadonlyArray<readonly [string, string]>): Plugin {
  return {
    name: `kostyor:${name}`,
    enforce: "pre",
    transform(code, id) {
      if (!file.test(id)) return null;
      let patched = code;
      for (const [from, to] of edits) {
        if (!patched.includes(from)) this.error(`${id} no longer contains \`${from}\`: review vite/${name}.ts`);
        patched = patched.replace(from, to);
      }
      return { code: patched, map: null };
    },
  };
}
