import { useLocation } from "react-router";

/** Query parameters that scroll or open a form once; a form coming back to the page drops them. */
const ONE_OFF_PARAMS = ["comment", "comments", "reply", "edit"];

/** The page without its one-off parameters, per location: worked out once for all the forms of a page. */
const backPaths = new WeakMap<object, string>();

/**
 * Where a plain (no-JS) form comes back to: the current page without its one-off parameters, at `anchor` if given
 * (the page's reaction form, pin forms, a shout's menu and edit form).
 */
export function useBackPath(anchor?: string): string {
  const location = useLocation();
  let path = backPaths.get(location);
  if (path === undefined) {
    const params = new URLSearchParams(location.search);
    for (const name of ONE_OFF_PARAMS) params.delete(name);
    path = `${location.pathname}${params.size ? `?${params}` : ""}`;
    backPaths.set(location, path);
  }
  return anchor ? `${path}#${anchor}` : path;
}
