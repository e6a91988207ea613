/** A stand-in origin: targets are resolved against it, so only what stays on "this site" survives. */
const SITE = "http://site.invalid";

/** Control characters (C0, DEL, C1), spaces and backslashes: browsers strip or reinterpret them in a URL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\\]/;

/** Longer targets are not links anyone follows; refusing them keeps the Location header small. */
const MAX_LENGTH = 2000;

/**
 * The one check for redirect targets taken from forms and query strings: the target is resolved against the
 * site's origin and kept only when it stays there. Anything with control characters, spaces or backslashes
 * (`/\t/evil.example`, `/\\evil`, CR/LF) is refused before parsing, since browsers drop or rewrite them and
 * could leave the site. Returns the normalised path, query and fragment (ASCII only, safe for a Location
 * header), or null.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH || !value.startsWith("/") || UNSAFE.test(value)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
