/**
 * The tests' Worker: the same API and realtime doors as workers/app.ts. The page door needs the React Router
 * build and is covered by the browser tests against the built site.
 */
import { api } from "#workers/api/index";
import { connectSocket } from "#workers/realtime/connect";

export { SiteChannel } from "#workers/realtime/channel";

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/ws/") return connectSocket(request, env);
    return api.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
