/**
 * The one check for redirect targets taken from forms and query strings: only same-site paths ("/x", never
 * "//host" or "/\host"); anything else is null.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return null;
  }
  return value;
}
