import { NodeViewContent, type NodeViewProps, NodeViewWrapper } from "@tiptap/react";
import type { EmbedProvider } from "#workers/core/posts/body.schemas";
import { PROVIDER_NAMES, videoPageUrl } from "#workers/core/shared/video-players";

/** React node views of the editor (client-only). */

export function ImageView({ node, updateAttributes, selected }: NodeViewProps) {
  const { src, width, height, caption, alt } = node.attrs as {
    src: string;
    width: number | null;
    height: number | null;
    caption: string | null;
    alt: string | null;
  };
  return (
    <NodeViewWrapper as="figure" className={`post-figure editor-figure${selected ? " is-selected" : ""}`}>
      <img src={src} width={width ?? undefined} height={height ?? undefined} alt={alt ?? ""} data-drag-handle="" />
      <div className="editor-figure-fields" contentEditable={false}>
        <input
          type="text"
          className="editor-figure-caption"
          placeholder="Подпись к картинке"
          aria-label="Подпись к картинке"
          maxLength={300}
          value={caption ?? ""}
          onChange={(event) => updateAttributes({ caption: event.target.value || null })}
        />
        <input
          type="text"
          className="editor-figure-alt"
          placeholder="Описание для незрячих (необязательно)"
          aria-label="Описание картинки для незрячих"
          maxLength={300}
          value={alt ?? ""}
          onChange={(event) => updateAttributes({ alt: event.target.value || null })}
        />
      </div>
    </NodeViewWrapper>
  );
}

export function EmbedView({ node, selected }: NodeViewProps) {
  const { provider, id } = node.attrs as { provider: EmbedProvider; id: string };
  const name = PROVIDER_NAMES[provider] ?? provider;
  return (
    <NodeViewWrapper className={`post-embed editor-embed${selected ? " is-selected" : ""}`} data-drag-handle="">
      <div className="post-embed-preview" contentEditable={false}>
        <span className="post-embed-play" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor" focusable="false">
            <path d="M8 5.5v13l11-6.5z" />
          </svg>
        </span>
        <span className="post-embed-label">
          <span className="post-embed-provider">{name}</span>
          <span className="post-embed-hint">{videoPageUrl({ provider, id })}</span>
        </span>
      </div>
    </NodeViewWrapper>
  );
}

export function SpoilerView({ node, updateAttributes }: NodeViewProps) {
  const title = (node.attrs.title as string | null) ?? "";
  return (
    <NodeViewWrapper className="post-spoiler editor-spoiler">
      <div className="editor-spoiler-head" contentEditable={false}>
        <span className="editor-spoiler-badge">Спойлер</span>
        <input
          type="text"
          className="editor-spoiler-title"
          placeholder="Заголовок спойлера (необязательно)"
          aria-label="Заголовок спойлера"
          maxLength={100}
          value={title}
          onChange={(event) => updateAttributes({ title: event.target.value || null })}
        />
      </div>
      <NodeViewContent className="post-spoiler-content" />
    </NodeViewWrapper>
  );
}
