import { type DataStrategyResult, data, type MiddlewareFunction } from "react-router";

/** What a form or a button says when what it sent never reached the site. */
const NO_CONNECTION = "Нет связи с сайтом. Проверьте подключение и попробуйте ещё раз.";

/**
 * A request that failed for want of a network: the TypeError fetch rejects with (an action itself runs on the
 * server, so nothing else in the browser throws one for it). React Router hands it over wrapped, as the data of a
 * DataWithResponseInit.
 */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error as { data?: unknown } | null)?.data instanceof TypeError;
}

/**
 * The root's client middleware for what forms and buttons send (every method but GET). A submission that fails
 * because the site cannot be reached (offline, a dropped connection) would reach React Router as an error, and
 * the nearest error boundary — the root's, on every page — would replace the whole page with the error screen.
 * It becomes the action's answer instead, in the shape of the actions' own failures (`{ok: false, detail,
 * errors, values}`, lib/forms.server.ts; `values` carries the fields sent, so a page's form with its `intent`
 * shows it), which every form and reaction already shows beside itself. As a 503: React Router then revalidates
 * nothing, which could not reach the site either.
 */
export const keepPageWithoutConnection: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  if (request.method === "GET") return next();
  const sent = await request
    .clone()
    .formData()
    .catch(() => null);
  const results = await next();
  for (const [routeId, result] of Object.entries(results)) {
    if (result.type !== "error" || !isNetworkFailure(result.result)) continue;
    const values = sent ? Object.fromEntries([...sent].filter((entry) => typeof entry[1] === "string")) : undefined;
    results[routeId] = {
      type: "data",
      result: data({ ok: false, detail: NO_CONNECTION, errors: {}, values }, { status: 503 }),
    };
  }
  return results;
};
