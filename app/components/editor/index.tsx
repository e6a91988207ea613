import {
  Component,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useHydrated } from "#app/lib/hooks";
import { type EditorFocus, EditorPreview } from "./preview";
import type { PostEditorProps } from "./types";

export { toEditorContent, toPostBody } from "./normalise";
export type { PostEditorProps, UploadedImage } from "./types";

/**
 * The post editor, loaded on demand: its code (Tiptap and ProseMirror, ~130 KB gzip) is a separate chunk, and
 * evaluating it and building the editor take a phone's main thread for several hundred milliseconds. So the page
 * shows the draft as a preview (./preview.tsx: the same toolbar, disabled, and the text) and asks for the editor
 * on the author's first sign of activity on the page — a press, a key, a touch, a scroll, a mouse move, a focus —
 * not during the load itself. A press in the text or a focus on it also says where the cursor goes.
 */
const LazyPostEditor = lazy(() => import("./post-editor.client"));

/** What signals that the author is at the page, so the editor is wanted (window, capture phase, once). */
const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel", "scroll", "focusin"] as const;

export function PostEditor(props: PostEditorProps) {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  const focus = useRef<EditorFocus | null>(null);

  // From the first commit, not from the render after it that `hydrated` starts: a key pressed in between (as soon
  // as the page is interactive) is not missed. The editor itself still waits for `hydrated`.
  useEffect(() => {
    if (wanted) return;
    // A transition: the page keeps the preview it shows until the editor is ready. (A synchronous update here would
    // replace the preview's elements while the very event that asked is still being dispatched to them.)
    const want = () => startTransition(() => setWanted(true));
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, want, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, want, options);
    };
  }, [wanted]);

  // A press gives the cursor's place; a focus that follows it (or comes alone, from the keyboard) does not move it.
  const requestFocus = useCallback((at: EditorFocus) => {
    focus.current = at === "end" ? (focus.current ?? "end") : at;
    startTransition(() => setWanted(true));
  }, []);

  const preview = <EditorPreview body={props.initialBody} onFocusRequest={hydrated ? requestFocus : undefined} />;
  if (!hydrated || !wanted) return preview;
  return (
    <LoadFailure preview={<EditorPreview body={props.initialBody} />}>
      <Suspense fallback={preview}>
        <LazyPostEditor {...props} focus={focus} preview={preview} />
      </Suspense>
    </LoadFailure>
  );
}

const EDITOR_LOAD_ERROR = "Редактор не загрузился. Обновите страницу, чтобы попробовать ещё раз.";

/**
 * The editor's code did not arrive (offline, a new deployment) or the editor failed to start: the page stays, with
 * the draft and a notice, instead of the site's error screen.
 */
class LoadFailure extends Component<{ preview: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <p className="post-editor-error" role="alert">
          {EDITOR_LOAD_ERROR}
        </p>
        {this.props.preview}
      </>
    );
  }
}
