import type { Plugin } from "vite";
import { patchDependency } from "./patch-dependency.ts";

/**
 * Before it creates the router, React Router's hydration (`getHydrationData`) builds a matcher of its own: it
 * flattens and ranks all 60 routes and matches the page's URL, only to drop the loader data of routes with a
 * client loader or a hydrate fallback and to give routes without a loader `null`. The router then flattens,
 * ranks and matches all over again (decision 0041, "the router's hydration data").
 *
 * The routes the server matched are already on the page: the module script `<Scripts>` writes imports exactly
 * their modules into `window.__reactRouterRouteModules`. None of our routes has a client loader or a hydrate
 * fallback — the build fails if one gets either (the second plugin) — so the same data follows from those route
 * ids without a matcher.
 */
export function routerHydrationData(): Plugin[] {
  return [
    patchDependency(
      "router-hydration-data",
      /react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]dom-export[\\/]hydrated-router\.js$/,
      [
        [
          [
            "\t} else hydrationData = UNSAFE_getHydrationData({",
            "\t\tstate: ssrInfo.context.state,",
            "\t\troutes,",
            "\t\tgetRouteInfo: (routeId) => ({",
            "\t\t\tclientLoader: ssrInfo.routeModules[routeId]?.clientLoader,",
            "\t\t\thasLoader: ssrInfo.manifest.routes[routeId]?.hasLoader === true,",
            "\t\t\thasHydrateFallback: ssrInfo.routeModules[routeId]?.HydrateFallback != null",
            "\t\t}),",
            "\t\tlocation: window.location,",
            "\t\tbasename: window.__reactRouterContext?.basename,",
            "\t\tfuture: ssrInfo.context.future,",
            "\t\tisSpaMode: ssrInfo.context.isSpaMode",
            "\t});",
          ].join("\n"),
          "\t} else hydrationData = hydrationDataOfServerMatches(ssrInfo);",
        ],
        [
          "function createHydratedRouter({",
          [
            "/** `getHydrationData` for the server's matches (the page's route modules), none with a client loader. */",
            "function hydrationDataOfServerMatches(ssrInfo) {",
            "\tlet { state } = ssrInfo.context;",
            "\tlet hydrationData = { ...state, loaderData: { ...state.loaderData } };",
            "\tfor (let routeId of Object.keys(ssrInfo.routeModules)) if (ssrInfo.manifest.routes[routeId]?.hasLoader !== true) hydrationData.loaderData[routeId] = null;",
            "\treturn hydrationData;",
            "}",
            "function createHydratedRouter({",
          ].join("\n"),
        ],
      ],
    ),
    {
      name: "kostyor:no-client-loaders",
      enforce: "pre",
      transform(code, id) {
        if (!/[\\/]app[\\/](root\.tsx|routes[\\/])/.test(id)) return null;
        const found = /\bexport\b[^;\n]*\b(clientLoader|HydrateFallback)\b/.exec(code);
        if (found) this.error(`${id} exports ${found[1]}: vite/router-hydration-data.ts assumes no route does`);
        return null;
      },
    },
  ];
}
