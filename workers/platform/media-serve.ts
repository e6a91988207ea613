import { MEDIA_CSP } from "./security-headers";

/** The object key of a /media/ path, or null when it is malformed or climbs out (`..`). */
function mediaKey(pathname: string): string | null {
  try {
    const key = decodeURIComponent(pathname.slice("/media/".length));
    return key && !key.includes("..") ? key : null;
  } catch {
    return null;
  }
}

/**
 * Serves R2 objects under /media/ with long-lived caching (keys are never reused). Opened on its own, a file is
 * a sandboxed document (MEDIA_CSP); the Worker adds nosniff and the rest (security-headers.ts).
 */
export async function serveMedia(request: Request, bucket: R2Bucket): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const key = mediaKey(new URL(request.url).pathname);
  if (!key) return new Response("Не найдено", { status: 404 });
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) return new Response("Не найдено", { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Content-Security-Policy", MEDIA_CSP);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "public, max-age=31536000, immutable");
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}
