import { isbot } from "isbot";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext } from "#workers/platform/app-context";
import { pageCsp } from "#workers/platform/security-headers";
import { renderHtmlStream } from "./lib/html-stream.server";
import { stylePreloadHeader } from "./lib/style-preload.server";

/**
 * React Router's default Workers entry (@react-router/dev config/defaults/entry.server.web.tsx) with a
 * Content-Security-Policy nonce: the page door (workers/app.ts) makes one per request; React's and React
 * Router's inline scripts carry it (ServerRouter hands it to <Scripts>, <ScrollRestoration> and <Links>) and
 * the response's policy allows scripts by it alone (docs/decisions/0022-security-headers.md).
 *
 * The renderer writes strings and encodes them once per flush (app/lib/html-stream.server.ts): React's edge and
 * Node builds pay one call into the runtime for every string of the page (docs/decisions/0040-render-cpu.md).
 */
export const streamTimeout = 5_000;

/**
 * Zod's settings before any module runs: zod decides per object schema, when the schema is built, whether to
 * compile its parser with `new Function` (probing eval, which the policy refuses and reports). A classic inline
 * script runs while the document is parsed, before every (deferred) module script — so it precedes the chunks
 * the root imports, some of which build schemas as they load. zod reads `globalThis.__zod_globalConfig`.
 */
const ZOD_CONFIG_SCRIPT =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(appContext);
  if (!nonce) throw new Error("A page is rendered without a CSP nonce (set it in workers/app.ts).");
  responseHeaders.set("Content-Security-Policy", pageCsp(nonce, new URL(request.url)));
  const stylePreload = stylePreloadHeader(routerContext);
  if (stylePreload) responseHeaders.append("Link", stylePreload);

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderHtmlStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    bootstrapScriptContent: ZOD_CONFIG_SCRIPT,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors inside the shell are logged here; those of the shell itself are logged by handleDocumentRequest.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;

  // Bots and SPA mode get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
