import type { Plugin } from "vite";
import { patchDependency } from "./patch-dependency.ts";

/**
 * For every document it renders, React Router's server turns the build's whole route manifest (all 60 routes) into
 * route objects three times over before React renders anything: the route modules by id
 * (`createEntryRouteModules`), the routes with their components (`createServerRoutes`, in <ServerRouter>) and
 * those as data routes with ids and a manifest (`convertRoutesToDataRoutes`, in `createStaticRouter`). All three
 * depend only on the build, so each is kept for the object it was made from (a WeakMap: a new build — a dev server's
 * reload — makes new objects and so new entries). Nothing in the server's render writes to them. (Decision 0040 §30.)
 */
export function routerServerRoutes(): Plugin[] {
  const dist = "react-router[\\\\/]dist[\\\\/](production|development)[\\\\/]lib[\\\\/]";
  return [
    patchDependency("router-server-routes", new RegExp(`${dist}server-runtime[\\\\/]entry\\.js$`), [
      [
        "function createEntryRouteModules(manifest) {\n\treturn Object.keys(manifest)",
        [
          "const entryRouteModules = /* @__PURE__ */ new WeakMap();",
          "function createEntryRouteModules(manifest) {",
          "\tlet known = entryRouteModules.get(manifest);",
          "\tif (known === void 0) entryRouteModules.set(manifest, known = buildEntryRouteModules(manifest));",
          "\treturn known;",
          "}",
          "function buildEntryRouteModules(manifest) {\n\treturn Object.keys(manifest)",
        ].join("\n"),
      ],
    ]),
    patchDependency("router-server-routes", new RegExp(`${dist}dom[\\\\/]ssr[\\\\/]server\\.js$`), [
      [
        "\tlet routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
        [
          "\tlet known = serverRoutes.get(manifest.routes);",
          "\tif (known === void 0 || known.isSpaMode !== context.isSpaMode) serverRoutes.set(manifest.routes, known = {",
          "\t\tisSpaMode: context.isSpaMode,",
          "\t\troutes: createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode)",
          "\t});",
          "\tlet routes = known.routes;",
        ].join("\n"),
      ],
      ["function ServerRouter(", "const serverRoutes = /* @__PURE__ */ new WeakMap();\nfunction ServerRouter("],
    ]),
    patchDependency("router-server-routes", new RegExp(`${dist}dom[\\\\/]server\\.js$`), [
      [
        "\tlet manifest = {};\n\tlet dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);",
        [
          "\tlet known = staticDataRoutes.get(routes);",
          "\tif (known === void 0) {",
          "\t\tlet routeManifest = {};",
          "\t\tknown = { manifest: routeManifest, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, routeManifest) };",
          "\t\tstaticDataRoutes.set(routes, known);",
          "\t}",
          "\tlet manifest = known.manifest;",
          "\tlet dataRoutes = known.dataRoutes;",
        ].join("\n"),
      ],
      [
        "function createStaticRouter(routes, context, opts = {}) {",
        "const staticDataRoutes = /* @__PURE__ */ new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {",
      ],
    ]),
  ];
}
