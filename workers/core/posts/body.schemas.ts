import { z } from "zod";
import { MAX_INPUT_DEPTH, withinDepth } from "#workers/core/shared/input";

/**
 * The post body: a strict subset of the editor's (Tiptap/ProseMirror) JSON document. It is stored as JSON
 * and rendered by our own renderer; nothing in it is HTML. Universal (client-safe).
 */

export const EMBED_PROVIDERS = ["youtube", "vk", "twitch"] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

/** Links: http(s) and mailto only, or site-relative paths. */
export const ZHref = z
  .string()
  .trim()
  .max(2000, "Слишком длинная ссылка.")
  .refine(
    (href) => /^(https?:\/\/|mailto:|\/(?!\/))/i.test(href),
    "Ссылка должна начинаться с http://, https:// или /.",
  );

const ZMark = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bold") }),
  z.object({ type: z.literal("italic") }),
  z.object({ type: z.literal("strike") }),
  z.object({ type: z.literal("code") }),
  z.object({ type: z.literal("link"), attrs: z.object({ href: ZHref }).loose() }),
]);

const ZText = z.object({
  type: z.literal("text"),
  text: z.string().min(1).max(20_000),
  marks: z.array(ZMark).max(5).optional(),
});
const ZHardBreak = z.object({ type: z.literal("hardBreak") });
const ZInline = z.discriminatedUnion("type", [ZText, ZHardBreak]);
export type TInline = z.infer<typeof ZInline>;

const ZParagraph = z.object({ type: z.literal("paragraph"), content: z.array(ZInline).max(2000).optional() });
const ZHeading = z.object({
  type: z.literal("heading"),
  attrs: z.object({ level: z.union([z.literal(2), z.literal(3)]) }).loose(),
  content: z.array(ZInline).max(200).optional(),
});
const ZCodeBlock = z.object({ type: z.literal("codeBlock"), content: z.array(ZText).max(200).optional() });
const ZHorizontalRule = z.object({ type: z.literal("horizontalRule") });

/** Uploaded images only (served from our storage under /media/). */
export const ZImage = z.object({
  type: z.literal("image"),
  attrs: z
    .object({
      src: z
        .string()
        .regex(/^\/media\/[\w/.-]+$/, "Картинка должна быть загружена на сайт.")
        .refine((src) => !src.includes(".."), "Картинка должна быть загружена на сайт."),
      width: z.number().int().positive().max(10_000),
      height: z.number().int().positive().max(10_000),
      caption: z.string().max(300).nullish(),
      alt: z.string().max(300).nullish(),
    })
    .loose(),
});

export const ZEmbed = z.object({
  type: z.literal("embed"),
  attrs: z.object({ provider: z.enum(EMBED_PROVIDERS), id: z.string().regex(/^[\w.:-]{1,100}$/) }).loose(),
});

export type TBlock =
  | z.infer<typeof ZParagraph>
  | z.infer<typeof ZHeading>
  | z.infer<typeof ZCodeBlock>
  | z.infer<typeof ZHorizontalRule>
  | z.infer<typeof ZImage>
  | z.infer<typeof ZEmbed>
  | { type: "bulletList"; content: TListItem[] }
  | { type: "orderedList"; attrs?: { start?: number }; content: TListItem[] }
  | { type: "blockquote"; content: TBlock[] }
  | { type: "spoiler"; attrs?: { title?: string | null }; content: TBlock[] };
export type TListItem = { type: "listItem"; content: TBlock[] };

const ZListItem: z.ZodType<TListItem> = z.lazy(() =>
  z.object({ type: z.literal("listItem"), content: z.array(ZBlock).min(1).max(100) }),
);

export const ZBlock: z.ZodType<TBlock> = z.lazy(() =>
  z.discriminatedUnion("type", [
    ZParagraph,
    ZHeading,
    ZCodeBlock,
    ZHorizontalRule,
    ZImage,
    ZEmbed,
    z.object({ type: z.literal("bulletList"), content: z.array(ZListItem).min(1).max(500) }),
    z.object({
      type: z.literal("orderedList"),
      attrs: z
        .object({ start: z.number().int().min(0).max(100_000).optional() })
        .loose()
        .optional(),
      content: z.array(ZListItem).min(1).max(500),
    }),
    z.object({ type: z.literal("blockquote"), content: z.array(ZBlock).min(1).max(200) }),
    z.object({
      type: z.literal("spoiler"),
      attrs: z
        .object({ title: z.string().max(100).nullish() })
        .loose()
        .optional(),
      content: z.array(ZBlock).min(1).max(200),
    }),
  ]),
);

/** Maximum size of a stored body, as JSON text. */
export const BODY_MAX_CHARS = 300_000;

/** A body's shape: what a stored body is checked against when it is shown. */
const ZPostBodyShape = z.object({ type: z.literal("doc"), content: z.array(ZBlock).max(5000) });

/** A body as the editor sends it: its shape and its size. */
export const ZPostBody = ZPostBodyShape.refine(
  (doc) => JSON.stringify(doc).length <= BODY_MAX_CHARS,
  "Текст статьи слишком длинный.",
);
export type TPostBody = z.infer<typeof ZPostBody>;

export const EMPTY_BODY: TPostBody = { type: "doc", content: [] };

/**
 * A stored body checked against the schema on the server; null when it does not match (shown as a notice). Its
 * depth is checked first: a body stored before input was limited must not overflow the stack of the schema. Its
 * size was checked when it was saved; serialising it again to measure it took half of this check's time on every
 * view of a post.
 */
export function checkedBody(raw: unknown): TPostBody | null {
  if (!withinDepth(raw)) return null;
  const parsed = ZPostBodyShape.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * Plain text of a body (for search, headlines and meta descriptions). It takes a stored body as it is, unchecked
 * (search cuts fragments from sixty candidates' bodies, and checking each against the schema was a fifteenth of the
 * page): it reads only strings and arrays from it, and stops at the depth input may nest to.
 */
export function bodyText(doc: unknown, limit = Number.POSITIVE_INFINITY): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (nodes: unknown, depth: number) => {
    if (!Array.isArray(nodes) || depth > MAX_INPUT_DEPTH) return;
    for (const node of nodes) {
      if (length >= limit) return;
      const n = node as { type?: unknown; text?: unknown; content?: unknown; attrs?: { caption?: unknown } } | null;
      if (typeof n !== "object" || n === null) continue;
      if (n.type === "text" && typeof n.text === "string") {
        parts.push(n.text);
        length += n.text.length;
      } else if (n.type === "image" && typeof n.attrs?.caption === "string") {
        parts.push(` ${n.attrs.caption} `);
      } else if (n.content) {
        walk(n.content, depth + 1);
        parts.push(" ");
      }
    }
  };
  walk((doc as { content?: unknown } | null)?.content, 0);
  return parts.join("").replace(/\s+/g, " ").trim().slice(0, limit);
}
