// Feeds for the ingest tests, started by vitest.config.ts: the files of tests/fixtures/feeds/ as a news site
// serves them (each with its own Content-Type, the Windows-1251 one declaring its charset only in the XML), an
// ETag'd feed answering 304 to a matching If-None-Match, a 5 MB feed made on the fly, a 404 and a hit counter
// (GET /__hits) for the tests to check what was fetched.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

const DIR = path.join(import.meta.dirname, "..", "fixtures", "feeds");
const FILES = {
  "/rss.xml": ["rss.xml", "application/rss+xml; charset=utf-8"],
  "/atom.xml": ["atom.xml", "application/atom+xml"],
  "/rdf.xml": ["rdf.xml", "application/rdf+xml"],
  "/feed.json": ["feed.json", "application/feed+json"],
  "/cp1251.xml": ["cp1251.xml", "text/xml"],
  "/broken.xml": ["broken.xml", "application/xml"],
};
export const FEED_ETAG = '"atom-v1"';
/** A 1×1 PNG (the feed pictures' proxy serves it) and an SVG claiming to be a PNG (refused). */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A valid RSS document of about `bytes` bytes: many items, the newest first. */
function bigFeed(bytes) {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Огромная лента</title><link>https://huge.example/</link><description>5 МБ</description>';
  const items = [];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const item = `<item><title>Огромная новость номер ${i} про игру ${i}</title><link>https://huge.example/n/${i}</link><guid>huge-${i}</guid><pubDate>Tue, 24 Nov 2026 09:00:00 +0000</pubDate><description>${"Длинный текст новости. ".repeat(40)}</description></item>`;
    items.push(item);
    size += Buffer.byteLength(item);
  }
  return `${head}${items.join("")}</channel></rss>`;
}

export async function startFeedServer() {
  const hits = {};
  let big;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/__hits") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify(hits));
    }
    hits[url.pathname] = (hits[url.pathname] ?? 0) + 1;
    if (url.pathname === "/etag.xml") {
      if (req.headers["if-none-match"] === FEED_ETAG) {
        res.writeHead(304, { ETag: FEED_ETAG });
        return res.end();
      }
      res.writeHead(200, {
        "Content-Type": "application/atom+xml",
        ETag: FEED_ETAG,
        "Last-Modified": "Tue, 24 Nov 2026 12:00:00 GMT",
      });
      return res.end(readFileSync(path.join(DIR, "atom.xml")));
    }
    if (url.pathname === "/pixel.png") {
      res.writeHead(200, { "Content-Type": "image/png" });
      return res.end(PIXEL);
    }
    if (url.pathname === "/fake.png") {
      res.writeHead(200, { "Content-Type": "image/png" });
      return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    }
    if (url.pathname === "/big.xml") {
      big ??= Buffer.from(bigFeed(5 * 1024 * 1024));
      res.writeHead(200, { "Content-Type": "application/rss+xml; charset=utf-8", "Content-Length": big.length });
      return res.end(big);
    }
    const file = FILES[url.pathname];
    if (!file) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      return res.end("Not found");
    }
    res.writeHead(200, { "Content-Type": file[1] });
    res.end(readFileSync(path.join(DIR, file[0])));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
