import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { drizzleEntityCheck } from "./vite/drizzle-entity-check.ts";
import { drizzleRowMapper } from "./vite/drizzle-row-mapper.ts";
import { reactServerByteCount } from "./vite/react-server-byte-count.ts";
import { routerBranchPrefilter } from "./vite/router-branch-prefilter.ts";
import { routerHydrationData } from "./vite/router-hydration-data.ts";
import { routerServerRoutes } from "./vite/router-server-routes.ts";

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null;
};

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER = /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/;
const CLIENT_ROUTE = "?__react-router-build-client-route";
const clientRoute = (file: string) => `${path.resolve(file)}${CLIENT_ROUTE}`;

/** Every module `from` imports statically, directly or not. */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Chunk families: the shell (what the root route imports: every page loads it), then the modules of a page family
 * that its pages share (cards, paws, comment trees, forms), each in one chunk instead of a dozen 1 KB ones. A family
 * of several routes takes the modules all of them reach (the cards, paws and bookmarks of lists and posts: a post
 * page then loads no list-only code). The first family that reaches a module takes it. Route modules stay their
 * own chunks.
 */
const FAMILIES = [
  { name: "shell", routes: ["app/root.tsx"] },
  // What forms and the post page's comment form share (fields' errors, results); the rest of the forms family
  // (fields, the social sign-in buttons) is not in a post page's first load.
  { name: "form-results", routes: ["app/routes/auth/sign-in.tsx", "app/routes/posts/post.tsx"] },
  { name: "forms", routes: ["app/routes/auth/sign-in.tsx"] },
  { name: "cards", routes: ["app/routes/home/index.tsx", "app/routes/posts/post.tsx"] },
  { name: "feed", routes: ["app/routes/home/index.tsx"] },
  { name: "comments", routes: ["app/routes/posts/post.tsx"] },
  { name: "shouts", routes: ["app/routes/bonfire/index.tsx"] },
  { name: "profile", routes: ["app/routes/users/profile.tsx"] },
];
/** Families in their order, the first highest; two apart, so that a group can go between them. */
function familyPriority(name: string): number {
  return 20 - 2 * FAMILIES.findIndex((f) => f.name === name);
}
const closures = new Map<string, Set<string>>();

function closureOf(graph: ModuleGraph, route: string): Set<string> {
  let closure = closures.get(route);
  if (!closure) {
    closure = staticClosure(graph, clientRoute(route));
    closures.set(route, closure);
  }
  return closure;
}

/** The chunk group of a family: the modules all its routes reach, but route modules (they stay their own chunks). */
function familyGroup({ name, routes }: { name: string; routes: string[] }, priority: number) {
  return {
    name: (id: string, graph: ModuleGraph) => {
      if (!routes.every((route) => closureOf(graph, route).has(id)) || id.endsWith(CLIENT_ROUTE)) return null;
      // A route module is what a client-route module (the one React Router loads) imports.
      const isRoute = graph.getModuleInfo(id)?.importers.some((i) => i.endsWith(CLIENT_ROUTE));
      return isRoute && !id.endsWith(path.join("app", "root.tsx")) ? null : name;
    },
    debugName: name,
    priority,
  };
}

export default defineConfig({
  plugins: [
    reactServerByteCount(),
    drizzleEntityCheck(),
    drizzleRowMapper(),
    routerBranchPrefilter(),
    routerHydrationData(),
    routerServerRoutes(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
  ],
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            entryFileNames: "assets/[name]-[hash].js",
            codeSplitting: {
              groups: [
                { name: "react", test: FRAMEWORK, priority: 40 },
                { name: "router", test: ROUTER, priority: 30 },
                ...FAMILIES.map((f) => familyGroup(f, familyPriority(f.name))),
              ],
            },
          },
        },
      },
    },
  },
});
