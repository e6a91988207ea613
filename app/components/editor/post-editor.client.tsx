import type { Editor } from "@tiptap/core";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { ZPostBody } from "#workers/core/posts/body.schemas";
import { parseVideoUrl } from "#workers/core/shared/embeds";
import { postExtensions, SAFE_HREF } from "./extensions";
import { toEditorContent, toPostBody } from "./normalise";
import type { PostEditorProps } from "./types";

/**
 * The post editor (Tiptap). Client-only: loaded lazily by ./index.tsx after hydration. It edits exactly the
 * ZPostBody schema and reports every change as a validated body.
 */

const MEDIA_SRC = /^\/media\/[\w/.-]+$/;
const VIDEO_ERROR = "Эта ссылка не поддерживается. Вставьте ссылку на видео YouTube, VK Видео или Twitch.";

export default function PostEditor({ initialBody, onChange, uploadImage, readOnly = false }: PostEditorProps) {
  const [error, setError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  const uploadRef = useRef(uploadImage);
  const lastSent = useRef(JSON.stringify(toPostBody(initialBody)));
  const [initialContent] = useState(() => toEditorContent(initialBody));

  useEffect(() => {
    onChangeRef.current = onChange;
    uploadRef.current = uploadImage;
  });

  const emit = useCallback((json: unknown) => {
    const body = toPostBody(json);
    const parsed = ZPostBody.safeParse(body);
    if (!parsed.success) {
      setBodyError(parsed.error.issues[0]?.message ?? "Текст статьи не получается сохранить.");
      return;
    }
    setBodyError(null);
    const serialised = JSON.stringify(parsed.data);
    if (serialised === lastSent.current) return;
    lastSent.current = serialised;
    onChangeRef.current(parsed.data);
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
    immediatelyRender: true,
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
    onUpdate: ({ editor }) => emit(editor.getJSON()),
  });
  const editorRef = useRef<Editor | null>(editor);
  editorRef.current = editor;

  useEffect(() => {
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const state = useEditorState({
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

  const disabled = !state.editable;
  const button = (label: string, icon: ReactNode, run: () => void, active?: boolean, isDisabled = disabled) => (
    <button
      type="button"
      className={`post-editor-btn${active ? " is-active" : ""}`}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={isDisabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {icon}
    </button>
  );
  const chain = () => editor.chain().focus();

  return (
    <div className="post-editor" aria-busy={uploading > 0 || undefined}>
      <div className="post-editor-toolbar" role="toolbar" aria-label="Форматирование">
        <div className="post-editor-group">
          {button("Жирный", <Icon d={ICONS.bold} />, () => chain().toggleBold().run(), state.bold)}
          {button("Курсив", <Icon d={ICONS.italic} />, () => chain().toggleItalic().run(), state.italic)}
          {button("Зачёркнутый", <Icon d={ICONS.strike} />, () => chain().toggleStrike().run(), state.strike)}
          {button("Код", <Icon d={ICONS.code} />, () => chain().toggleCode().run(), state.code)}
          {button("Ссылка", <Icon d={ICONS.link} />, setLink, state.link)}
        </div>
        <div className="post-editor-group">
          {button("Заголовок H2", <TextIcon>H2</TextIcon>, () => chain().toggleHeading({ level: 2 }).run(), state.h2)}
          {button(
            "Подзаголовок H3",
            <TextIcon>H3</TextIcon>,
            () => chain().toggleHeading({ level: 3 }).run(),
            state.h3,
          )}
          {button("Список", <Icon d={ICONS.bulletList} />, () => chain().toggleBulletList().run(), state.bulletList)}
          {button(
            "Нумерованный список",
            <Icon d={ICONS.orderedList} />,
            () => chain().toggleOrderedList().run(),
            state.orderedList,
          )}
          {button("Цитата", <Icon d={ICONS.quote} />, () => chain().toggleBlockquote().run(), state.blockquote)}
          {button("Блок кода", <Icon d={ICONS.codeBlock} />, () => chain().toggleCodeBlock().run(), state.codeBlock)}
        </div>
        <div className="post-editor-group">
          {button("Картинка", <Icon d={ICONS.image} />, () => fileInput.current?.click(), undefined, disabled)}
          {button("Видео", <Icon d={ICONS.video} />, addVideo)}
          {button("Спойлер", <Icon d={ICONS.spoiler} />, () => chain().toggleSpoiler().run(), state.spoiler)}
          {button("Разделитель", <Icon d={ICONS.rule} />, () => chain().setHorizontalRule().run())}
        </div>
        <div className="post-editor-group">
          {button(
            "Отменить",
            <Icon d={ICONS.undo} />,
            () => chain().undo().run(),
            undefined,
            disabled || !state.canUndo,
          )}
          {button(
            "Повторить",
            <Icon d={ICONS.redo} />,
            () => chain().redo().run(),
            undefined,
            disabled || !state.canRedo,
          )}
        </div>
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
      </div>
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
          <span>{bodyError} Изменения не сохраняются, пока это не исправлено.</span>
        </p>
      ) : null}
      <EditorContent editor={editor} className="post-editor-area" />
    </div>
  );
}

const ICONS = {
  bold: ["M7 5h6a3.5 3.5 0 0 1 0 7H7z", "M7 12h7a3.5 3.5 0 0 1 0 7H7z"],
  italic: ["M19 4h-9", "M14 20H5", "M15 4 9 20"],
  strike: ["M16 5H10a3 3 0 0 0-1.5 5.6", "M14 12a3.5 3.5 0 0 1-1 7H7", "M4 12h16"],
  code: ["m16 18 6-6-6-6", "m8 6-6 6 6 6"],
  link: ["M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7", "M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"],
  bulletList: ["M9 6h11", "M9 12h11", "M9 18h11", "M4.5 6h.01", "M4.5 12h.01", "M4.5 18h.01"],
  orderedList: ["M10 6h10", "M10 12h10", "M10 18h10", "M4 5l1.5-1v5", "M3.5 15.5a1.3 1.3 0 0 1 2.5.5L3.5 20H6"],
  quote: ["M4 19c3-1 4-3.5 4-6.5V7H4v6h4", "M14 19c3-1 4-3.5 4-6.5V7h-4v6h4"],
  codeBlock: ["M4 4h16v16H4z", "m10 9-2.5 3 2.5 3", "m14 9 2.5 3-2.5 3"],
  image: ["M3 5h18v14H3z", "M8.5 10.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3", "m21 15-5-5L5 19"],
  video: ["M3 6h12v12H3z", "m15 10 6-3v10l-6-3"],
  spoiler: [
    "M3 3l18 18",
    "M10.6 10.6a2 2 0 0 0 2.8 2.8",
    "M9.9 5.2A9.7 9.7 0 0 1 12 5c6.5 0 10 7 10 7a13 13 0 0 1-1.8 2.6",
    "M6.6 6.6A13.4 13.4 0 0 0 2 12s3.5 7 10 7a9.6 9.6 0 0 0 5.4-1.6",
  ],
  rule: ["M3 12h18", "M7 7h10", "M7 17h10"],
  undo: ["M9 14 4 9l5-5", "M4 9h10.5a5.5 5.5 0 0 1 0 11H11"],
  redo: ["m15 14 5-5-5-5", "M20 9H9.5a5.5 5.5 0 0 0 0 11H13"],
} satisfies Record<string, string[]>;

function Icon({ d }: { d: string[] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {d.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

function TextIcon({ children }: { children: ReactNode }) {
  return (
    <span className="post-editor-text-icon" aria-hidden="true">
      {children}
    </span>
  );
}

export { PostEditor };
