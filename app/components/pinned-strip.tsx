import { Link, useFetcher } from "react-router";
import { useRootData } from "#app/lib/root-data";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import { Avatar } from "./avatar";
import { IconPin } from "./icons";
import { PinForm, type PinResult, usePinResultNotice } from "./pin-form";
import { postUrl } from "./post-links";

/** The strip's unpin buttons share this fetcher: an unpinned post leaves the strip before its answer is shown. */
const STRIP_FETCHER = "pinned-strip-pin";

/**
 * The pinned posts strip (spec §2) on the index, post and tag pages: a horizontal strip with scroll-snap,
 * each post at most 375 px (750/2) wide; when they do not fit the window it scrolls sideways. Moderators
 * can unpin from here.
 */
export function PinnedStrip({ posts }: { posts: PostCard[] }) {
  const { user } = useRootData();
  const actions = useFetcher<PinResult>({ key: STRIP_FETCHER });
  usePinResultNotice(actions.data);
  if (!posts.length) return null;
  return (
    <section className="pinned" aria-label="Закреплённые публикации">
      <ul className="pinned-strip">
        {posts.map((post) => {
          const cover = post.image && !post.is_video_background ? post.image : null;
          return (
            <li key={post.id} className={`pinned-item${cover ? " has-cover" : ""}`}>
              {cover ? <img className="pinned-cover" src={cover} alt="" loading="lazy" decoding="async" /> : null}
              <div className="pinned-body">
                <span className="pinned-label">
                  <IconPin size={14} /> Закреплено
                </span>
                <Link className="pinned-title" to={postUrl(post.slug)}>
                  {post.title}
                </Link>
                <span className="pinned-author">
                  <Avatar user={post.user} size={20} decorative />
                  {post.user.username}
                </span>
              </div>
              {user?.is_mod ? <PinForm
                  action={postUrl(post.slug)}
                  isPinned
                  compact
                  className="pinned-unpin-form"
                  fetcherKey={STRIP_FETCHER}
                /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
