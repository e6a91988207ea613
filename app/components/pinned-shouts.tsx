import { useFetcher } from "react-router";
import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { Avatar } from "./avatar";
import { IconPin } from "./icons";
import { PinForm } from "./pin-form";
import { type ShoutActionResult, shoutUrl, useShoutResultNotice } from "./shout-actions";

/** The fetcher of the pinned strip's unpin buttons (keyed: see useShoutResultNotice). */
const STRIP_FETCHER = "shout-strip-action";

/** First words of a shout for the compact strip. */
function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * The pinned shouts at the top of the bonfire: a compact strip (sideways scroll when they do not fit), each with
 * its author, the first words and the first picture; moderators can unpin from here.
 */
export function PinnedShouts({ shouts }: { shouts: ShoutView[] }) {
  const { user } = useRootData();
  // The strip stays mounted (empty) after its last shout was unpinned: it reports the result.
  const actions = useFetcher<ShoutActionResult>({ key: STRIP_FETCHER });
  useShoutResultNotice(actions.data);
  if (!shouts.length) return null;
  return (
    <section className="pinned pinned-shouts" aria-label="Закреплённые записки">
      <ul className="pinned-strip">
        {shouts.map((shout) => {
          const picture = shout.images.find((m) => !m.is_video);
          const cover = picture && !shout.is_media_hidden && !user?.settings.is_hidden_media_enabled ? picture : null;
          return (
            <li key={shout.id} className={`pinned-item pinned-shout${cover ? " has-thumb" : ""}`}>
              <div className="pinned-body">
                <span className="pinned-label">
                  <IconPin size={14} /> Закреплено
                </span>
                <Link className="pinned-title pinned-shout-text" to={shoutUrl(shout.id)}>
                  {excerpt(shout.headline) || (shout.images.length ? "Записка с медиа" : "Записка")}
                </Link>
                <span className="pinned-author">
                  <Avatar user={shout.user} size={20} decorative />
                  {shout.user.username}
                </span>
              </div>
              {cover ? (
                <img
                  className="pinned-shout-thumb"
                  src={cover.thumb_url ?? cover.url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              {user?.is_mod ? (
                <PinForm
                  action={shoutUrl(shout.id)}
                  isPinned
                  compact
                  className="pinned-unpin-form"
                  fetcherKey={STRIP_FETCHER}
                  unpinLabel="Убрать записку из закреплённых"
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
