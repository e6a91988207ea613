import { Link } from "#app/components/link";
import type { PostCard as PostCardData } from "#workers/core/posts/posts.serializers";

// What the post page shares with the post cards, without the lists' code (the post page's first-load JS).

export const COMMENT_FORMS = ["комментарий", "комментария", "комментариев"] as const;

export { postUrl } from "#workers/core/posts/posts.urls";

/** The tags of a post as links to their pages. */
export function TagList({ tags, className = "tag-list" }: { tags: PostCardData["tags"]; className?: string }) {
  if (!tags.length) return null;
  return (
    <ul className={className} aria-label="Теги">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link className="tag-chip" to={`/tags/${encodeURIComponent(tag.slug)}`}>
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
