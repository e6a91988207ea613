import { lazy, Suspense } from "react";
import { useHydrated } from "#app/lib/hooks";
import type { PostEditorProps } from "./types";

export { toEditorContent, toPostBody } from "./normalise";
export type { PostEditorProps, UploadedImage } from "./types";

/**
 * The post editor, loaded on demand: its code (Tiptap and ProseMirror) is a separate chunk that is fetched only
 * when this component mounts in the browser. The server and the hydration pass render the placeholder.
 */
const loadEditor = () => import("./post-editor.client");
const LazyPostEditor = lazy(loadEditor);

/** Starts fetching the editor's code early (e.g. from the route's clientLoader or on hover); browser only. */
export function preloadPostEditor(): void {
  void loadEditor();
}

function EditorPlaceholder() {
  return (
    <div className="post-editor post-editor-placeholder" role="status" aria-live="polite">
      <p>Загружаем редактор…</p>
    </div>
  );
}

export function PostEditor(props: PostEditorProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <EditorPlaceholder />;
  return (
    <Suspense fallback={<EditorPlaceholder />}>
      <LazyPostEditor {...props} />
    </Suspense>
  );
}
