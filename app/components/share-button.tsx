import { copyWithNotice } from "#app/lib/clipboard";
import { useNotice } from "./notices";

/** What is being shared: the name the copy notice uses ('{title} скопировано в буфер обмена.'). */
export const SHARE_TITLES = {
  post: "URL статьи",
  comment: "URL комментария",
  shout: "URL записки",
  user: "URL профиля",
} as const;

/**
 * «Поделиться»: the system share sheet on phones (Web Share API, touch screens), else the link copied with a
 * notice. Needs JavaScript (there is nothing to send to the server): the server renders it, and it stays invisible
 * (keeping its place) until the page has hydrated (`.needs-js`, base.css); without JavaScript the item's own link
 * is the way to share it. Rendering it only once hydrated had React create every comment's button in one
 * synchronous re-render right after hydration (decision 0041, "the share buttons").
 */
export function ShareButton({
  url,
  kind,
  text,
  className,
}: {
  /** The item's path on the site (`/posts/…`). */
  url: string;
  kind: keyof typeof SHARE_TITLES;
  /** The title the share sheet shows. */
  text?: string;
  className?: string;
}) {
  const notices = useNotice();
  return (
    <button
      type="button"
      className={className ? `${className} needs-js` : "needs-js"}
      onClick={() => void shareLink(notices, url, kind, text)}
    >
      Поделиться
    </button>
  );
}

/** What «Поделиться» does: the share sheet on a touch screen, else the link copied with a notice. */
export async function shareLink(
  notices: ReturnType<typeof useNotice>,
  url: string,
  kind: keyof typeof SHARE_TITLES,
  text?: string,
): Promise<void> {
  const absolute = new URL(url, window.location.origin).toString();
  const touch = window.matchMedia("(pointer: coarse)").matches;
  if (touch && typeof navigator.share === "function") {
    try {
      await navigator.share({ url: absolute, title: text });
      return;
    } catch (error) {
      // The member closed the sheet: nothing to say. Any other failure falls back to copying.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  await copyWithNotice(notices, SHARE_TITLES[kind], absolute);
}
