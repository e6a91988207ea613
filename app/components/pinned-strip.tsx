import { type RefObject, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import { Avatar } from "./avatar";
import { IconPin } from "./icons";
import { PinForm, type PinResult, usePinResultNotice } from "./pin-form";
import { postUrl } from "./post-links";

/** The strip's unpin buttons share this fetcher: an unpinned post leaves the strip before its answer is shown. */
const STRIP_FETCHER = "pinned-strip-pin";

/** Spec §2/§9: each pinned post takes 750/2 px; when they need more than the strip has, it is a carousel. */
export const PINNED_ITEM_WIDTH = 750 / 2;

/**
 * When the posts overflow the strip, buttons that move it one post at a time, wrapping around at both ends.
 * Without JavaScript the strip simply scrolls sideways. The overflow is measured once mounted: only these buttons
 * re-render when it is known, not the strip's posts (on a phone that was a synchronous re-render of the whole strip
 * right after hydration).
 */
function CarouselNav({ strip, count }: { strip: RefObject<HTMLUListElement | null>; count: number }) {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    // The observer reports the strip's size once it is laid out (and on every change): measuring here as well
    // forced a layout and a render inside hydration's task.
    const observer = new ResizeObserver(() =>
      setOverflowing(count > 1 && count * PINNED_ITEM_WIDTH > element.clientWidth),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [count, strip]);
  const move = (direction: 1 | -1) => {
    const element = strip.current;
    if (!element) return;
    const item = element.firstElementChild as HTMLElement | null;
    const step = (item?.offsetWidth ?? PINNED_ITEM_WIDTH) + 12;
    const end = element.scrollWidth - element.clientWidth;
    const atEnd = element.scrollLeft >= end - 2;
    const atStart = element.scrollLeft <= 2;
    const left = direction > 0 ? (atEnd ? 0 : element.scrollLeft + step) : atStart ? end : element.scrollLeft - step;
    element.scrollTo({
      left,
      behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
  };
  if (!overflowing) return null;
  return (
    <div className="pinned-nav">
      <button type="button" className="btn btn-sm" aria-label="Предыдущая закреплённая" onClick={() => move(-1)}>
        ‹
      </button>
      <button type="button" className="btn btn-sm" aria-label="Следующая закреплённая" onClick={() => move(1)}>
        ›
      </button>
    </div>
  );
}

/**
 * The pinned posts strip (spec §2) on the index, post and tag pages: each post 375 px (750/2) at most; when they
 * do not fit the window it is a carousel that wraps around (and scrolls sideways without JavaScript).
 * Moderators can unpin from here.
 */
export function PinnedStrip({ posts }: { posts: PostCard[] }) {
  const { user } = useRootData();
  const actions = useFetcher<PinResult>({ key: STRIP_FETCHER });
  usePinResultNotice(actions.data);
  const strip = useRef<HTMLUListElement>(null);
  if (!posts.length) return null;
  return (
    <section className="pinned" aria-label="Закреплённые публикации">
      <CarouselNav strip={strip} count={posts.length} />
      <ul className="pinned-strip" ref={strip}>
        {posts.map((post, index) => {
          const cover = post.image && !post.is_video_background ? post.image : null;
          return (
            <li key={post.id} className={`pinned-item${cover ? " has-cover" : ""}`}>
              {cover ? (
                // The first cover is near the top of the page, likely its largest paint: loaded at once and first.
                <img
                  className="pinned-cover"
                  src={cover}
                  alt=""
                  loading={index === 0 ? undefined : "lazy"}
                  fetchPriority={index === 0 ? "high" : undefined}
                  decoding="async"
                />
              ) : null}
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
              {user?.is_mod ? (
                <PinForm
                  action={postUrl(post.slug)}
                  isPinned
                  compact
                  className="pinned-unpin-form"
                  fetcherKey={STRIP_FETCHER}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
