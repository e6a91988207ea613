// First-load JavaScript of a route, from the build: React Router's client manifest
// (build/client/assets/manifest-*.js) lists, per route, its module and the chunks it imports; the page
// modulepreloads the entry's, the root's and the route's. Each file is gzipped on its own (node:zlib, default level 6),
// and the sizes are summed, each file counted once.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../lib.mjs";

const defaultClient = path.join(root, "build", "client");

export function gzipSize(buffer) {
  return gzipSync(buffer).length;
}

function readManifest(client) {
  const dir = path.join(client, "assets");
  const files = readdirSync(dir)
    .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files.length) throw new Error("Нет build/client/assets/manifest-*.js: соберите сайт (npm run build).");
  const text = readFileSync(files[0], "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** { files: [{ file, bytes, gzip }], bytes, gzip } for a route id such as "routes/home/index", from a build's client dir. */
export function firstLoadJs(routeId, client = defaultClient) {
  const manifest = readManifest(client);
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
  if (!chain[chain.length - 1]) throw new Error(`В манифесте нет маршрута ${routeId}`);
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
  const files = [...urls].map((url) => {
    const buffer = readFileSync(path.join(client, url));
    return { file: url, bytes: buffer.length, gzip: gzipSize(buffer) };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    urls: [...urls].sort(),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** The first-load JavaScript budget (decision 0041), gzip: the pages most visitors land on, `/` and a post. */
export const FIRST_LOAD_BUDGET_KB = 140;
const BUDGETED = [
  { page: "/", routeId: "routes/home/index" },
  { page: "статья", routeId: "routes/posts/post" },
];

/** Each budgeted page's first-load JavaScript in a build, and whether it is within the budget. */
export function firstLoadBudget(client = defaultClient) {
  return BUDGETED.map(({ page, routeId }) => {
    const { gzip } = firstLoadJs(routeId, client);
    return { page, gzip, within: gzip <= FIRST_LOAD_BUDGET_KB * 1024 };
  });
}
