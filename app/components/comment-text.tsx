import { followMarkupLink } from "#app/components/link";
import { type HtmlValue, html, innerMarkup, type Markup } from "#app/lib/html";

/**
 * Plain comment or shout text, rendered safely: line breaks kept, http(s) URLs turned into links, @mentions into
 * links to the member search (names may hold letters, digits, «_», «-», «.»), and — when `tags` is given (shouts)
 * — #tags into links to the tag's shouts. Nothing of the text is parsed as HTML: it is escaped as text (app/lib/html.ts).
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

const BR = html`<br>`;

function lineMarkup(line: string, tags: readonly TextTag[] | undefined): HtmlValue {
  // Every token needs one of these: most lines have none and skip the pattern's try at every character.
  if (!line.includes("http") && !line.includes("@") && !line.includes("#")) return line;
  const out: HtmlValue[] = [];
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
        html`<a href="${url}" rel="nofollow ugc noopener noreferrer" target="_blank">${url.length > 60 ? `${url.slice(0, 57)}…` : url}</a>`,
      );
    } else if (name) {
      out.push(line.slice(last, start + before.length));
      out.push(html`<a class="mention" href="/search?type=user&amp;q=${encodeURIComponent(name)}">@${name}</a>`);
    } else if (rawTag) {
      if (!tags || !hashtag) continue;
      out.push(line.slice(last, start + hashBefore.length));
      out.push(html`<a class="hashtag" href="${hashtagHref(hashtag, tags)}">#${hashtag}</a>`);
    }
    last = start + whole.length;
  }
  out.push(line.slice(last));
  return out;
}

/** The text as markup: lines joined by <br>, its links written out, everything else escaped text. */
export function commentTextMarkup(text: string, tags?: readonly TextTag[]): Markup {
  return html`${text.split(/\r?\n/).map((line, i) => (i > 0 ? [BR, lineMarkup(line, tags)] : lineMarkup(line, tags)))}`;
}

/**
 * The text in its element, written as one string of markup (app/lib/html.ts): a comment's or a shout's text is a
 * line, a link or two; as React elements, a hundred of them were a large part of a discussion's render and
 * hydration (docs/decisions/0040-render-cpu.md §25). Its site links navigate in the app through one handler.
 */
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
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the handler only sees clicks on the links inside, which keys reach
    // biome-ignore lint/a11y/noStaticElementInteractions: as above: it is the links' handler, delegated
    <div
      className={className}
      id={id}
      onClick={followMarkupLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup from `html`, which escapes all text
      dangerouslySetInnerHTML={innerMarkup(commentTextMarkup(text, tags))}
    />
  );
}
