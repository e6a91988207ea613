import { mergeAttributes, Node } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { ReactNodeViewRenderer } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { EmbedProvider } from "#workers/core/posts/body.schemas";
import { EmbedView, ImageView, SpoilerView } from "./node-views";

/**
 * The editor's schema: exactly the nodes and marks of ZPostBody (workers/core/posts/body.schemas.ts).
 * Client-only (imported from post-editor.client.tsx).
 */

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    embed: {
      /** Inserts a video preview. */
      setEmbed: (attrs: { provider: EmbedProvider; id: string }) => ReturnType;
    };
    spoiler: {
      /** Wraps the selected blocks into a spoiler, or lifts them out of one. */
      toggleSpoiler: () => ReturnType;
    };
    postImage: {
      /** Inserts an uploaded image. */
      insertPostImage: (attrs: { src: string; width: number; height: number; alt?: string | null }) => ReturnType;
    };
  }
}

export const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;

/** Uploaded images (/media/…) with size, caption and alt; no markdown input rule, no foreign images on paste. */
export const PostImage = Image.extend({
  name: "image",
  draggable: true,
  addOptions() {
    return { ...this.parent!(), inline: false, allowBase64: false };
  },
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      width: { default: null, parseHTML: (el) => Number(el.getAttribute("width")) || null },
      height: { default: null, parseHTML: (el) => Number(el.getAttribute("height")) || null },
      caption: {
        default: null,
        parseHTML: (el) => el.getAttribute("data-caption"),
        renderHTML: (attrs) => (attrs.caption ? { "data-caption": attrs.caption } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'img[src^="/media/"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["img", mergeAttributes(HTMLAttributes)];
  },
  addInputRules() {
    return [];
  },
  addCommands() {
    return {
      insertPostImage:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
  addNodeView() {
    return ReactNodeViewRenderer(ImageView);
  },
});

/** A video of YouTube, VK Video or Twitch: an atom with provider and id. */
export const Embed = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      provider: { default: null, parseHTML: (el) => el.getAttribute("data-provider") },
      id: { default: null, parseHTML: (el) => el.getAttribute("data-id") },
    };
  },
  parseHTML() {
    return [{ tag: "div[data-embed]" }];
  },
  renderHTML({ node }) {
    return ["div", { "data-embed": "", "data-provider": node.attrs.provider, "data-id": node.attrs.id }];
  },
  addCommands() {
    return {
      setEmbed:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
  addNodeView() {
    return ReactNodeViewRenderer(EmbedView);
  },
});

/** A spoiler: a block container with an optional title (rendered as <details> in posts). */
export const Spoiler = Node.create({
  name: "spoiler",
  group: "block",
  content: "block+",
  defining: true,
  addAttributes() {
    return { title: { default: null, parseHTML: (el) => el.getAttribute("data-title") } };
  },
  parseHTML() {
    return [{ tag: "div[data-spoiler]", contentElement: "div[data-spoiler-content]" }];
  },
  renderHTML({ node }) {
    return [
      "div",
      { "data-spoiler": "", "data-title": node.attrs.title ?? "" },
      ["div", { "data-spoiler-content": "" }, 0],
    ];
  },
  addCommands() {
    return {
      toggleSpoiler:
        () =>
        ({ editor, commands }) => {
          if (editor.isActive(this.name)) return commands.lift(this.name);
          if (commands.wrapIn(this.name)) return true;
          return commands.insertContent({ type: this.name, content: [{ type: "paragraph" }] });
        },
    };
  },
  addNodeView() {
    return ReactNodeViewRenderer(SpoilerView);
  },
});

export function postExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: "https",
        protocols: [],
        isAllowedUri: (url) => SAFE_HREF.test(url.trim()),
        HTMLAttributes: { rel: "nofollow ugc noopener", target: "_blank" },
      },
      codeBlock: { languageClassPrefix: "language-" },
    }),
    PostImage,
    Embed,
    Spoiler,
  ];
}
