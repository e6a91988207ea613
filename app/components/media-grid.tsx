import { useState } from "react";
import { html, innerMarkup } from "#app/lib/html";
import { parseVideoUrl } from "#workers/core/shared/embeds";
import type { MediaItem } from "#workers/core/shouts/shouts.serializers";
import { Lightbox } from "./lightbox";
import { isPlainLeftClick } from "./link";
import { playVideo } from "./post-body";
import { videoEmbedMarkup } from "./post-body-markup";

function gridClass(count: number): string {
  if (count <= 1) return "media-grid media-grid-1";
  if (count <= 4) return `media-grid media-grid-${count}`;
  return "media-grid media-grid-many";
}

/**
 * The pictures and videos of a shout. One picture takes the full width at its own proportions (width/height
 * reserve the space, nothing jumps when it loads); 2–4 sit in a grid, more in three columns. A picture is a link
 * to the full image; with JavaScript a click opens the lightbox. Video links become click-to-load players.
 */
export function MediaGrid({
  media,
  label,
  eager = false,
}: {
  media: readonly MediaItem[];
  label?: string;
  /** Near the top of the page: load at once instead of lazily. */
  eager?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const images = media.filter((m) => !m.is_video);
  const videos = media.filter((m) => m.is_video);
  if (!media.length) return null;

  return (
    <div className="media">
      {images.length ? (
        <ul className={gridClass(images.length)} aria-label={label ?? "Изображения"}>
          {images.map((image, i) => {
            const single = images.length === 1;
            const ratio = image.width && image.height ? `${image.width} / ${image.height}` : undefined;
            return (
              <li key={image.url} className="media-cell">
                <figure className="media-figure">
                  <a
                    className="media-link"
                    href={image.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={
                      image.caption ? `Открыть изображение: ${image.caption}` : `Открыть изображение ${i + 1}`
                    }
                    onClick={(event) => {
                      if (!isPlainLeftClick(event)) return;
                      event.preventDefault();
                      setOpen(i);
                    }}
                  >
                    <img
                      className="media-img"
                      src={single ? image.url : (image.thumb_url ?? image.url)}
                      alt={image.caption}
                      width={image.width ?? undefined}
                      height={image.height ?? undefined}
                      // One picture: full width at its proportions, but never stretched past its own width.
                      style={single && ratio ? { aspectRatio: ratio, maxWidth: `${image.width}px` } : undefined}
                      loading={eager ? "eager" : "lazy"}
                      decoding="async"
                    />
                  </a>
                  {single && image.caption ? <figcaption className="media-caption">{image.caption}</figcaption> : null}
                </figure>
              </li>
            );
          })}
        </ul>
      ) : null}
      {videos.map((video) => {
        const ref = parseVideoUrl(video.url);
        return ref ? (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the preview's handler, delegated (it is a link: the keyboard presses it)
          <figure
            key={video.url}
            className="media-video"
            onClick={playVideo}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: markup from `html`, which escapes all text
            dangerouslySetInnerHTML={innerMarkup(
              html`${videoEmbedMarkup(ref)}${video.caption ? html`<figcaption class="media-caption">${video.caption}</figcaption>` : null}`,
            )}
          />
        ) : (
          <p key={video.url} className="media-video-link">
            <a href={video.url} target="_blank" rel="nofollow ugc noopener">
              {video.caption || video.url}
            </a>
          </p>
        );
      })}
      {open !== null ? <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/**
 * Media behind «Показать медиа» (the shout's is_media_hidden, or the viewer's is_hidden_media_enabled): a
 * <details>, so it opens without JavaScript as well.
 */
export function HiddenMedia({ count, children }: { count: number; children: React.ReactNode }) {
  return (
    <details className="media-hidden">
      <summary className="media-hidden-summary">
        <span className="media-hidden-show">Показать медиа</span>
        <span className="media-hidden-hide">Скрыть медиа</span>
        <span className="media-hidden-count" title="Картинок и видео">
          {count}
        </span>
      </summary>
      {children}
    </details>
  );
}
