import { copyWithNotice } from "#app/lib/clipboard";
import { useHydrated } from "#app/lib/hooks";
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
 * notice. Needs JavaScript (there is nothing to send to the server): without it the button is not drawn and the
 * item's own link stays the way to share it.
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
  const hydrated = useHydrated();
  const notices = useNotice();
  if (!hydrated) return null;
  const share = async () => {
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
  };
  return (
    <button type="button" className={className} onClick={share}>
      Поделиться
    </button>
  );
}
