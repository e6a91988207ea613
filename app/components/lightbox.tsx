import { useCallback, useEffect, useRef } from "react";
import { IconClose } from "./icons";

export interface LightboxImage {
  /** The full picture. */
  url: string;
  caption: string;
  width: number | null;
  height: number | null;
}

const FOCUSABLE = "button:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

function Chevron({ left }: { left?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      aria-hidden="true"
    >
      <path d={left ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The image lightbox (spec §2): one picture at a time over a dark backdrop, with its caption and a «1 из 3»
 * counter. Previous/next with the arrow keys, the side buttons or a swipe; closes on Escape, a click on the
 * backdrop or the close button; the focus stays inside (a modal <dialog>, Tab wraps around) and returns to the
 * picture that opened it. Rendered only with JavaScript: without it, every picture is a link to the full image.
 */
export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: readonly LightboxImage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const current = images[Math.min(Math.max(index, 0), count - 1)];

  const go = useCallback(
    (step: number) => {
      if (count > 1) onIndex((index + step + count) % count);
    },
    [count, index, onIndex],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    closeButton.current?.focus();
    document.documentElement.classList.add("has-lightbox");
    return () => {
      document.documentElement.classList.remove("has-lightbox");
      if (dialog.open) dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, []);

  // The neighbours load ahead, so "next" shows at once.
  useEffect(() => {
    if (count < 2) return;
    for (const step of [1, -1]) {
      const image = new Image();
      image.src = images[(index + step + count) % count].url;
    }
  }, [images, index, count]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "Tab") {
      // Keep the focus among the lightbox's own controls.
      const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      if (!items.length) return;
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : at === items.length - 1 ? 0 : at + 1;
      event.preventDefault();
      items[next]?.focus();
    }
  }

  if (!current) return null;
  const position = `${Math.min(index + 1, count)} из ${count}`;
  const captionId = "lightbox-caption";

  return (
    <dialog
      ref={ref}
      className="lightbox"
      aria-label={current.caption ? `Изображение ${position}: ${current.caption}` : `Изображение ${position}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        const target = event.target as HTMLElement;
        if (target === ref.current || target.classList.contains("lightbox-stage")) onClose();
      }}
      onTouchStart={(event) => {
        const t = event.touches[0];
        touch.current = t ? { x: t.clientX, y: t.clientY } : null;
      }}
      onTouchEnd={(event) => {
        const start = touch.current;
        const t = event.changedTouches[0];
        touch.current = null;
        if (!start || !t) return;
        const dx = t.clientX - start.x;
        if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(t.clientY - start.y)) go(dx < 0 ? 1 : -1);
      }}
    >
      <div className="lightbox-stage">
        <figure className="lightbox-figure">
          <img
            key={current.url}
            className="lightbox-img"
            src={current.url}
            alt={current.caption || `Изображение ${position}`}
            width={current.width ?? undefined}
            height={current.height ?? undefined}
            decoding="async"
            aria-describedby={current.caption ? captionId : undefined}
          />
          {current.caption ? (
            <figcaption className="lightbox-caption" id={captionId}>
              {current.caption}
            </figcaption>
          ) : null}
        </figure>
      </div>
      <div className="lightbox-bar">
        <p className="lightbox-counter" aria-live="polite">
          {position}
        </p>
        <a className="lightbox-original" href={current.url} target="_blank" rel="noopener">
          Открыть оригинал
        </a>
        <button
          ref={closeButton}
          type="button"
          className="lightbox-btn lightbox-close"
          aria-label="Закрыть"
          onClick={onClose}
        >
          <IconClose size={24} />
        </button>
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="lightbox-btn lightbox-nav lightbox-prev"
            aria-label="Предыдущее изображение"
            onClick={() => go(-1)}
          >
            <Chevron left />
          </button>
          <button
            type="button"
            className="lightbox-btn lightbox-nav lightbox-next"
            aria-label="Следующее изображение"
            onClick={() => go(1)}
          >
            <Chevron />
          </button>
        </>
      ) : null}
    </dialog>
  );
}
