import type { Plugin } from "vite";

const ENTITY = /drizzle-orm[\\/]entity\.js$/;
const WALK = "  let cls = Object.getPrototypeOf(value).constructor;";
const MISS = "  return false;\n}\nexport {";

/**
 * Drizzle asks `is(value, Class)` of every piece of every query it builds (is this chunk a string, a name, an SQL, a
 * table, a column…), and when `instanceof` says no it walks the value's class chain comparing entity kinds — for
 * copies of Drizzle loaded twice, which one bundle never has. A column went through four such walks before it was
 * found to be a column; building a page's queries spent about a third of its time there
 * (docs/decisions/0040-render-cpu.md §8). The answer depends only on the value's prototype and the class, so a no
 * is remembered per class and prototype (weakly: nothing is kept alive by it); a yes never takes the walk. The build
 * fails if Drizzle's code changes shape, so an upgrade is looked at again.
 */
export function drizzleEntityCheck(): Plugin {
  return {
    name: "kostyor:drizzle-entity-check",
    enforce: "pre",
    transform(code, id) {
      if (!ENTITY.test(id)) return null;
      if (!code.includes(WALK) || !code.includes(MISS)) {
        this.error("drizzle-orm/entity.js no longer has the shape vite/drizzle-entity-check.ts patches: review it");
      }
      const patched = code
        .replace(
          WALK,
          [
            "  const proto = Object.getPrototypeOf(value);",
            "  let known = notKinds.get(type);",
            "  if (known === void 0) notKinds.set(type, (known = new WeakSet()));",
            "  else if (known.has(proto)) return false;",
            "  let cls = proto.constructor;",
          ].join("\n"),
        )
        .replace(MISS, "  known.add(proto);\n  return false;\n}\n/** Per class, the prototypes whose values are not of it. */\nconst notKinds = new WeakMap();\nexport {");
      return { code: patched, map: null };
    },
  };
}
