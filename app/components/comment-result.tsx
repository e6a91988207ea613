import type { ReactNode } from "react";
import { Link } from "#app/components/link";
import type { UserCommentView } from "#workers/core/comments/comments.serializers";
import { Avatar } from "./avatar";
import { TimeAgo } from "./time-ago";

/** Longest text a result shows; the whole comment is one click away. */
const TEXT_MAX = 300;

/**
 * A comment in a list (spec §3 Comment search-result form, with its text): the post it is under, the text
 * linking to it on the post page, when and its paws; `showAuthor` where the comments are by many members;
 * `children` in place of the text (the search page's fragment with the matches marked).
 */
export function CommentResult({
  comment,
  showAuthor = false,
  children,
}: {
  comment: UserCommentView;
  showAuthor?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="user-comment card">
      <p className="user-comment-post">
        {showAuthor ? (
          <Link to={`/users/${comment.user.id}`} className="user-comment-author">
            <Avatar user={comment.user} size={20} decorative />
            <span>{comment.user.username}</span>
          </Link>
        ) : null}
        к статье{" "}
        <Link to={`/posts/${encodeURIComponent(comment.post_slug)}`}>{comment.headline || "Без заголовка"}</Link>
      </p>
      <Link className="user-comment-text" to={`${comment.url}#comment-${comment.id}`}>
        {children ?? (comment.text.length > TEXT_MAX ? `${comment.text.slice(0, TEXT_MAX)}…` : comment.text)}
      </Link>
      <p className="user-comment-meta">
        <TimeAgo date={comment.datetime} />
        <span title="Лапки">🐾 {comment.pwnd}</span>
      </p>
    </li>
  );
}
