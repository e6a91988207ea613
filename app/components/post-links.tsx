import { Link } from "#app/components/link";
import { html, type Markup } from "#app/lib/html";
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

/** <TagList> written as markup (app/lib/html.ts): its links are followed by the holder's `followMarkupLink`. */
export function tagListMarkup(tags: PostCardData["tags"]): Markup | null {
  if (!tags.length) return null;
  return html`<ul class="tag-list" aria-label="Теги">${tags.map((tag) => html`<li><a class="tag-chip" href="/tags/${encodeURIComponent(tag.slug)}">#${tag.name}</a></li>`)}</ul>`;
}
