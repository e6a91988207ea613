// A local stand-in for the one Cloudflare API call the Worker makes (zone purge by Cache-Tag,
// workers/platform/zone-purge.ts), started by vitest.config.ts: it answers like the API does (a bearer token
// check, `{success, errors, result}`) and records each purge so tests can read them at GET /__purges.
import { createServer } from "node:http";

export const TEST_ZONE_ID = "0123456789abcdef0123456789abcdef";
export const TEST_PURGE_TOKEN = "test-purge-token-0123456789";

export async function startCloudflareApi() {
  const purges = [];
  const server = createServer((req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && req.url === "/__purges") return send(200, purges);
    const match = /^\/client\/v4\/zones\/([0-9a-f]{32})\/purge_cache$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match)
      return send(404, { success: false, errors: [{ code: 7003, message: "No route" }] });
    if (req.headers.authorization !== `Bearer ${TEST_PURGE_TOKEN}` || match[1] !== TEST_ZONE_ID) {
      return send(403, { success: false, errors: [{ code: 10000, message: "Authentication error" }] });
    }
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        return send(400, { success: false, errors: [{ code: 1012, message: "Request must be valid JSON" }] });
      }
      if (!Array.isArray(body.tags) || body.tags.length === 0 || body.tags.length > 30) {
        return send(400, { success: false, errors: [{ code: 1015, message: "Bad tags" }] });
      }
      purges.push({ zone: match[1], tags: body.tags, at: Date.now() });
      send(200, { success: true, errors: [], messages: [], result: { id: match[1] } });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  return { url: `http://127.0.0.1:${server.address().port}/client/v4`, close: () => server.close() };
}
