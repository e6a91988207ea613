import { type UNSAFE_AssetsManifest as AssetsManifest, type DataRouteObject, matchRoutes } from "react-router";
import { afterIdle } from "./idle";

/**
 * The route modules of the actions a page's forms and buttons post to, imported ahead (loaded by the root at idle,
 * in a chunk of its own: nothing of this is first-load JavaScript).
 *
 * React Router imports a route's module the first time something is submitted to it. Offline, or on a dropped
 * connection, that import fails and React Router reloads the page — into the browser's offline page, and whatever
 * was typed is lost. Imported ahead from the same URLs, the module is in the browser's module map; the submission
 * itself then fails, and the root's middleware turns that into the form's own notice (./no-connection.ts). The
 * page's forms change as it is used (a menu opened, a comment's reply form, a client-side navigation), so the
 * document is watched and looked at again at the next idle moment after a change.
 */

/** Module URL of the route each action path posts to ("" for a path whose route has no action). */
const moduleOfPath = new Map<string, string>();
/** Modules imported already, or on their way. */
const imported = new Set<string>();

/** The paths (same origin, without query) that the document's POST forms and their submit buttons send to. */
function postedPaths(): Set<string> {
  const paths = new Set<string>();
  const add = (action: string) => {
    const url = new URL(action, window.location.href);
    if (url.origin === window.location.origin) paths.add(url.pathname);
  };
  for (const form of document.forms) if (form.method === "post") add(form.action);
  for (const button of document.querySelectorAll<HTMLButtonElement | HTMLInputElement>("[formaction]")) {
    const method = button.getAttribute("formmethod") ?? button.form?.method;
    if (method?.toLowerCase() === "post") add(button.formAction);
  }
  return paths;
}

function moduleFor(path: string, routes: DataRouteObject[], manifest: AssetsManifest): string {
  let url = moduleOfPath.get(path);
  if (url === undefined) {
    // The deepest match takes a submission to its path (React Router's own rule, `?index` apart).
    const route = matchRoutes(routes, path)?.at(-1)?.route;
    const entry = route ? manifest.routes[route.id] : undefined;
    url = entry?.hasAction ? entry.module : "";
    moduleOfPath.set(path, url);
  }
  return url;
}

/** Imports the modules of every action the document posts to now. */
function importActionModules(routes: DataRouteObject[], manifest: AssetsManifest): void {
  for (const path of postedPaths()) {
    const url = moduleFor(path, routes, manifest);
    if (!url || imported.has(url)) continue;
    imported.add(url);
    // A module that could not be loaded is tried again after the next change of the page.
    import(/* @vite-ignore */ url).catch(() => imported.delete(url));
  }
}

/** What React Router's client leaves on `window`: its router and the build's manifest. */
interface RouterGlobals {
  __reactRouterDataRouter?: { routes: DataRouteObject[] };
  __reactRouterManifest?: AssetsManifest;
}

/**
 * Imports them now and again at the next idle moment after each change of the document. The router and the
 * manifest are React Router's own, as its client keeps them on `window` (the route contexts would put this code's
 * caller in every page's first-load JavaScript).
 */
export function watchActionModules(): void {
  const { __reactRouterDataRouter: router, __reactRouterManifest: manifest } = window as RouterGlobals;
  if (!router || !manifest) return;
  const routes = router.routes;
  importActionModules(routes, manifest);
  let cancel = () => {};
  new MutationObserver((records) => {
    // Typing in the post editor changes its document at every key; no form comes from there.
    if (
      records.every((r) => (r.target instanceof HTMLElement ? r.target : r.target.parentElement)?.isContentEditable)
    ) {
      return;
    }
    cancel();
    cancel = afterIdle(() => importActionModules(routes, manifest));
  }).observe(document.body, { childList: true, subtree: true });
}
