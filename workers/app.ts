import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api/index";
import { appContext } from "./platform/app-context";
import { buildRequestContext } from "./platform/context";
import { csrfCookie } from "./platform/cookies";
import { randomToken } from "./platform/crypto";
import { serveMedia } from "./platform/media-serve";

const pageHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/**
 * The Worker: /api/* → Hono, /ws/ → realtime (reserved), /media/* → R2, everything else → React Router.
 */
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    if (url.pathname.startsWith("/ws/")) {
      return Response.json({ detail: "Канал реального времени ещё не подключён." }, { status: 501 });
    }
    if (url.pathname.startsWith("/media/")) return serveMedia(request, env.MEDIA);

    const requestContext = await buildRequestContext(request, env, ctx);
    let newCsrf: string | null = null;
    if (!requestContext.csrfCookie) {
      newCsrf = randomToken();
      requestContext.csrfCookie = newCsrf;
    }
    const context = new RouterContextProvider();
    context.set(appContext, requestContext);
    const response = await pageHandler(request, context);
    if (newCsrf) {
      const headers = new Headers(response.headers);
      headers.append("Set-Cookie", csrfCookie(request, newCsrf));
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    return response;
  },
} satisfies ExportedHandler<Env>;
