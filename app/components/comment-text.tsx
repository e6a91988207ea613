import { Fragment, type ReactNode } from "react";
import { Link } from "#app/components/link";

/**
 * Plain comment or shout text, rendered safely: line breaks kept, http(s) URLs turned into links, @mentions into
 * links to the member search (names may hold letters, digits, «_», «-», «.»), and — when `tags` is given (shouts)
 * — #tags into links to the tag's shouts. Nothing is parsed as HTML.
 */
const TOKEN =
  /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}»])|(^|[^\p{L}\p{N}_])@([\p{L}\p{N}][\p{L}\p{N}_.-]{1,31})|(^|[^\p{L}\p{N}_&#/])#([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu;

export interface TextTag {
  slug: string;
  name: string;
}

/** Where a #tag of a shout leads: the tag's shouts when the server knows the tag, the tag search otherwise. */
export function hashtagHref(name: string, tags: readonly TextTag[]): string {
  const key = name.toLocaleLowerCase("ru");
  const tag = tags.find((t) => t.name.toLocaleLowerCase("ru") === key || t.slug === key);
  return tag
    ? `/tags/${encodeURIComponent(tag.slug)}?itemType=shouts`
    : `/search?type=tag&q=${encodeURIComponent(name)}`;
}

function renderLine(line: string, keyPrefix: string, tags: readonly TextTag[] | undefined): ReactNode[] {
  // Every token needs one of these: most lines have none and skip the pattern's try at every character.
  if (!line.includes("http") && !line.includes("@") && !line.includes("#")) return [line];
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(TOKEN)) {
    const [matched, url, before = "", name, hashBefore = "", rawTag] = match;
    const start = match.index ?? 0;
    // As the server reads #tags (workers/core/tags/tags.schemas.ts): a trailing "-" or "_" is not part of the name.
    const hashtag = rawTag?.replace(/[-_]+$/u, "");
    const whole = rawTag && hashtag ? matched.slice(0, matched.length - (rawTag.length - hashtag.length)) : matched;
    if (url) {
      out.push(line.slice(last, start));
      out.push(
        <a key={`${keyPrefix}-${start}`} href={url} rel="nofollow ugc noopener noreferrer" target="_blank">
          {url.length > 60 ? `${url.slice(0, 57)}…` : url}
        </a>,
      );
    } else if (name) {
      out.push(line.slice(last, start + before.length));
      out.push(
        <Link key={`${keyPrefix}-${start}`} className="mention" to={`/search?type=user&q=${encodeURIComponent(name)}`}>
          @{name}
        </Link>,
      );
    } else if (rawTag) {
      if (!tags || !hashtag) continue;
      out.push(line.slice(last, start + hashBefore.length));
      out.push(
        <Link key={`${keyPrefix}-${start}`} className="hashtag" to={hashtagHref(hashtag, tags)}>
          #{hashtag}
        </Link>,
      );
    }
    last = start + whole.length;
  }
  out.push(line.slice(last));
  return out;
}

export function CommentText({
  text,
  tags,
  className = "comment-text",
  id,
}: {
  text: string;
  /** Turn #tags into links (shouts): the shout's tags give the slugs. */
  tags?: readonly TextTag[];
  className?: string;
  id?: string;
}) {
  const lines = text.split(/\r?\n/);
  return (
    <div className={className} id={id}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one immutable text
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {renderLine(line, String(i), tags)}
        </Fragment>
      ))}
    </div>
  );
}
