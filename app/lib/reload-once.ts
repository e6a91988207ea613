/** The address last asked for again (sessionStorage): never twice in a row, whatever the browser reports. */
const RELOADED_KEY = "unknown-route-reloaded";

/**
 * Asks for `path` (the current address, reached in the app) once more as a document, unless it is the document's
 * own address or was asked for again last time (./unknown-route-reload.ts says when and why).
 */
export function reloadOnce(path: string): void {
  const [entry] = performance.getEntriesByType("navigation");
  if (!entry) return;
  const loaded = new URL(entry.name);
  // Parsed as the browser parses addresses, so that "/теги" and "/%D1%82%D0%B5…" are the same one.
  const here = new URL(path, loaded);
  if (here.pathname === loaded.pathname && here.search === loaded.search) return;
  try {
    if (sessionStorage.getItem(RELOADED_KEY) === here.href) return;
    sessionStorage.setItem(RELOADED_KEY, here.href);
  } catch {
    return; // No storage, no guard: the page stays as it is.
  }
  window.location.reload();
}
