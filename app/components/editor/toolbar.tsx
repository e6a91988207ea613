import type { ReactNode } from "react";

/**
 * The editor's formatting toolbar. No Tiptap in here: the page's preview of the draft (./preview.tsx) shows the
 * same toolbar, every button disabled, until the editor has loaded, so nothing moves when it takes the preview's
 * place.
 */

export type ToolbarCommand =
  | "bold"
  | "italic"
  | "strike"
  | "code"
  | "link"
  | "h2"
  | "h3"
  | "bulletList"
  | "orderedList"
  | "blockquote"
  | "codeBlock"
  | "image"
  | "video"
  | "spoiler"
  | "rule"
  | "undo"
  | "redo";

/** What the buttons show: which marks and blocks are active at the selection, and what can be done. */
export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  strike: boolean;
  code: boolean;
  link: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  codeBlock: boolean;
  spoiler: boolean;
  canUndo: boolean;
  canRedo: boolean;
  editable: boolean;
}

type Toggle = Exclude<keyof ToolbarState, "canUndo" | "canRedo" | "editable">;

/** A button: its label, its icon, and the state that marks it pressed (a toggle) or enables it (undo, redo). */
interface ButtonSpec {
  command: ToolbarCommand;
  label: string;
  icon: ReactNode;
  pressed?: Toggle;
  enabled?: "canUndo" | "canRedo";
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

/** The buttons, group by group. */
const GROUPS: ButtonSpec[][] = [
  [
    { command: "bold", label: "Жирный", icon: <Icon d={ICONS.bold} />, pressed: "bold" },
    { command: "italic", label: "Курсив", icon: <Icon d={ICONS.italic} />, pressed: "italic" },
    { command: "strike", label: "Зачёркнутый", icon: <Icon d={ICONS.strike} />, pressed: "strike" },
    { command: "code", label: "Код", icon: <Icon d={ICONS.code} />, pressed: "code" },
    { command: "link", label: "Ссылка", icon: <Icon d={ICONS.link} />, pressed: "link" },
  ],
  [
    { command: "h2", label: "Заголовок H2", icon: <TextIcon>H2</TextIcon>, pressed: "h2" },
    { command: "h3", label: "Подзаголовок H3", icon: <TextIcon>H3</TextIcon>, pressed: "h3" },
    { command: "bulletList", label: "Список", icon: <Icon d={ICONS.bulletList} />, pressed: "bulletList" },
    {
      command: "orderedList",
      label: "Нумерованный список",
      icon: <Icon d={ICONS.orderedList} />,
      pressed: "orderedList",
    },
    { command: "blockquote", label: "Цитата", icon: <Icon d={ICONS.quote} />, pressed: "blockquote" },
    { command: "codeBlock", label: "Блок кода", icon: <Icon d={ICONS.codeBlock} />, pressed: "codeBlock" },
  ],
  [
    { command: "image", label: "Картинка", icon: <Icon d={ICONS.image} /> },
    { command: "video", label: "Видео", icon: <Icon d={ICONS.video} /> },
    { command: "spoiler", label: "Спойлер", icon: <Icon d={ICONS.spoiler} />, pressed: "spoiler" },
    { command: "rule", label: "Разделитель", icon: <Icon d={ICONS.rule} /> },
  ],
  [
    { command: "undo", label: "Отменить", icon: <Icon d={ICONS.undo} />, enabled: "canUndo" },
    { command: "redo", label: "Повторить", icon: <Icon d={ICONS.redo} />, enabled: "canRedo" },
  ],
];

/**
 * The toolbar. Without a state (the preview) every button is disabled; a toggle shows as pressed or not only
 * once the editor reports its state.
 */
export function EditorToolbar({
  state,
  run,
  children,
}: {
  state: ToolbarState | null;
  run?: (command: ToolbarCommand) => void;
  children?: ReactNode;
}) {
  return (
    <div className="post-editor-toolbar" role="toolbar" aria-label="Форматирование">
      {GROUPS.map((group) => (
        <div key={group[0]?.command} className="post-editor-group">
          {group.map((spec) => {
            const pressed = spec.pressed && state ? state[spec.pressed] : undefined;
            const disabled = !state?.editable || !run || (spec.enabled !== undefined && !state[spec.enabled]);
            return (
              <button
                key={spec.command}
                type="button"
                className={`post-editor-btn${pressed ? " is-active" : ""}`}
                aria-label={spec.label}
                title={spec.label}
                aria-pressed={spec.pressed ? Boolean(pressed) : undefined}
                disabled={disabled}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run?.(spec.command)}
              >
                {spec.icon}
              </button>
            );
          })}
        </div>
      ))}
      {children}
    </div>
  );
}
