import { useState } from "react";
import { isPlainLeftClick, Link } from "#app/components/link";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { CommentText } from "./comment-text";
import { shoutUrl } from "./shout-actions";

/** Long texts are clamped in lists (unless the viewer's is_shouts_expanded): over this many characters or lines. */
const CLAMP_CHARS = 600;
const CLAMP_LINES = 8;

export function isLongText(text: string): boolean {
  return text.length > CLAMP_CHARS || text.split("\n").length > CLAMP_LINES;
}

/** The shout's text with links, @mentions and #tags; long texts clamped with «Читать полностью». */
export function ShoutText({ shout, clamp }: { shout: ShoutView; clamp: boolean }) {
  const [expanded, setExpanded] = useState(false);
  if (!shout.headline.trim()) return null;
  const clamped = clamp && !expanded && isLongText(shout.headline);
  const id = `shout-text-${shout.id}`;
  return (
    <>
      <CommentText
        text={shout.headline}
        tags={shout.tags}
        id={id}
        className={`shout-text${clamped ? " is-clamped" : ""}`}
      />
      {clamped ? (
        // Without JavaScript the link opens the shout's page; with it the text unfolds in place.
        <Link
          className="shout-more"
          to={shoutUrl(shout.id)}
          aria-controls={id}
          onClick={(event) => {
            if (!isPlainLeftClick(event)) return;
            event.preventDefault();
            setExpanded(true);
          }}
        >
          Читать полностью
        </Link>
      ) : null}
    </>
  );
}
