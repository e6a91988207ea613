import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api/index";
import { paymentWebhooks } from "./api/payment-webhooks";
import { THEMES } from "./core/accounts/accounts.schemas";
import { guestViewWritten, recordShoutView, shoutIdOfPath } from "./core/shouts/shouts";
import { consumeQueue } from "./jobs/queue.consumer";
import { onlyJob, runScheduledJobs } from "./jobs/scheduled";
import { appContext } from "./platform/app-context";
import { buildRequestContext, clientIp } from "./platform/context";
import { csrfCookie, readCookies } from "./platform/cookies";
import { mintCsrfTokenFor, validCsrfToken } from "./platform/csrf";
import { BOOKMARK_HEADER, bookmarkForResponse } from "./platform/db";
import { serveMedia } from "./platform/media-serve";
import {
  cacheTags,
  GUEST_CACHE_CONTROL,
  isCacheableGuestRequest,
  isDataRequest,
  PRIVATE_CACHE_CONTROL,
  pageCacheEnabled,
  pageKey,
  readPage,
  storePage,
} from "./platform/page-cache";
import { newNonce, secureHeaders } from "./platform/security-headers";
import { connectSocket } from "./realtime/connect";

const loadBuild = () => import("virtual:react-router/server-build");
type PageHandler = ReturnType<typeof createRequestHandler>;

// Given a function, React Router derives its routes from the build on every request (so that development picks
// up edited routes); a production build never changes, so there they are derived once per isolate.
let builtHandler: PageHandler | undefined;
const pageHandler: PageHandler = import.meta.env.PROD
  ? async (request, context) => {
      builtHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
      return builtHandler(request, context);
    }
  : createRequestHandler(loadBuild, import.meta.env.MODE);

/** The version of the build serving this request (its assets'): the page cache serves only pages it stored. */
async function buildVersion(): Promise<string> {
  return (await loadBuild()).assets.version;
}

/**
 * Runs `edit` on a response's headers: in place when they may change (a response this Worker made: a page, a cache
 * hit), on a copy when they may not (a redirect's, a fetched response's). A copy of the headers and the response for
 * every change was a good part of a cache hit's own work.
 */
function editHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch {
    const { status, statusText } = response;
    const copy = new Response(response.body, { status, statusText, headers: new Headers(response.headers) });
    edit(copy.headers);
    return copy;
  }
}

function withHeaders(response: Response, extra: Record<string, string>, setCookie: string | null): Response {
  return editHeaders(response, (headers) => {
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    if (setCookie) headers.append("Set-Cookie", setCookie);
  });
}

/**
 * Guests share one cached (or shared-render) copy of a shout's page, whose loader cannot tell them apart: each
 * guest's view is counted here, after the response (once per guest IP a day, like a member's).
 */
function countGuestShoutView(request: Request, env: Env, ctx: ExecutionContext): void {
  const shoutId = shoutIdOfPath(new URL(request.url).pathname);
  if (shoutId === null) return;
  const count = async () => {
    // A view this isolate already wrote today needs no context (most hits of a popular shout).
    if (await guestViewWritten(shoutId, clientIp(request), new Date())) return;
    // Counting a view checks no CSRF token: the context is given none instead of verifying the cookie again.
    await recordShoutView(await buildRequestContext(request, env, ctx, { csrfCookie: null }), shoutId);
  };
  ctx.waitUntil(count().catch((error: unknown) => console.error("recordShoutView failed", error)));
}

/** Pages: guests' views of public pages come from the page cache when they can; everything else is private. */
async function servePage(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const cookies = readCookies(request);
  // A visitor without a valid CSRF cookie (a first visit, another session's token) gets one; never in a cached page.
  const validCsrf = await validCsrfToken(request, env, cookies);
  const newCsrf = validCsrf ? null : await mintCsrfTokenFor(request, env, cookies);
  const setCsrf = newCsrf ? csrfCookie(request, newCsrf) : null;

  const shared = isCacheableGuestRequest(request, cookies);
  const theme = (THEMES as readonly string[]).includes(cookies.theme ?? "") ? cookies.theme : "darkorange";
  const key = shared ? pageKey(request.url, theme) : null;
  const useCache = pageCacheEnabled(env);
  const build = key && useCache ? await buildVersion() : "";
  if (key && useCache) {
    const cached = await readPage(key, build);
    if (cached) {
      countGuestShoutView(request, env, ctx);
      return withHeaders(cached, { "X-Page-Cache": "HIT" }, setCsrf);
    }
  }

  // A cacheable request has no session cookie, so its render is a guest's.
  const render = async (readAhead: boolean) => {
    const requestContext = await buildRequestContext(request, env, ctx, {
      csrfCookie: validCsrf ?? newCsrf,
      sharedRender: !!key,
      readAhead,
    });
    requestContext.nonce = newNonce();
    requestContext.documentRequest = !isDataRequest(new URL(request.url));
    const context = new RouterContextProvider();
    context.set(appContext, requestContext);
    return { requestContext, rendered: await pageHandler(request, context) };
  };
  // A member's read starts from the session this isolate remembers, checked with the page's first reads; a page
  // rendered for a session that turned out revoked or changed never leaves (docs/decisions/0042-session-read-ahead.md).
  let { requestContext, rendered } = await render(true);
  if (!(await requestContext.verifySession())) {
    await rendered.body?.cancel();
    ({ requestContext, rendered } = await render(false));
  }
  // The member's latest D1 bookmark (docs/decisions/0036); a shared render gets none.
  const bookmark = bookmarkForResponse(request, requestContext.d1);
  const response = bookmark.header
    ? withHeaders(rendered, { [BOOKMARK_HEADER]: bookmark.header }, bookmark.setCookie)
    : rendered;

  if (requestContext.sharedRender && key && response.status === 200 && !response.headers.has("Set-Cookie")) {
    const cacheable = withHeaders(
      response,
      { "Cache-Control": GUEST_CACHE_CONTROL, "Cache-Tag": cacheTags(new URL(request.url).pathname) },
      null,
    );
    if (useCache) ctx.waitUntil(storePage(key, cacheable.clone(), build).catch(() => {}));
    countGuestShoutView(request, env, ctx);
    return withHeaders(cacheable, { "X-Page-Cache": useCache ? "MISS" : "OFF" }, setCsrf);
  }
  const cacheControl = response.headers.get("Cache-Control") ?? PRIVATE_CACHE_CONTROL;
  return withHeaders(response, { "Cache-Control": cacheControl }, setCsrf);
}

/**
 * The Worker: /api/* → Hono, /ws/ → the realtime channel, /media/* → R2, everything else → React Router.
 */
export { SiteChannel } from "./realtime/channel";

async function route(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  // Payment providers' notifications: signed by the provider, no session or CSRF token (docs/decisions/0028).
  if (url.pathname.startsWith("/api/webhooks/")) return paymentWebhooks.fetch(request, env, ctx);
  if (url.pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
  if (url.pathname === "/ws/" || url.pathname === "/ws") return connectSocket(request, env);
  if (url.pathname.startsWith("/media/")) return serveMedia(request, env.MEDIA);
  return servePage(request, env, ctx);
}

/**
 * Every response leaves through here: the security headers (platform/security-headers.ts), and a response that
 * sets a cookie is never publicly cacheable (a cached guest page with a first visit's CSRF cookie included).
 */
function finish(request: Request, response: Response): Response {
  // An accepted websocket upgrade goes back as it is.
  if (response.status === 101) return response;
  return editHeaders(response, (headers) => {
    secureHeaders(headers, new URL(request.url));
    if (headers.has("Set-Cookie")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  });
}

export default {
  async fetch(request, env, ctx) {
    let response: Response;
    try {
      response = await route(request, env, ctx);
    } catch (error) {
      console.error("Unhandled error", error);
      response = new Response("Что-то пошло не так.", {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    return finish(request, response);
  },
  async scheduled(controller, env, ctx) {
    const when = new Date(controller.scheduledTime);
    await runScheduledJobs(env, when, (promise) => ctx.waitUntil(promise), onlyJob(controller.cron));
  },
  // The jobs queue and its dead letters (wrangler.toml [[queues.consumers]], docs/decisions/0037-queues-fan-out.md).
  async queue(batch, env, ctx) {
    await consumeQueue(batch, env, ctx);
  },
} satisfies ExportedHandler<Env>;
