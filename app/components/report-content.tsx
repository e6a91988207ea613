import { Link } from "#app/components/link";
import type { TargetContent } from "#workers/core/reports/reports.targets";
import { Avatar } from "./avatar";
import { CommentText } from "./comment-text";
import { MediaGrid } from "./media-grid";

/**
 * A reported item as the site shows it: its author, a post's title and headline, a comment's or shout's text
 * (links and mentions as on the site) and a shout's pictures. `snapshot`: what it said when it was reported, shown
 * when the item is gone.
 */
export function ReportedContent({ content, snapshot }: { content: TargetContent; snapshot?: string }) {
  const author = content.author;
  return (
    <div className="reported-content">
      {author ? (
        <p className="reported-author">
          <Avatar user={author} size={20} decorative /> <Link to={`/users/${author.id}`}>{author.username}</Link>
        </p>
      ) : null}
      {!content.exists ? (
        <>
          <p className="muted">Содержимое уже удалено. Так оно выглядело при первой жалобе:</p>
          {snapshot ? <blockquote className="reported-snapshot">{snapshot}</blockquote> : null}
        </>
      ) : (
        <>
          {content.type === "post" ? (
            <h3 className="reported-title">
              {content.url ? <Link to={content.url}>{content.title || "Без названия"}</Link> : content.title}
            </h3>
          ) : null}
          {content.type !== "user" && content.text ? (
            <div className="reported-text">
              <CommentText text={content.text} />
            </div>
          ) : null}
          {content.media.length ? <MediaGrid media={content.media} label="Картинки записки" /> : null}
          {content.type === "user" ? <p>Профиль участника</p> : null}
          {content.url && content.type !== "post" ? (
            <p className="reported-link">
              <Link to={content.url}>Открыть на сайте</Link>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
