/** Serves R2 objects under /media/ with long-lived caching (keys are never reused). */
export async function serveMedia(request: Request, bucket: R2Bucket): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const key = decodeURIComponent(new URL(request.url).pathname.slice("/media/".length));
  if (!key || key.includes("..")) return new Response("Не найдено", { status: 404 });
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) return new Response("Не найдено", { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "public, max-age=31536000, immutable");
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}
