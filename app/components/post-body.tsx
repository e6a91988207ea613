import { Fragment, type MouseEvent, type ReactNode, useState } from "react";
import type { TBlock, TInline, TListItem, TPostBody } from "#workers/core/posts/body.schemas";
import { embedSrc, PROVIDER_NAMES, type VideoRef, videoPageUrl } from "#workers/core/shared/embeds";

/**
 * Our own renderer of a post body (ZPostBody JSON) to React elements — on the server and in the browser.
 * Nothing is ever injected as HTML: every node becomes an element, text is escaped by React; links and image
 * sources are checked again here. The server validates the body (`checkedBody`) and sends null when it does not
 * match the schema: then a notice shows instead of the text. (No zod in the browser bundle.)
 */

export const BODY_RENDER_ERROR = "Не удалось показать текст статьи.";

const LINK_REL = "nofollow ugc noopener";
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const MEDIA_SRC = /^\/media\/[\w/.-]+$/;

export function PostBody({ body, className }: { body: TPostBody | null; className?: string }) {
  const classes = className ? `post-body ${className}` : "post-body";
  if (!body) {
    return (
      <div className={classes}>
        <p className="post-body-error" role="alert">
          {BODY_RENDER_ERROR}
        </p>
      </div>
    );
  }
  return <div className={classes}>{renderBlocks(body.content)}</div>;
}

function renderBlocks(blocks: readonly TBlock[] | undefined): ReactNode[] {
  return (blocks ?? []).map((block, index) => renderBlock(block, index));
}

function renderBlock(block: TBlock, key: number): ReactNode {
  switch (block.type) {
    case "paragraph":
      return <p key={key}>{renderInline(block.content)}</p>;
    case "heading":
      return block.attrs.level === 2 ? (
        <h2 key={key}>{renderInline(block.content)}</h2>
      ) : (
        <h3 key={key}>{renderInline(block.content)}</h3>
      );
    case "bulletList":
      return <ul key={key}>{renderItems(block.content)}</ul>;
    case "orderedList": {
      const start = block.attrs?.start;
      return (
        <ol key={key} start={start !== undefined && start !== 1 ? start : undefined}>
          {renderItems(block.content)}
        </ol>
      );
    }
    case "blockquote":
      return <blockquote key={key}>{renderBlocks(block.content)}</blockquote>;
    case "codeBlock":
      return (
        <pre key={key}>
          <code>{(block.content ?? []).map((text) => text.text).join("")}</code>
        </pre>
      );
    case "horizontalRule":
      return <hr key={key} />;
    case "image": {
      const { src, width, height, caption, alt } = block.attrs;
      if (!MEDIA_SRC.test(src) || src.includes("..")) return null;
      return (
        <figure key={key} className="post-figure">
          <img src={src} width={width} height={height} alt={alt ?? caption ?? ""} loading="lazy" decoding="async" />
          {caption ? <figcaption>{caption}</figcaption> : null}
        </figure>
      );
    }
    case "embed":
      return <VideoEmbed key={key} provider={block.attrs.provider} id={block.attrs.id} />;
    case "spoiler":
      return (
        <details key={key} className="post-spoiler">
          <summary>{block.attrs?.title?.trim() || "Спойлер"}</summary>
          <div className="post-spoiler-content">{renderBlocks(block.content)}</div>
        </details>
      );
    default:
      // A node type this renderer does not know is skipped.
      return null;
  }
}

function renderItems(items: readonly TListItem[]): ReactNode[] {
  return items.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static document, never reordered
    <li key={index}>{renderBlocks(item.content)}</li>
  ));
}

function renderInline(nodes: readonly TInline[] | undefined): ReactNode[] {
  return (nodes ?? []).map((node, key) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: static document, never reordered
    if (node.type === "hardBreak") return <br key={key} />;
    if (node.type !== "text") return null;
    let out: ReactNode = node.text;
    let href: string | null = null;
    for (const mark of node.marks ?? []) {
      switch (mark.type) {
        case "bold":
          out = <strong>{out}</strong>;
          break;
        case "italic":
          out = <em>{out}</em>;
          break;
        case "strike":
          out = <s>{out}</s>;
          break;
        case "code":
          out = <code>{out}</code>;
          break;
        case "link":
          href = mark.attrs.href.trim();
          break;
      }
    }
    // The link wraps everything else; anything but http(s), mailto and site paths is dropped (text stays).
    if (href && SAFE_HREF.test(href)) {
      const external = /^https?:\/\//i.test(href);
      out = (
        <a href={href} rel={LINK_REL} target={external ? "_blank" : undefined}>
          {out}
        </a>
      );
    }
    // biome-ignore lint/suspicious/noArrayIndexKey: static document, never reordered
    return <Fragment key={key}>{out}</Fragment>;
  });
}

/**
 * A privacy-friendly video: a static preview (no request to the provider) that, once clicked, becomes the
 * provider's player. Without JavaScript the preview is a plain link to the video on the provider's site.
 */
export function VideoEmbed({ provider, id }: VideoRef) {
  const [src, setSrc] = useState<string | null>(null);
  const name = PROVIDER_NAMES[provider] ?? provider;
  const pageUrl = videoPageUrl({ provider, id });

  if (src) {
    return (
      <div className="post-embed post-embed-loaded" data-provider={provider}>
        <iframe
          src={src}
          title={`Видео ${name}`}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const load = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let modified clicks (new tab, new window) go to the provider's page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setSrc(embedSrc({ provider, id }, window.location.hostname));
  };

  return (
    <div className="post-embed" data-provider={provider}>
      <a className="post-embed-preview" href={pageUrl} target="_blank" rel={LINK_REL} onClick={load}>
        <span className="post-embed-play" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor" focusable="false">
            <path d="M8 5.5v13l11-6.5z" />
          </svg>
        </span>
        <span className="post-embed-label">
          <span className="post-embed-provider">{name}</span>
          <span className="post-embed-hint">Нажмите, чтобы загрузить видео</span>
        </span>
      </a>
    </div>
  );
}
