import type { Plugin } from "vite";
import { patchDependency } from "./patch-dependency.ts";

/**
 * React Router matches a URL by trying every branch of the route tree in rank order, each with a regular
 * expression per segment, all compiled when the tree is flattened. Our client has all 60 routes (decision 0040
 * §12), and `/` ranks near the end: hydration compiled and ran ~60 expressions twice before its first render
 * (decision 0041, "the router's creation"). Two edits, the same matches:
 * - a branch whose path starts with a static segment is skipped unless the URL's first segment is that segment
 *   (compared in lower case: a necessary condition for the expression, which ignores case unless the route is
 *   case-sensitive — then the expression still decides);
 * - a segment's expression is compiled when a match tries it, not for every branch when the tree is flattened.
 */
export function routerBranchPrefilter(): Plugin {
  return patchDependency(
    "router-branch-prefilter",
    /react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]router[\\/]utils\.js$/,
    [
      [
        "for (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);",
        [
          "let firstOfUrl = firstSegment(decoded);",
          "\tfor (let i = 0; matches == null && i < branches.length; ++i) {",
          "\t\tlet branch = branches[i];",
          "\t\tif (branch.staticFirst === void 0) branch.staticFirst = staticFirstSegment(branch.path);",
          "\t\tif (branch.staticFirst !== null && branch.staticFirst !== firstOfUrl) continue;",
          "\t\tmatches = matchRouteBranch(branch, decoded, allowPartial);",
          "\t}",
        ].join("\n"),
      ],
      [
        "function matchRoutesImpl(",
        [
          "/** The first non-empty segment of a path, in lower case (\"\" for none). */",
          "function firstSegment(path) {",
          "\tlet segment = path.split(\"/\").find((s) => s !== \"\");",
          "\treturn segment === void 0 ? \"\" : segment.toLowerCase();",
          "}",
          "/** A branch's first segment when it is plain text (not a parameter, optional or a splat), else null. */",
          "function staticFirstSegment(path) {",
          "\tlet segment = firstSegment(path);",
          "\treturn segment === \"\" || /[:*?]/.test(segment) ? null : segment;",
          "}",
          "function matchRoutesImpl(",
        ].join("\n"),
      ],
      [
        [
          "\t\t\troutesMeta: routesMeta.map((meta, i) => {",
          "\t\t\t\tlet [matcher, params] = compilePath(meta.relativePath, meta.caseSensitive, i === routesMeta.length - 1);",
          "\t\t\t\treturn {",
          "\t\t\t\t\t...meta,",
          "\t\t\t\t\tmatcher,",
          "\t\t\t\t\tcompiledParams: params",
          "\t\t\t\t};",
          "\t\t\t})",
        ].join("\n"),
        // Without a compiled matcher, `matchRouteBranch` compiles the segment's pattern as it tries it (its own
        // fallback, `matchPath`); with the prefilter that is the few branches a URL can match.
        "\t\t\troutesMeta: routesMeta.map((meta) => ({ ...meta }))",
      ],
    ],
  );
}
