/**
 * The tests' Worker: the same API door as workers/app.ts. The page door needs the React Router build and
 * is covered by the browser tests against the built site.
 */
import { api } from "#workers/api/index";

export default {
  fetch: (request, env, ctx) => api.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
