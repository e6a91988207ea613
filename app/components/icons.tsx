import type { SVGProps } from "react";

/** Inline SVG icons (24×24 stroke set). Decorative by default; pass `title` to make one meaningful. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number; title?: string };

/**
 * Icons that repeat on every card and comment (paws, comments, bookmarks) or release (the follow button's bell and
 * check): their shapes are drawn once per page by <IconSprite/> and each icon is a `<use>` of them, which keeps a
 * page of 100 comments (or a member's month of 200 releases) lighter.
 */
const SPRITE = {
  paw: (
    <>
      <ellipse cx="6" cy="10.5" rx="2" ry="2.6" />
      <ellipse cx="10" cy="6" rx="2" ry="2.6" />
      <ellipse cx="14.5" cy="6" rx="2" ry="2.6" />
      <ellipse cx="18.3" cy="10.5" rx="2" ry="2.6" />
      <path d="M12 11.5c-2.7 0-6 4.4-6 6.7 0 1.6 1.3 2.3 2.6 2.3 1.5 0 2.2-.8 3.4-.8s1.9.8 3.4.8c1.3 0 2.6-.7 2.6-2.3 0-2.3-3.3-6.7-6-6.7Z" />
    </>
  ),
  comment: (
    <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5Z" />
  ),
  bookmark: <path d="M6 3.5h12a1 1 0 0 1 1 1v16l-7-4.5-7 4.5v-16a1 1 0 0 1 1-1Z" />,
  bell: (
    <>
      <path d="M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9Z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </>
  ),
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12 3 3 5-6" />
    </>
  ),
};

/** Wednesday's paw (spec §1): a frog's webbed foot, drawn on Wednesdays in Moscow instead of the cat's paw. */
const WEDNESDAY_PAW = (
  <>
    <circle cx="5.2" cy="6.2" r="2" />
    <circle cx="12" cy="3.6" r="2" />
    <circle cx="18.8" cy="6.2" r="2" />
    <path d="M12 21.5c-3.4 0-6.6-2.2-6.9-5.4L4.6 8l4.2 5.3L11 5.2h2l2.2 8.1L19.4 8l-.5 8.1c-.3 3.2-3.5 5.4-6.9 5.4Z" />
  </>
);

/** The shapes of the sprited icons, once per page (in the root layout); on Wednesdays the paw is the frog's. */
export function IconSprite({ wednesday = false }: { wednesday?: boolean }) {
  return (
    <svg width="0" height="0" aria-hidden="true" focusable="false" style={{ position: "absolute" }}>
      {Object.entries(SPRITE).map(([name, shape]) => (
        <symbol
          key={name}
          id={`icon-${name}`}
          viewBox="0 0 24 24"
          data-variant={name === "paw" && wednesday ? "wednesday" : undefined}
        >
          {name === "paw" && wednesday ? WEDNESDAY_PAW : shape}
        </symbol>
      ))}
    </svg>
  );
}

/**
 * The frame every icon draws in (stroke set, decorative unless titled); `sprite` uses a shape of <IconSprite/>. No
 * hooks: the sprited icons (on every card and comment) call it as a function, one component layer fewer each.
 */
export function Svg({
  size = 20,
  title,
  className,
  filled = false,
  sprite,
  children,
  ...rest
}: IconProps & { filled?: boolean; sprite?: keyof typeof SPRITE; children?: React.ReactNode }) {
  return (
    <svg
      viewBox={sprite ? undefined : "0 0 24 24"}
      width={size}
      height={size}
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      className={className ? `icon ${className}` : "icon"}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {sprite ? <use href={`#icon-${sprite}`} /> : children}
    </svg>
  );
}

export function IconFire(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d="M12 2c.6 3.4 2.6 5.2 4.3 7.1C17.7 10.7 19 12.6 19 15a7 7 0 0 1-14 0c0-2.4 1.1-4.2 2.6-5.6.2 1.7 1 2.9 2.2 3.4-.4-3.9.5-7.4 2.2-10.8Zm0 11.5c-1.3 1.4-2.2 2.6-2.2 4a2.2 2.2 0 0 0 4.4 0c0-1.4-.9-2.6-2.2-4Z" />
    </Svg>
  );
}

export function IconHome(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9v11h5v-6h4v6h5V9" />
    </Svg>
  );
}

export function IconMenu(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6h16" />
      <path d="M4 12h16" />
      <path d="M4 18h16" />
    </Svg>
  );
}

export function IconActivity(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 12h4l3-8 4 16 3-8h4" />
    </Svg>
  );
}

export function IconBell(props: IconProps) {
  return Svg({ ...props, sprite: "bell" });
}

export function IconSearch(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </Svg>
  );
}

export function IconBulb(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 18h6" />
      <path d="M10 21.5h4" />
      <path d="M12 2.5a6.5 6.5 0 0 0-4 11.6c.6.5 1 1.3 1 2.1V17h6v-.8c0-.8.4-1.6 1-2.1a6.5 6.5 0 0 0-4-11.6Z" />
    </Svg>
  );
}

export function IconBulbFilled(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d="M12 2.5a6.5 6.5 0 0 0-4 11.6c.6.5 1 1.3 1 2.1v1.3h6v-1.3c0-.8.4-1.6 1-2.1a6.5 6.5 0 0 0-4-11.6Z" />
      <rect x="9" y="18.2" width="6" height="1.6" rx=".8" />
      <rect x="10" y="20.8" width="4" height="1.6" rx=".8" />
    </Svg>
  );
}

export function IconPen(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </Svg>
  );
}

export function IconChevronDown(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m6 9 6 6 6-6" />
    </Svg>
  );
}

export function IconClose(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12" />
      <path d="M18 6 6 18" />
    </Svg>
  );
}

export function IconSettings(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.6 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.6-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </Svg>
  );
}

export function IconSignOut(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5" />
      <path d="M21 12H9" />
    </Svg>
  );
}

export function IconSignIn(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
      <path d="m10 17 5-5-5-5" />
      <path d="M15 12H3" />
    </Svg>
  );
}

export function IconHeart(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 20.5s-8-4.6-8-10.3A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 8 2.6c0 5.7-8 10.3-8 10.3Z" />
    </Svg>
  );
}

export function IconNewspaper(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 4h13v15a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2V4Z" />
      <path d="M17 8h3v11a2 2 0 0 1-2 2" />
      <path d="M8 8h5" />
      <path d="M8 12h5" />
      <path d="M8 16h3" />
    </Svg>
  );
}

export function IconRss(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 11a8 8 0 0 1 8 8" />
      <path d="M5 4a15 15 0 0 1 15 15" />
      <circle cx="6" cy="18" r="1.5" />
    </Svg>
  );
}

export function IconCalendar(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="5" width="17" height="16" rx="2" />
      <path d="M3.5 10h17" />
      <path d="M8 3v4" />
      <path d="M16 3v4" />
    </Svg>
  );
}

export function IconTrophy(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 4h10v5a5 5 0 0 1-10 0V4Z" />
      <path d="M7 6H4v1a3 3 0 0 0 3 3" />
      <path d="M17 6h3v1a3 3 0 0 1-3 3" />
      <path d="M12 14v4" />
      <path d="M8 21h8" />
    </Svg>
  );
}

export function IconGift(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="8" width="17" height="4" rx="1" />
      <path d="M5 12v8h14v-8" />
      <path d="M12 8v12" />
      <path d="M12 8C10 4 6.5 4.5 7.5 7c.4 1 4.5 1 4.5 1Zm0 0c2-4 5.5-3.5 4.5-1-.4 1-4.5 1-4.5 1Z" />
    </Svg>
  );
}

export function IconCode(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m8 7-5 5 5 5" />
      <path d="m16 7 5 5-5 5" />
    </Svg>
  );
}

export function IconPaw(props: IconProps) {
  return Svg({ ...props, filled: true, sprite: "paw" });
}

export function IconUser(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Svg>
  );
}

export function IconPlug(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 2v5" />
      <path d="M15 2v5" />
      <path d="M6 7h12v4a6 6 0 0 1-12 0V7Z" />
      <path d="M12 17v5" />
    </Svg>
  );
}

export function IconLink(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 4h6v6" />
      <path d="M20 4 10 14" />
      <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Svg>
  );
}

export function IconInfo(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5" />
      <path d="M12 7.5v.5" />
    </Svg>
  );
}

export function IconCheck(props: IconProps) {
  return Svg({ ...props, sprite: "check" });
}

export function IconAlert(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3 2 20h20L12 3Z" />
      <path d="M12 10v4" />
      <path d="M12 17v.5" />
    </Svg>
  );
}

export function IconCoin(props: IconProps) {
  return (
    <Svg {...props} filled>
      <circle cx="12" cy="12" r="10" fill="#f5b82e" />
      <circle cx="12" cy="12" r="7" fill="#ffd666" />
      <path d="M12 7.5 13.3 10.4l3.1.3-2.3 2.1.7 3.1L12 14.3l-2.8 1.6.7-3.1-2.3-2.1 3.1-.3L12 7.5Z" fill="#c98a06" />
    </Svg>
  );
}

/** Menu item icons by their config name (spec §3 Menu item icon_style.icon). */
const MENU_ICONS: Record<string, (props: IconProps) => React.ReactNode> = {
  newspaper: IconNewspaper,
  fire: IconFire,
  rss: IconRss,
  calendar: IconCalendar,
  trophy: IconTrophy,
  gift: IconGift,
  heart: IconHeart,
  code: IconCode,
  home: IconHome,
  paw: IconPaw,
  user: IconUser,
  search: IconSearch,
  bell: IconBell,
};

/** The icon of a menu item; emoji icons render as text; unknown names render nothing. */
export function MenuIcon({ style, size = 18 }: { style: { type: string; icon: string } | null; size?: number }) {
  if (!style) return null;
  if (style.type === "emoji") {
    return (
      <span className="menu-emoji" aria-hidden="true">
        {style.icon}
      </span>
    );
  }
  const Icon = MENU_ICONS[style.icon];
  return Icon ? <Icon size={size} /> : null;
}

/** Bookmark ribbon; `filled` when the item is bookmarked (the stroke stays for contrast). */
export function IconBookmark({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return Svg({ ...props, fill: filled ? "currentColor" : "none", sprite: "bookmark" });
}

export function IconPin(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 4h6l-1 5 3 3v2H7v-2l3-3-1-5Z" />
      <path d="M12 14v6" />
    </Svg>
  );
}

export function IconComment(props: IconProps) {
  return Svg({ ...props, sprite: "comment" });
}
