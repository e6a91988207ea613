import type { Plugin } from "vite";
import { patchDependency } from "./patch-dependency.ts";

/**
 * Drizzle turns each row D1 returns into its result object with `mapResultRow(columns, row)`, and for every cell of
 * every row it asks again what kind of field the column is (`is(field, Column)`, `is(field, SQL)`, …), which
 * decoder it has, and walks the column's path with an iterator. None of that depends on the row: a 100-comment post
 * maps ~2,500 cells a request, and the reduce's callback was 3 % of its render (docs/decisions/0040-render-cpu.md
 * §20). The patched function works the plan out once per `columns` array (one per built query, kept weakly) and
 * then copies each row's cells along it. The objects it builds, the decoders it calls, and the left joins' nulls
 * are the same (a test holds them).
 */
export function drizzleRowMapper(): Plugin {
  return patchDependency("drizzle-row-mapper", /drizzle-orm[\\/]utils\.js$/, [
    [
      "function mapResultRow(columns, row, joinsNotNullableMap) {\n  const nullifyMap = {};\n  const result = columns.reduce(",
      [
        "/** Per `columns` array: each column's path, decoder, and (for a table's column) its table's name. */",
        "const rowPlans = new WeakMap();",
        "function rowPlan(columns) {",
        "  let plan = rowPlans.get(columns);",
        "  if (plan !== void 0) return plan;",
        "  plan = columns.map(({ path, field }) => {",
        "    const isColumn = is(field, Column);",
        "    let decoder;",
        "    if (isColumn) {",
        "      decoder = field;",
        "    } else if (is(field, SQL)) {",
        "      decoder = field.decoder;",
        "    } else if (is(field, Subquery)) {",
        "      decoder = field._.sql.decoder;",
        "    } else {",
        "      decoder = field.sql.decoder;",
        "    }",
        "    return { path, last: path[path.length - 1], decoder, tableName: isColumn && path.length === 2 ? getTableName(field.table) : void 0 };",
        "  });",
        "  rowPlans.set(columns, plan);",
        "  return plan;",
        "}",
        "function mapResultRow(columns, row, joinsNotNullableMap) {",
        "  const plan = rowPlan(columns);",
        "  const nullifyMap = {};",
        "  const result = {};",
        "  for (let columnIndex = 0; columnIndex < plan.length; columnIndex++) {",
        "    const { path, last, decoder, tableName } = plan[columnIndex];",
        "    let node = result;",
        "    for (let i = 0; i < path.length - 1; i++) {",
        "      const pathChunk = path[i];",
        "      if (!(pathChunk in node)) {",
        "        node[pathChunk] = {};",
        "      }",
        "      node = node[pathChunk];",
        "    }",
        "    const rawValue = row[columnIndex];",
        "    const value = node[last] = rawValue === null ? null : decoder.mapFromDriverValue(rawValue);",
        "    if (joinsNotNullableMap && tableName !== void 0) {",
        "      const objectName = path[0];",
        "      if (!(objectName in nullifyMap)) {",
        "        nullifyMap[objectName] = value === null ? tableName : false;",
        "      } else if (typeof nullifyMap[objectName] === \"string\" && nullifyMap[objectName] !== tableName) {",
        "        nullifyMap[objectName] = false;",
        "      }",
        "    }",
        "  }",
        "  if (joinsNotNullableMap && Object.keys(nullifyMap).length > 0) {",
        "    for (const [objectName, tableName] of Object.entries(nullifyMap)) {",
        "      if (typeof tableName === \"string\" && !joinsNotNullableMap[tableName]) {",
        "        result[objectName] = null;",
        "      }",
        "    }",
        "  }",
        "  return result;",
        "}",
        "/** Drizzle's own, no longer called. */",
        "function mapResultRowUnpatched(columns, row, joinsNotNullableMap) {",
        "  const nullifyMap = {};",
        "  const result = columns.reduce(",
      ].join("\n"),
    ],
  ]);
}
