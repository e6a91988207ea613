/** A route's meta `matches` (only what we read from it). */
type MatchLike = { id: string; loaderData?: unknown } | undefined;

export const DEFAULT_SITE_NAME = "Костёр";

function siteNameOf(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { config?: { site_name?: string } } | undefined;
  return root?.config?.site_name || DEFAULT_SITE_NAME;
}

/**
 * Page title by the spec template '%s / {site name}'. Pass the route's meta `matches` (the site name is
 * read from the root loader data) or the site name itself:
 *   export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Статьи", matches) }];
 */
export function pageTitle(title: string | null | undefined, site: string | readonly MatchLike[]): string {
  const siteName = typeof site === "string" ? site || DEFAULT_SITE_NAME : siteNameOf(site);
  return title ? `${title} / ${siteName}` : siteName;
}
