import type { EntryContext } from "react-router";

/**
 * The page's stylesheets as a `Link` preload header, so the browser fetches them as soon as the response's headers
 * arrive (and Cloudflare can send them ahead as 103 Early Hints). In the document React writes every hoisted
 * `<link rel="modulepreload">` of <Scripts> before the stylesheets <Links> renders in place; over HTTP/1.1 (a
 * self-hosted `npm run serve`, Lighthouse against the local server) the render-blocking CSS then waits for a free
 * connection behind a dozen scripts (docs/decisions/0040-render-cpu.md §11).
 *
 * The stylesheets are those <Links> renders: each active route's CSS imports and the `rel="stylesheet"` entries of
 * its `links`; when a route failed, the routes up to the one whose boundary shows the error (as <Links> does).
 */
export function stylePreloadHeader(context: EntryContext): string | null {
  const { matches, errors } = context.staticHandlerContext;
  const failed = errors ? matches.findIndex((match) => errors[match.route.id] !== undefined) : -1;
  const active = failed >= 0 ? matches.slice(0, failed + 1) : matches;
  const hrefs = new Set<string>();
  for (const match of active) {
    for (const href of context.manifest.routes[match.route.id]?.css ?? []) hrefs.add(href);
    for (const link of context.routeModules[match.route.id]?.links?.() ?? []) {
      if ("rel" in link && link.rel === "stylesheet" && link.href) hrefs.add(link.href);
    }
  }
  if (!hrefs.size) return null;
  return [...hrefs].map((href) => `<${encodeURI(href)}>; rel=preload; as=style`).join(", ");
}
