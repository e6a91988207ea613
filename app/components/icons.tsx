import type { SVGProps } from "react";
// Never inlined as a data: URL (which `<use>` cannot reference): a file of its own, cached with the other assets.
import ICON_SHAPES_URL from "./icons.svg?no-inline";

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
 * The frame every icon draws in (stroke set, decorative unless titled). Its shape is a `<use>`: of <IconSprite/>'s
 * (`sprite`) or of the shapes file (`shape`, app/components/icons.svg). No hooks: the sprited icons (on every card
 * and comment) call it as a function, one component layer fewer each.
 */
export function Svg({
  size = 20,
  title,
  className,
  filled = false,
  sprite,
  shape,
  ...rest
}: IconProps & { filled?: boolean; sprite?: keyof typeof SPRITE; shape?: string }) {
  return (
    <svg
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
      <use href={sprite ? `#icon-${sprite}` : `${ICON_SHAPES_URL}#${shape}`} />
    </svg>
  );
}

/** The shapes file's address, for icons written as markup (`<use href="${ICON_SHAPES_URL}#coin">`). */
export { ICON_SHAPES_URL };

/**
 * An icon whose shape is in the shapes file (app/components/icons.svg, by its symbol's id): the shapes are not in the
 * page's JavaScript, and the browser fetches the file once for every page.
 */
function shapeIcon(shape: string, filled = false) {
  return (props: IconProps) => Svg({ ...props, filled, shape });
}

export const IconFire = shapeIcon("fire", true);

export const IconHome = shapeIcon("home");

export const IconMenu = shapeIcon("menu");

export const IconActivity = shapeIcon("activity");

export function IconBell(props: IconProps) {
  return Svg({ ...props, sprite: "bell" });
}

export const IconSearch = shapeIcon("search");

export const IconBulb = shapeIcon("bulb");

export const IconBulbFilled = shapeIcon("bulb-filled", true);

export const IconPen = shapeIcon("pen");

export const IconChevronDown = shapeIcon("chevron-down");

export const IconClose = shapeIcon("close");

export const IconSettings = shapeIcon("settings");

export const IconSignOut = shapeIcon("sign-out");

export const IconSignIn = shapeIcon("sign-in");

export const IconHeart = shapeIcon("heart");

export const IconNewspaper = shapeIcon("newspaper");

export const IconRss = shapeIcon("rss");

export const IconCalendar = shapeIcon("calendar");

export const IconTrophy = shapeIcon("trophy");

export const IconGift = shapeIcon("gift");

export const IconCode = shapeIcon("code");

export function IconPaw(props: IconProps) {
  return Svg({ ...props, filled: true, sprite: "paw" });
}

export const IconUser = shapeIcon("user");

export const IconPlug = shapeIcon("plug");

export const IconLink = shapeIcon("link");

export const IconInfo = shapeIcon("info");

export function IconCheck(props: IconProps) {
  return Svg({ ...props, sprite: "check" });
}

export const IconAlert = shapeIcon("alert");

export const IconCoin = shapeIcon("coin", true);

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

export const IconPin = shapeIcon("pin");

export function IconComment(props: IconProps) {
  return Svg({ ...props, sprite: "comment" });
}

/** The activity stream's item types (spec §3 Stream item icons). */

/**
 * Icons of the activity stream's item types (spec §3 Stream item icons), kept apart from icons.tsx: the shell (every
 * page's first load) draws none of them; the activity and notification panels, the calendar, medals, the bonfire
 * and tag pages load them with their own code.
 */

/** Two speech bubbles: comments (stream types 2 and 4). */
export const IconComments = shapeIcon("comments");

/** A scroll: a shout (stream type 3). */
export const IconScroll = shapeIcon("scroll");

/** The Twitch glitch: a live stream (stream type 5). */
export const IconTwitch = shapeIcon("twitch");

/** A medal on a ribbon: an award, paws received (stream type 6). */
export const IconMedal = shapeIcon("medal");

/** Three linked dots: something shared with you (stream type 7). */
export const IconShare = shapeIcon("share");

/** A gamepad: a game release (stream type 9). */
export const IconGamepad = shapeIcon("gamepad");
