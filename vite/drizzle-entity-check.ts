import type { Plugin } from "vite";
import { patchDependency } from "./patch-dependency.ts";

/**
 * Drizzle asks `is(value, Class)` of every piece of every query it builds (is this chunk a string, a name, an SQL, a
 * table, a column…), and when `instanceof` says no it walks the value's class chain comparing entity kinds — for
 * copies of Drizzle loaded twice, which one bundle never has. A column went through four such walks before it was
 * found to be a column; building a page's queries spent about a third of its time there
 * (docs/decisions/0040-render-cpu.md §8). The answer depends only on the value's prototype and the class, so a no
 * is remembered per class and prototype (weakly: nothing is kept alive by it); a yes never takes the walk.
 */
export function drizzleEntityCheck(): Plugin {
  return patchDependency("drizzle-entity-check", /drizzle-orm[\\/]entity\.js$/, [
    [
      "  let cls = Object.getPrototypeOf(value).constructor;",
      [
        "  const proto = Object.getPrototypeOf(value);",
        "  let known = notKinds.get(type);",
        "  if (known === void 0) notKinds.set(type, (known = new WeakSet()));",
        "  else if (known.has(proto)) return false;",
        "  let cls = proto.constructor;",
      ].join("\n"),
    ],
    [
      "  return false;\n}\nexport {",
      "  known.add(proto);\n  return false;\n}\n/** Per class, the prototypes whose values are not of it. */\nconst notKinds = new WeakMap();\nexport {",
    ],
  ]);
}
