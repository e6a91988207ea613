import type { Marked } from "#workers/core/search/highlight";

/**
 * Text with the ranges that matched a search wrapped in <mark>: every piece is rendered as text (React escapes
 * it), so nothing in the content can become markup.
 */
export function MarkedText({ marked }: { marked: Marked }) {
  const parts: (string | { mark: string; at: number })[] = [];
  let at = 0;
  for (const [start, end] of marked.marks) {
    if (start < at || end > marked.text.length) continue;
    if (start > at) parts.push(marked.text.slice(at, start));
    parts.push({ mark: marked.text.slice(start, end), at: start });
    at = end;
  }
  if (at < marked.text.length) parts.push(marked.text.slice(at));
  return <>{parts.map((part) => (typeof part === "string" ? part : <mark key={part.at}>{part.mark}</mark>))}</>;
}
