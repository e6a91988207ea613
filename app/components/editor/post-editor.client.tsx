import type { Editor } from "@tiptap/core";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { parseVideoUrl } from "#workers/core/shared/embeds";
import { postExtensions, SAFE_HREF } from "./extensions";
import { toEditorContent, toPostBody } from "./normalise";
import type { EditorFocus } from "./preview";
import { EditorToolbar, type ToolbarCommand, type ToolbarState } from "./toolbar";
import type { PostEditorProps } from "./types";

/**
 * The post editor (Tiptap). Client-only: loaded lazily by ./index.tsx once the author is active on the page. It
 * edits exactly the ZPostBody schema and reports every change as a validated body.
 */

const MEDIA_SRC = /^\/media\/[\w/.-]+$/;
const VIDEO_ERROR = "Эта ссылка не поддерживается. Вставьте ссылку на видео YouTube, VK Видео или Twitch.";
const BODY_ERROR = "Текст статьи не получается сохранить.";

/**
 * The body's schema (zod) is loaded with the first change, not with the editor: evaluating zod's schemas was a
 * third of the editor chunk's evaluation, and a draft that is only read never needs them. A failed load is
 * forgotten, so the next change tries again.
 */
let bodySchemas: Promise<typeof import("#workers/core/posts/body.schemas")> | null = null;
function loadBodySchemas() {
  bodySchemas ??= import("#workers/core/posts/body.schemas").catch((cause: unknown) => {
    bodySchemas = null;
    throw cause;
  });
  return bodySchemas;
}

interface LoadedProps extends PostEditorProps {
  /** Where to put the cursor once the editor exists (set by the preview); read once, then cleared. */
  focus: RefObject<EditorFocus | null>;
  /** What shows until the editor exists: the preview that stood in for it. */
  preview: ReactNode;
}

export default function PostEditor({
  initialBody,
  onChange,
  uploadImage,
  readOnly = false,
  focus,
  preview,
}: LoadedProps) {
  const [error, setError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const onChangeRef = useRef(onChange);
  const uploadRef = useRef(uploadImage);
  const lastSent = useRef(JSON.stringify(toPostBody(initialBody)));
  const [initialContent] = useState(() => toEditorContent(initialBody));

  useEffect(() => {
    onChangeRef.current = onChange;
    uploadRef.current = uploadImage;
  });

  // Changes are checked in the order they were made: each waits for the same module.
  const emit = useCallback((json: unknown) => {
    const body = toPostBody(json);
    loadBodySchemas().then(
      ({ ZPostBody }) => {
        const parsed = ZPostBody.safeParse(body);
        if (!parsed.success) {
          const reason = parsed.error.issues[0]?.message ?? BODY_ERROR;
          setBodyError(`${reason} Изменения не сохраняются, пока это не исправлено.`);
          return;
        }
        setBodyError(null);
        const serialised = JSON.stringify(parsed.data);
        if (serialised === lastSent.current) return;
        lastSent.current = serialised;
        onChangeRef.current(parsed.data);
      },
      () => setBodyError(`${BODY_ERROR} Нет связи с сайтом: изменения сохранятся со следующей правкой.`),
    );
  }, []);

  const insertFiles = useCallback(async (editor: Editor, files: File[], pos?: number) => {
    const images = files.filter((file) => file.type.startsWith("image/"));
    if (!images.length) return false;
    setError(null);
    for (const file of images) {
      setUploading((n) => n + 1);
      try {
        const { url, width, height } = await uploadRef.current(file);
        if (!MEDIA_SRC.test(url)) throw new Error("Сервер вернул неверный адрес картинки.");
        const node = { type: "image", attrs: { src: url, width: Math.round(width), height: Math.round(height) } };
        if (pos === undefined || editor.isDestroyed) editor.chain().focus().insertContent(node).run();
        else editor.chain().focus().insertContentAt(pos, node).run();
      } catch (cause) {
        const message = cause instanceof Error && cause.message ? cause.message : "";
        setError(`Не удалось загрузить картинку «${file.name}». ${message}`.trim());
      } finally {
        setUploading((n) => n - 1);
      }
    }
    return true;
  }, []);

  const editor = useEditor({
    extensions: postExtensions(),
    content: initialContent,
    editable: !readOnly,
    // Built in an effect, not during the render: a render React throws away (an update arriving while this
    // chunk's first render is under way restarts it) would otherwise build a second editor.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    // The CSP allows no inline <style>: Tiptap's base rules are in app/styles/pages/editor.css instead.
    injectCSS: false,
    editorProps: {
      attributes: {
        class: "post-body post-editor-content",
        "aria-label": "Текст статьи",
        "aria-multiline": "true",
        role: "textbox",
        spellcheck: "true",
      },
      handlePaste: (_view, event) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (!files.some((file) => file.type.startsWith("image/")) || !editorRef.current) return false;
        void insertFiles(editorRef.current, files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (!files.some((file) => file.type.startsWith("image/")) || !editorRef.current) return false;
        event.preventDefault();
        const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertFiles(editorRef.current, files, pos);
        return true;
      },
    },
    onUpdate: ({ editor: changed }) => emit(changed.getJSON()),
  });
  const editorRef = useRef<Editor | null>(editor);
  editorRef.current = editor;

  useEffect(() => {
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  if (!editor) return preview;
  return (
    <LoadedEditor
      editor={editor}
      error={error}
      setError={setError}
      bodyError={bodyError}
      uploading={uploading}
      insertFiles={insertFiles}
      focus={focus}
    />
  );
}

function LoadedEditor({
  editor,
  error,
  setError,
  bodyError,
  uploading,
  insertFiles,
  focus,
}: {
  editor: Editor;
  error: string | null;
  setError(error: string | null): void;
  bodyError: string | null;
  uploading: number;
  insertFiles(editor: Editor, files: File[]): Promise<boolean>;
  focus: RefObject<EditorFocus | null>;
}) {
  const fileInput = useRef<HTMLInputElement>(null);

  // The author pressed the preview's text or focused it: the cursor goes there (or to the end). After the commit,
  // when EditorContent has put the editor's element into the page.
  useEffect(() => {
    const at = focus.current;
    focus.current = null;
    if (!at || !editor.isEditable) return;
    const pos = at === "end" ? undefined : editor.view.posAtCoords({ left: at.x, top: at.y })?.pos;
    editor.commands.focus(pos ?? "end");
  }, [editor, focus]);
  const state: ToolbarState = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      code: e.isActive("code"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      codeBlock: e.isActive("codeBlock"),
      link: e.isActive("link"),
      spoiler: e.isActive("spoiler"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      editable: e.isEditable,
    }),
  });

  const setLink = () => {
    const current = (editor.getAttributes("link").href as string | undefined) ?? "";
    const answer = window.prompt("Адрес ссылки (пустой — убрать ссылку)", current || "https://");
    if (answer === null) return;
    let href = answer.trim();
    if (!href || href === "https://") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    if (!/^[a-z][a-z\d+.-]*:/i.test(href) && !href.startsWith("/") && /^[\w-]+(\.[\w-]+)+/.test(href)) {
      href = `https://${href}`;
    }
    if (!SAFE_HREF.test(href) || href.length > 2000) {
      setError("Ссылка должна начинаться с http://, https://, mailto: или /.");
      return;
    }
    setError(null);
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
  };

  const addVideo = () => {
    const answer = window.prompt("Ссылка на видео YouTube, VK Видео или Twitch");
    if (answer === null || !answer.trim()) return;
    const video = parseVideoUrl(answer);
    if (!video) {
      setError(VIDEO_ERROR);
      return;
    }
    setError(null);
    editor.chain().focus().setEmbed(video).run();
  };

  const run = (command: ToolbarCommand) => {
    const chain = () => editor.chain().focus();
    switch (command) {
      case "bold":
        return chain().toggleBold().run();
      case "italic":
        return chain().toggleItalic().run();
      case "strike":
        return chain().toggleStrike().run();
      case "code":
        return chain().toggleCode().run();
      case "link":
        return setLink();
      case "h2":
        return chain().toggleHeading({ level: 2 }).run();
      case "h3":
        return chain().toggleHeading({ level: 3 }).run();
      case "bulletList":
        return chain().toggleBulletList().run();
      case "orderedList":
        return chain().toggleOrderedList().run();
      case "blockquote":
        return chain().toggleBlockquote().run();
      case "codeBlock":
        return chain().toggleCodeBlock().run();
      case "image":
        return fileInput.current?.click();
      case "video":
        return addVideo();
      case "spoiler":
        return chain().toggleSpoiler().run();
      case "rule":
        return chain().setHorizontalRule().run();
      case "undo":
        return chain().undo().run();
      case "redo":
        return chain().redo().run();
    }
  };

  return (
    <div className="post-editor" aria-busy={uploading > 0 || undefined}>
      <EditorToolbar state={state} run={run}>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          multiple
          hidden
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            void insertFiles(editor, files);
          }}
        />
      </EditorToolbar>
      {uploading > 0 ? (
        <p className="post-editor-status" role="status">
          Загружаем картинку…
        </p>
      ) : null}
      {error ? (
        <p className="post-editor-error" role="alert">
          <span>{error}</span>
          <button type="button" className="btn-link" onClick={() => setError(null)}>
            Скрыть
          </button>
        </p>
      ) : null}
      {bodyError ? (
        <p className="post-editor-error" role="alert">
          <span>{bodyError}</span>
        </p>
      ) : null}
      <EditorContent editor={editor} className="post-editor-area" />
    </div>
  );
}
