import type { MouseEvent } from "react";
import type { EmbedProvider } from "#workers/core/posts/body.schemas";
import { embedSrc, PROVIDER_NAMES } from "#workers/core/shared/video-players";
import { isPlainLeftClick } from "./link";

/**
 * A post body's block, holding its markup: written by `postBodyMarkup` (post-body-markup.ts), on the server for the
 * post page (its data carries the markup) or in the editor's preview. A click on a video's preview starts its player.
 */
export function PostBody({ bodyHtml, className }: { bodyHtml: string; className?: string }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the previews' handler, delegated (they are links: the keyboard presses them)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the same
    <div
      className={className ? `post-body ${className}` : "post-body"}
      onClick={playVideo}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup from `html` (app/lib/html.ts), which escapes all text
      dangerouslySetInnerHTML={{ __html: bodyHtml }}
    />
  );
}

/**
 * The click handler of markup that holds videos (`videoEmbedMarkup`): a plain click on a preview puts the provider's
 * player in its place. Modified clicks (a new tab, a new window) go to the provider's page. The player is the
 * holder's own element from then on: React rewrites the holder only when its markup changes.
 */
export function playVideo(event: MouseEvent<HTMLElement>): void {
  const link = event.target instanceof Element ? event.target.closest("a.post-embed-preview") : null;
  const box = link?.parentElement;
  if (!box || !event.currentTarget.contains(box) || !isPlainLeftClick(event)) return;
  const provider = box.dataset.provider as EmbedProvider;
  const id = box.dataset.id ?? "";
  event.preventDefault();
  const player = document.createElement("iframe");
  player.src = embedSrc({ provider, id }, window.location.hostname);
  player.title = `Видео ${PROVIDER_NAMES[provider] ?? provider}`;
  player.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
  player.referrerPolicy = "strict-origin-when-cross-origin";
  box.classList.add("post-embed-loaded");
  box.replaceChildren(player);
}
