import type { Plugin } from "vite";
import { patchDependency } from "./patch-dependency.ts";

/**
 * Before it creates the router, React Router's hydration (`getHydrationData`) builds a matcher of its own: it
 * flattens and ranks all 60 routes and matches the page's URL, only to drop the loader data of routes with a
 * client loader or a hydrate fallback and to give routes without a loader `null`. The router then flattens,
 * ranks and matches all over again. On a phone that first pass was about half of the router's creation
 * (decision 0041, "the router's hydration data").
 *
 * The routes the server matched are already on the page: the module script `<Scripts>` writes imports exactly
 * their modules into `window.__reactRouterRouteModules`. When none of them has a client loader or a hydrate
 * fallback (none of ours has), the same data follows from those route ids without a matcher; otherwise React
 * Router's own function runs as before.
 */
export function routerHydrationData(): Plugin {
  return patchDependency(
    "router-hydration-data",
    /react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]dom-export[\\/]hydrated-router\.js$/,
    [
      [
        "\t} else hydrationData = UNSAFE_getHydrationData({",
        [
          "\t} else if (Object.values(ssrInfo.routeModules).every((m) => m != null && m.clientLoader == null && m.HydrateFallback == null)) hydrationData = hydrationDataOfServerMatches(ssrInfo);",
          "\telse hydrationData = UNSAFE_getHydrationData({",
        ].join("\n"),
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
  );
}
