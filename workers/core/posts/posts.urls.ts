/** A post's page (client-safe: the UI and the server's notifications and events build it the same way). */
export function postUrl(slug: string): string {
  return `/posts/${encodeURIComponent(slug)}`;
}
