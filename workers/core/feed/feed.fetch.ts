/**
 * Fetching a source's feed: a conditional GET (ETag / If-Modified-Since: a 304 costs nothing), a time-out, at
 * most MAX_FEED_BYTES read from the stream, and the bytes decoded by their declared charset (the Content-Type's,
 * then the XML declaration's; Windows-1251 is common in Russian feeds) before the parser sees them.
 */
export const MAX_FEED_BYTES = 2 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 15_000;
const USER_AGENT = "KostyorFeedBot/1.0 (+https://github.com/kostyor; news feed reader)";

export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedFetchError";
  }
}

export type FetchedFeed =
  | { status: "not_modified" }
  | { status: "ok"; text: string; truncated: boolean; etag: string | null; lastModified: string | null };

export interface FeedRequest {
  url: string;
  etag?: string | null;
  lastModified?: string | null;
}

/** Reads at most `limit` bytes of a body; `truncated` tells the rest was left unread (the stream is cancelled). */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; truncated: boolean }> {
  if (!body) return { bytes: new Uint8Array(), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** The charset a feed declares: a BOM, the Content-Type's `charset`, the XML declaration's `encoding`; else UTF-8. */
export function declaredCharset(bytes: Uint8Array, contentType: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 256));
  const fromDeclaration = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  return fromDeclaration ? fromDeclaration.toLowerCase() : "utf-8";
}

/** Bytes as text in their declared charset; an unknown label falls back to UTF-8 (invalid bytes become U+FFFD). */
export function decodeFeed(bytes: Uint8Array, contentType: string | null): string {
  const charset = declaredCharset(bytes, contentType);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(bytes);
}

/** Russian reasons for the admin page. */
function statusMessage(status: number): string {
  if (status === 404 || status === 410) return `Лента не найдена (HTTP ${status}).`;
  if (status === 401 || status === 403) return `Сайт не пускает к ленте (HTTP ${status}).`;
  if (status === 429) return "Сайт просит обращаться реже (HTTP 429).";
  if (status >= 500) return `Ошибка на стороне сайта (HTTP ${status}).`;
  return `Неожиданный ответ сайта (HTTP ${status}).`;
}

/** One conditional GET of a feed. Network errors, time-outs and non-2xx answers throw FeedFetchError. */
export async function fetchFeed(
  source: FeedRequest,
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<FetchedFeed> {
  const headers = new Headers({
    "User-Agent": USER_AGENT,
    Accept: "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.5",
  });
  if (source.etag) headers.set("If-None-Match", source.etag);
  if (source.lastModified) headers.set("If-Modified-Since", source.lastModified);
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(source.url, { headers, redirect: "follow", signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as { name?: string })?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new FeedFetchError(`Сайт не ответил за ${Math.round(timeoutMs / 1000)} с.`);
    }
    throw new FeedFetchError("Не удалось соединиться с сайтом.");
  }
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: "not_modified" };
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedFetchError(statusMessage(response.status));
  }
  let read: { bytes: Uint8Array; truncated: boolean };
  try {
    read = await readCapped(response.body, options.maxBytes ?? MAX_FEED_BYTES);
  } catch {
    throw new FeedFetchError("Соединение оборвалось при чтении ленты.");
  }
  return {
    status: "ok",
    text: decodeFeed(read.bytes, response.headers.get("Content-Type")),
    truncated: read.truncated,
    etag: response.headers.get("ETag"),
    lastModified: response.headers.get("Last-Modified"),
  };
}
