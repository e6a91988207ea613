import type { MouseEvent, PointerEvent } from "react";
import { PostBody } from "#app/components/post-body";
import { postBodyMarkup } from "#app/components/post-body-markup";
import type { TPostBody } from "#workers/core/posts/body.schemas";
import { EditorToolbar } from "./toolbar";

/** Where the editor puts the cursor once it has loaded: where the author pressed, or the end of the text. */
export type EditorFocus = { x: number; y: number } | "end";

/**
 * The draft as the editor will show it, until the editor has loaded: the disabled toolbar and the text, rendered
 * like a post. Without JavaScript this is what the page shows (the route says that editing needs it).
 *
 * With `onFocusRequest` (in the browser, while the editor loads or before it is asked for), the text is a focusable
 * text box: a press or a keyboard focus there asks for the editor and says where its cursor should go.
 */
export function EditorPreview({
  body,
  onFocusRequest,
}: {
  body: TPostBody;
  onFocusRequest?: (focus: EditorFocus) => void;
}) {
  const text = <PostBody bodyHtml={postBodyMarkup(body).value} className="post-editor-content" />;
  return (
    <div className="post-editor post-editor-preview">
      <EditorToolbar state={null} />
      {onFocusRequest ? (
        // biome-ignore lint/a11y/useSemanticElements: rich text (headings, lists, pictures) in the box the editor's own contenteditable textbox replaces
        <div
          className="post-editor-area"
          role="textbox"
          aria-multiline="true"
          aria-label="Текст статьи"
          tabIndex={0}
          onPointerDown={(event: PointerEvent) => {
            if (event.button === 0) onFocusRequest({ x: event.clientX, y: event.clientY });
          }}
          onKeyDown={() => onFocusRequest("end")}
          onFocus={() => onFocusRequest("end")}
          // A press in the text places the cursor: it neither follows a link nor starts a video.
          onClickCapture={(event: MouseEvent) => {
            event.preventDefault();
            event.stopPropagation();
          }}
        >
          {text}
        </div>
      ) : (
        <div className="post-editor-area">{text}</div>
      )}
    </div>
  );
}
