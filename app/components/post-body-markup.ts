import { html, type Markup } from "#app/lib/html";
import type { TBlock, TInline, TListItem, TPostBody } from "#workers/core/posts/body.schemas";
import { PROVIDER_NAMES, type VideoRef, videoPageUrl } from "#workers/core/shared/video-players";

/**
 * Our own renderer of a post body (ZPostBody JSON) to markup (app/lib/html.ts, which escapes all text): on the server
 * for the post page, whose data carries the markup and not the body (none of this is in the page's JavaScript), and
 * in the editor's preview. Links and image sources are checked again here. The server validates the body
 * (`checkedBody`) and gives null when it does not match the schema: then a notice shows instead of the text. (No zod
 * in the browser bundle.) <PostBody> holds the markup and starts its videos.
 */

export const BODY_RENDER_ERROR = "Не удалось показать текст статьи.";

const LINK_REL = "nofollow ugc noopener";
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const MEDIA_SRC = /^\/media\/[\w/.-]+$/;

/** The inside of a post body's block (<PostBody> is the block). */
export function postBodyMarkup(body: TPostBody | null): Markup {
  if (!body) return html`<p class="post-body-error" role="alert">${BODY_RENDER_ERROR}</p>`;
  return blocks(body.content);
}

function blocks(list: readonly TBlock[] | undefined): Markup {
  return html`${(list ?? []).map(block)}`;
}

function block(node: TBlock): Markup | null {
  switch (node.type) {
    case "paragraph":
      return html`<p>${inline(node.content)}</p>`;
    case "heading":
      return node.attrs.level === 2 ? html`<h2>${inline(node.content)}</h2>` : html`<h3>${inline(node.content)}</h3>`;
    case "bulletList":
      return html`<ul>${items(node.content)}</ul>`;
    case "orderedList": {
      const start = node.attrs?.start;
      return html`<ol${start !== undefined && start !== 1 ? html` start="${start}"` : null}>${items(node.content)}</ol>`;
    }
    case "blockquote":
      return html`<blockquote>${blocks(node.content)}</blockquote>`;
    case "codeBlock":
      return html`<pre><code>${(node.content ?? []).map((text) => text.text).join("")}</code></pre>`;
    case "horizontalRule":
      return html`<hr/>`;
    case "image": {
      const { src, width, height, caption, alt } = node.attrs;
      if (!MEDIA_SRC.test(src) || src.includes("..")) return null;
      return html`<figure class="post-figure"><img src="${src}"${width === undefined ? null : html` width="${width}"`}${height === undefined ? null : html` height="${height}"`} alt="${alt ?? caption ?? ""}" loading="lazy" decoding="async"/>${caption ? html`<figcaption>${caption}</figcaption>` : null}</figure>`;
    }
    case "embed":
      return videoEmbedMarkup(node.attrs);
    case "spoiler":
      return html`<details class="post-spoiler"><summary>${node.attrs?.title?.trim() || "Спойлер"}</summary><div class="post-spoiler-content">${blocks(node.content)}</div></details>`;
    default:
      // A node type this renderer does not know is skipped.
      return null;
  }
}

function items(list: readonly TListItem[]): Markup {
  return html`${list.map((item) => html`<li>${blocks(item.content)}</li>`)}`;
}

function inline(nodes: readonly TInline[] | undefined): Markup {
  return html`${(nodes ?? []).map(inlineNode)}`;
}

function inlineNode(node: TInline): Markup | null {
  if (node.type === "hardBreak") return html`<br/>`;
  if (node.type !== "text") return null;
  let out: Markup = html`${node.text}`;
  let href: string | null = null;
  for (const mark of node.marks ?? []) {
    switch (mark.type) {
      case "bold":
        out = html`<strong>${out}</strong>`;
        break;
      case "italic":
        out = html`<em>${out}</em>`;
        break;
      case "strike":
        out = html`<s>${out}</s>`;
        break;
      case "code":
        out = html`<code>${out}</code>`;
        break;
      case "link":
        href = mark.attrs.href.trim();
        break;
    }
  }
  // The link wraps everything else; anything but http(s), mailto and site paths is dropped (text stays).
  if (href && SAFE_HREF.test(href)) {
    const external = /^https?:\/\//i.test(href);
    out = html`<a href="${href}" rel="${LINK_REL}"${external ? html` target="_blank"` : null}>${out}</a>`;
  }
  return out;
}

/**
 * A privacy-friendly video: a static preview (no request to the provider) that, once clicked, becomes the provider's
 * player (`playVideo` in post-body.tsx). Without JavaScript the preview is a plain link to the video on the
 * provider's site.
 */
export function videoEmbedMarkup({ provider, id }: VideoRef): Markup {
  const name = PROVIDER_NAMES[provider] ?? provider;
  return html`<div class="post-embed" data-provider="${provider}" data-id="${id}"><a class="post-embed-preview" href="${videoPageUrl({ provider, id })}" target="_blank" rel="${LINK_REL}"><span class="post-embed-play" aria-hidden="true"><svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor" focusable="false"><path d="M8 5.5v13l11-6.5z"></path></svg></span><span class="post-embed-label"><span class="post-embed-provider">${name}</span><span class="post-embed-hint">Нажмите, чтобы загрузить видео</span></span></a></div>`;
}
