import type { EmbedProvider, TBlock, TInline, TListItem, TPostBody } from "#workers/core/posts/body.schemas";
import { isValidVideoId } from "#workers/core/shared/embeds";

/**
 * Converts any editor (Tiptap/ProseMirror) JSON into a post body the schema accepts: unknown nodes are unwrapped
 * or dropped, h1 becomes h2 and h4–h6 become h3, unknown marks and unsafe links are dropped, empty text nodes go,
 * images must be uploaded ones (/media/…) with a size, embeds must have a well-formed id, lists and quotes never
 * end up empty, limits are applied. Universal and DOM-free; the result of a well-formed input passes ZPostBody
 * (except the overall size limit, which only the author can fix).
 */

type Json = { type?: unknown; attrs?: Record<string, unknown>; content?: unknown; text?: unknown; marks?: unknown };

type TMark = NonNullable<Extract<TInline, { type: "text" }>["marks"]>[number];

const LIMITS = {
  doc: 5000,
  paragraph: 2000,
  heading: 200,
  codeBlock: 200,
  list: 500,
  listItem: 100,
  container: 200,
  text: 20_000,
  marks: 5,
};

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const MEDIA_SRC = /^\/media\/[\w/.-]+$/;
const EMBED_ID = /^[\w.:-]{1,100}$/;
const INLINE_TYPES = new Set(["text", "hardBreak"]);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function children(node: Json): Json[] {
  return Array.isArray(node.content) ? node.content.filter(isObject) : [];
}

function attrs(node: Json): Record<string, unknown> {
  return isObject(node.attrs) ? (node.attrs as Record<string, unknown>) : {};
}

function optionalText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim().slice(0, max);
  return text ? text : null;
}

function positiveInt(value: unknown, max: number): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) return null;
  const rounded = Math.round(n);
  return rounded >= 1 && rounded <= max ? rounded : null;
}

// ---------- Inline ----------

function normaliseMarks(value: unknown): TMark[] {
  if (!Array.isArray(value)) return [];
  const marks: TMark[] = [];
  const seen = new Set<string>();
  for (const mark of value) {
    if (!isObject(mark) || typeof mark.type !== "string" || seen.has(mark.type)) continue;
    switch (mark.type) {
      case "bold":
      case "italic":
      case "strike":
      case "code":
        marks.push({ type: mark.type });
        break;
      case "link": {
        const href = attrs(mark).href;
        if (typeof href !== "string") continue;
        const trimmed = href.trim();
        if (trimmed.length > 2000 || !SAFE_HREF.test(trimmed)) continue;
        marks.push({ type: "link", attrs: { href: trimmed } });
        break;
      }
      default:
        continue;
    }
    seen.add(mark.type);
  }
  return marks.slice(0, LIMITS.marks);
}

function sameMarks(a: TMark[] | undefined, b: TMark[] | undefined): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

/** Inline content: text and hard breaks; text of unknown inline nodes is kept, the nodes themselves go. */
function normaliseInline(nodes: Json[], limit: number, inheritedMarks?: unknown): TInline[] {
  const out: TInline[] = [];
  const push = (node: TInline) => {
    const last = out.at(-1);
    // Merge neighbours with the same marks (keeps the node count low; text limit still applies).
    if (
      node.type === "text" &&
      last?.type === "text" &&
      sameMarks(last.marks, node.marks) &&
      last.text.length + node.text.length <= LIMITS.text
    ) {
      out[out.length - 1] = { ...last, text: last.text + node.text };
      return;
    }
    out.push(node);
  };
  const walk = (list: Json[], marksSource: unknown) => {
    for (const node of list) {
      if (node.type === "hardBreak") push({ type: "hardBreak" });
      else if (node.type === "text") {
        if (typeof node.text !== "string" || node.text.length === 0) continue;
        const marks = normaliseMarks(node.marks ?? marksSource);
        for (let i = 0; i < node.text.length; i += LIMITS.text) {
          const text = node.text.slice(i, i + LIMITS.text);
          push(marks.length ? { type: "text", text, marks } : { type: "text", text });
        }
      } else walk(children(node), node.marks ?? marksSource);
    }
  };
  walk(nodes, inheritedMarks);
  return out.slice(0, limit);
}

function paragraph(content: TInline[]): TBlock {
  return content.length ? { type: "paragraph", content } : { type: "paragraph" };
}

// ---------- Blocks ----------

function listItems(node: Json): TListItem[] {
  const items: TListItem[] = [];
  for (const child of children(node)) {
    const content =
      child.type === "listItem" || child.type === "taskItem"
        ? normaliseBlocks(children(child))
        : normaliseBlocks([child]);
    items.push({ type: "listItem", content: content.length ? content.slice(0, LIMITS.listItem) : [paragraph([])] });
  }
  return items.slice(0, LIMITS.list);
}

function normaliseBlock(node: Json): TBlock[] {
  const a = attrs(node);
  switch (node.type) {
    case "paragraph":
      return [paragraph(normaliseInline(children(node), LIMITS.paragraph))];
    case "heading": {
      const raw = Number(a.level);
      const level: 2 | 3 = raw <= 2 || !Number.isFinite(raw) ? 2 : 3;
      const content = normaliseInline(children(node), LIMITS.heading);
      return [content.length ? { type: "heading", attrs: { level }, content } : { type: "heading", attrs: { level } }];
    }
    case "codeBlock": {
      const text = normaliseInline(children(node), Number.POSITIVE_INFINITY)
        .map((inline) => (inline.type === "text" ? inline.text : "\n"))
        .join("");
      const content: { type: "text"; text: string }[] = [];
      for (let i = 0; i < text.length && content.length < LIMITS.codeBlock; i += LIMITS.text) {
        content.push({ type: "text", text: text.slice(i, i + LIMITS.text) });
      }
      return [content.length ? { type: "codeBlock", content } : { type: "codeBlock" }];
    }
    case "horizontalRule":
      return [{ type: "horizontalRule" }];
    case "image": {
      const src = typeof a.src === "string" ? a.src.trim() : "";
      const width = positiveInt(a.width, 10_000);
      const height = positiveInt(a.height, 10_000);
      if (!MEDIA_SRC.test(src) || src.includes("..") || !width || !height) return [];
      const image: Extract<TBlock, { type: "image" }> = { type: "image", attrs: { src, width, height } };
      const caption = optionalText(a.caption, 300);
      const alt = optionalText(a.alt, 300);
      if (caption) image.attrs.caption = caption;
      if (alt) image.attrs.alt = alt;
      return [image];
    }
    case "embed": {
      const provider = a.provider as EmbedProvider;
      const id = typeof a.id === "string" ? a.id.trim() : "";
      // isValidVideoId() knows only the schema's providers.
      if (!EMBED_ID.test(id) || !isValidVideoId(provider, id)) return [];
      return [{ type: "embed", attrs: { provider, id } }];
    }
    case "bulletList":
    case "orderedList":
    case "taskList": {
      const content = listItems(node);
      if (!content.length) return [];
      if (node.type !== "orderedList") return [{ type: "bulletList", content }];
      const start = typeof a.start === "number" && Number.isInteger(a.start) ? a.start : 1;
      return start !== 1 && start >= 0 && start <= 100_000
        ? [{ type: "orderedList", attrs: { start }, content }]
        : [{ type: "orderedList", content }];
    }
    case "listItem":
    case "taskItem":
      return [{ type: "bulletList", content: listItems({ content: [node] }) }];
    case "blockquote": {
      const content = normaliseBlocks(children(node)).slice(0, LIMITS.container);
      return content.length ? [{ type: "blockquote", content }] : [];
    }
    case "spoiler": {
      const content = normaliseBlocks(children(node)).slice(0, LIMITS.container);
      if (!content.length) return [];
      const title = optionalText(a.title, 100);
      return [title ? { type: "spoiler", attrs: { title }, content } : { type: "spoiler", content }];
    }
    default: {
      // Unknown nodes: inline content becomes a paragraph, block content is unwrapped, anything else goes.
      const inner = children(node);
      if (!inner.length) return [];
      if (inner.every((child) => INLINE_TYPES.has(String(child.type)))) {
        const content = normaliseInline(inner, LIMITS.paragraph);
        return content.length ? [paragraph(content)] : [];
      }
      return normaliseBlocks(inner);
    }
  }
}

/** A run of blocks; stray inline nodes between them are gathered into paragraphs. */
function normaliseBlocks(nodes: Json[]): TBlock[] {
  const out: TBlock[] = [];
  let inlineRun: Json[] = [];
  const flush = () => {
    if (!inlineRun.length) return;
    const content = normaliseInline(inlineRun, LIMITS.paragraph);
    if (content.length) out.push(paragraph(content));
    inlineRun = [];
  };
  for (const node of nodes) {
    if (INLINE_TYPES.has(String(node.type))) {
      inlineRun.push(node);
      continue;
    }
    flush();
    out.push(...normaliseBlock(node));
  }
  flush();
  return out;
}

function isEmptyParagraph(block: TBlock | undefined): boolean {
  return block?.type === "paragraph" && !block.content?.length;
}

/** Editor JSON (or anything) → a post body. Leading and trailing empty paragraphs are trimmed. */
export function toPostBody(json: unknown): TPostBody {
  const content = isObject(json) ? normaliseBlocks(children(json)) : [];
  while (isEmptyParagraph(content[0])) content.shift();
  while (isEmptyParagraph(content.at(-1))) content.pop();
  return { type: "doc", content: content.slice(0, LIMITS.doc) };
}

/** A post body → editor JSON: the editor needs at least one block. */
export function toEditorContent(body: TPostBody | null | undefined): TPostBody {
  const content = body?.content?.length ? body.content : [{ type: "paragraph" as const }];
  return { type: "doc", content };
}
