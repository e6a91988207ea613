import { parseFeed } from "feedsmith";
import { absoluteUrl, firstImage, MAX_SUMMARY_LENGTH, MAX_TITLE_LENGTH, plainText } from "./feed.text";

/**
 * Feed documents to entries with feedsmith (docs/decisions/0030-news-feed.md): RSS 2.0, Atom, RDF (RSS 1.0) and
 * JSON Feed through one call. Each item is mapped on its own: one bad item is skipped and counted, never the
 * rest. Texts become plain text, links absolute (relative ones resolved against the item's or the feed's link).
 */

/** The most items taken from one document (feeds list the newest first). */
export const MAX_ITEMS_PER_FEED = 200;

export interface ParsedEntry {
  /** The item's GUID/id, or its URL when it has none. */
  guid: string;
  url: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  /** Null when the item has no date (or an unreadable one): the ingest then uses the time it first saw it. */
  publishedAt: Date | null;
}

export interface ParsedFeed {
  format: "rss" | "atom" | "rdf" | "json";
  title: string;
  entries: ParsedEntry[];
  /** Items that could not be used (no link, no title, a mapping error). */
  skipped: number;
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedParseError";
  }
}

/** A date from a feed (RFC 822, ISO 8601 …), or null. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const time = Date.parse(value.trim());
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return date.getUTCFullYear() < 1995 ? null : date;
}

interface RawItem {
  guid?: string;
  links: unknown[];
  title: unknown;
  summaries: unknown[];
  images: unknown[];
  html: unknown[];
  dates: unknown[];
}

type Media =
  | {
      contents?: { url?: string; medium?: string; type?: string }[];
      thumbnails?: { url?: string }[];
      groups?: { contents?: { url?: string; medium?: string; type?: string }[]; thumbnails?: { url?: string }[] }[];
    }
  | undefined;

/** Pictures named by media:content / media:thumbnail (groups too). */
function mediaImages(media: Media): string[] {
  if (!media) return [];
  const parts = [media, ...(media.groups ?? [])];
  const out: string[] = [];
  for (const part of parts) {
    for (const content of part.contents ?? []) {
      const isImage =
        content.medium === "image" || content.type?.startsWith("image/") || (!content.medium && !content.type);
      if (content.url && isImage) out.push(content.url);
    }
    for (const thumb of part.thumbnails ?? []) if (thumb.url) out.push(thumb.url);
  }
  return out;
}

function textValue(value: unknown): unknown {
  return value && typeof value === "object" && "value" in value ? (value as { value: unknown }).value : value;
}

/** Each format's items as the same raw shape. */
function rawItems(parsed: ReturnType<typeof parseFeed>): { title: unknown; link: unknown; items: RawItem[] } {
  switch (parsed.format) {
    case "rss":
      return {
        title: parsed.feed.title,
        link: parsed.feed.link,
        items: (parsed.feed.items ?? []).map((item) => ({
          guid: item.guid?.value,
          links: [item.link, item.guid?.isPermaLink !== false ? item.guid?.value : undefined],
          title: item.title ?? item.dc?.titles?.[0],
          summaries: [item.description, item.content?.encoded],
          images: [
            ...(item.enclosures ?? []).filter((e) => !e.type || e.type.startsWith("image/")).map((e) => e.url),
            ...mediaImages(item.media as Media),
          ],
          html: [item.description, item.content?.encoded],
          dates: [item.pubDate, ...(item.dc?.dates ?? []), item.atom?.published, item.atom?.updated],
        })),
      };
    case "atom":
      return {
        title: textValue(parsed.feed.title),
        link: parsed.feed.links?.find((l) => l.rel === "alternate" || !l.rel)?.href,
        items: (parsed.feed.entries ?? []).map((entry) => {
          const links = entry.links ?? [];
          const enclosures = links.filter((l) => l.rel === "enclosure" && (!l.type || l.type.startsWith("image/")));
          return {
            guid: entry.id,
            links: [links.find((l) => l.rel === "alternate" || !l.rel)?.href, links[0]?.href],
            title: textValue(entry.title),
            summaries: [textValue(entry.summary), entry.content?.value],
            images: [...enclosures.map((l) => l.href), ...mediaImages(entry.media as Media)],
            html: [textValue(entry.summary), entry.content?.value],
            dates: [entry.published, entry.updated, ...(entry.dc?.dates ?? [])],
          };
        }),
      };
    case "rdf":
      return {
        title: parsed.feed.title,
        link: parsed.feed.link,
        items: (parsed.feed.items ?? []).map((item) => ({
          guid: item.rdf?.about ?? item.link,
          links: [item.link, item.rdf?.about],
          title: item.title ?? item.dc?.titles?.[0],
          summaries: [item.description, item.content?.encoded],
          images: mediaImages(item.media as Media),
          html: [item.description, item.content?.encoded],
          dates: [...(item.dc?.dates ?? []), item.dcterms?.created, item.dcterms?.modified],
        })),
      };
    case "json":
      return {
        title: parsed.feed.title,
        link: parsed.feed.home_page_url,
        items: (parsed.feed.items ?? []).map((item) => ({
          guid: item.id,
          links: [item.url, item.external_url],
          title: item.title,
          summaries: [item.summary, item.content_text, item.content_html],
          images: [
            item.image,
            item.banner_image,
            ...(item.attachments ?? []).filter((a) => a.mime_type?.startsWith("image/")).map((a) => a.url),
          ],
          html: [item.content_html],
          dates: [item.date_published, item.date_modified],
        })),
      };
  }
}

function firstOf<T>(values: unknown[], map: (value: unknown) => T | null): T | null {
  for (const value of values) {
    const mapped = map(value);
    if (mapped) return mapped;
  }
  return null;
}

function toEntry(item: RawItem, base: string): ParsedEntry | null {
  const url = firstOf(item.links, (v) => absoluteUrl(v, base));
  const summary = firstOf(item.summaries, (v) => plainText(v, MAX_SUMMARY_LENGTH) || null) ?? "";
  // A title-less item (allowed in RSS) is titled by its description's start.
  const title = plainText(item.title, MAX_TITLE_LENGTH) || plainText(summary, 140);
  if (!url || !title) return null;
  const guid = typeof item.guid === "string" && item.guid.trim() ? item.guid.trim().slice(0, 500) : url;
  return {
    guid,
    url,
    title,
    summary: summary === title ? "" : summary,
    imageUrl: firstOf([...item.images, ...item.html.map(firstImage)], (v) => absoluteUrl(v, url)),
    publishedAt: firstOf(item.dates, parseDate),
  };
}

/**
 * A feed cut at the byte cap ends mid-item: what precedes its last complete item is kept and the document is
 * closed, so a huge feed still gives its first (newest) items. Null when no complete item was read.
 */
export function closeTruncatedXml(text: string): string | null {
  const end = Math.max(text.lastIndexOf("</item>") + 7, text.lastIndexOf("</entry>") + 8);
  if (end < 8) return null;
  const head = text.slice(0, end);
  if (/<rdf:RDF[\s>]/.test(head)) return `${head}</rdf:RDF>`;
  if (/<feed[\s>]/.test(head) && head.lastIndexOf("</entry>") > head.lastIndexOf("</item>")) return `${head}</feed>`;
  return `${head}</channel></rss>`;
}

/** A feed document to entries; throws FeedParseError for what is no feed at all. */
export function parseFeedDocument(text: string, feedUrl: string, options: { truncated?: boolean } = {}): ParsedFeed {
  let source = text.replace(/^\uFEFF/, "");
  if (options.truncated) {
    const closed = closeTruncatedXml(source);
    if (!closed) throw new FeedParseError("Лента слишком большая, и в её начале нет ни одной целой записи.");
    source = closed;
  }
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(source.trimStart().startsWith("{") ? JSON.parse(source) : source);
  } catch {
    throw new FeedParseError("Это не лента RSS, Atom, RDF или JSON Feed, или в ней ошибка разметки.");
  }
  let raw: ReturnType<typeof rawItems>;
  try {
    raw = rawItems(parsed);
  } catch {
    throw new FeedParseError("Не удалось прочитать записи ленты.");
  }
  const base = absoluteUrl(raw.link, feedUrl) ?? feedUrl;
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const item of raw.items.slice(0, MAX_ITEMS_PER_FEED)) {
    try {
      const entry = toEntry(item, base);
      if (entry) entries.push(entry);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { format: parsed.format, title: plainText(raw.title, 200), entries, skipped };
}
