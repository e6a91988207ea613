import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";

/**
 * Plain comment text, rendered safely: line breaks kept, http(s) URLs turned into links, @mentions into
 * links to the member search (names may hold letters, digits, «_», «-», «.»). Nothing is parsed as HTML.
 */
const TOKEN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}»])|(^|[^\p{L}\p{N}_])@([\p{L}\p{N}][\p{L}\p{N}_.-]{1,31})/gu;

function renderLine(line: string, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(TOKEN)) {
    const [whole, url, before = "", name] = match;
    const start = match.index ?? 0;
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
    }
    last = start + whole.length;
  }
  out.push(line.slice(last));
  return out;
}

export function CommentText({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <div className="comment-text">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one immutable text
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {renderLine(line, String(i))}
        </Fragment>
      ))}
    </div>
  );
}
