import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { useRootData } from "#app/lib/root-data";
import { useRealtimeEvent } from "#app/realtime/provider";
import { formatSanctionEnd, type SanctionNotice } from "#workers/core/moderation/sanctions.constants";
import { IconAlert } from "./icons";
import { useNotice } from "./notices";

/** The longest delay setTimeout takes (about 24.8 days); a later end is picked up on the next page load. */
const MAX_TIMEOUT = 2 ** 31 - 1;

/**
 * Forms a sanctioned member may still send (decision 0024): signing out, the theme, their own settings and
 * notifications. Every other POST form is stopped in the page with the reason (the server refuses it anyway). Paws
 * and bookmarks are no forms of their own (app/components/reaction-form.tsx): a paw is refused by the server.
 */
const ALLOWED_ACTIONS = [
  /^\/auth\/sign-out/,
  /^\/theme/,
  /^\/users\/[^/]+\/(settings|ignore)/,
  /^\/notifications/,
];

function sanctionTitle(notice: SanctionNotice): string {
  return notice.kind === "ban" || !notice.ends_at
    ? "Вы забанены"
    : `Вы заблокированы до ${formatSanctionEnd(notice.ends_at)}`;
}

/**
 * The read-only mode of a banned or blocked member: a banner with the reason and the end, every write form
 * stopped with the same words, and live switching — `block_updated` on the channel (a moderator imposed or
 * lifted it) or the block's end reloads the root data, which turns the mode on or off in every open tab.
 */
export function SanctionBanner() {
  const { sanction } = useRootData();
  const revalidator = useRevalidator();
  const notice = useNotice();
  useRealtimeEvent("block_updated", () => void revalidator.revalidate());

  const endsAt = sanction?.ends_at ? Date.parse(sanction.ends_at) : null;
  useEffect(() => {
    if (endsAt == null) return;
    const wait = endsAt - Date.now() + 1000;
    if (wait > MAX_TIMEOUT) return;
    const timer = setTimeout(() => void revalidator.revalidate(), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [endsAt, revalidator]);

  useEffect(() => {
    if (!sanction) return;
    const title = sanctionTitle(sanction);
    function onSubmit(event: SubmitEvent) {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
      const path = new URL(form.action, window.location.href).pathname;
      if (ALLOWED_ACTIONS.some((re) => re.test(path))) return;
      event.preventDefault();
      event.stopPropagation();
      notice.error(title, `Причина: ${sanction?.reason}`);
    }
    // Capture on window: before React Router's own submit handling.
    window.addEventListener("submit", onSubmit, true);
    return () => window.removeEventListener("submit", onSubmit, true);
  }, [sanction, notice]);

  if (!sanction) return null;
  return (
    <div className="sanction-banner" role="status" data-sanction={sanction.kind}>
      <IconAlert size={20} />
      <div className="sanction-banner-text">
        <strong className="sanction-banner-title">{sanctionTitle(sanction)}</strong>
        <span className="sanction-banner-reason">Причина: {sanction.reason}</span>
        <span className="sanction-banner-hint">
          Вы можете читать сайт, но не можете писать, комментировать и ставить лапки
          {sanction.kind === "block" ? ", пока блокировка не закончится." : "."}
        </span>
      </div>
    </div>
  );
}
