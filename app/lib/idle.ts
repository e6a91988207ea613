/** How long work put off until the browser is idle may wait at most (a busy page still gets it). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the browser has a quiet moment after the current task (`requestIdleCallback`; a timer where
 * there is none, as in Safari before 18), at most `IDLE_TIMEOUT_MS` later. For what a page does after it loads
 * but nobody waits for — the realtime connection, the service worker, a seasonal effect — so that it does not
 * share the task in which React hydrates the page and runs every component's mount effects. Returns a cancel.
 */
export function afterIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1);
  return () => window.clearTimeout(id);
}
