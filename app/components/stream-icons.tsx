import { type IconProps, Svg } from "./icons";

/**
 * Icons of the activity stream's item types (spec §3 Stream item icons), kept apart from icons.tsx: the shell (every
 * page's first load) draws none of them; the activity and notification panels, the calendar, medals, the bonfire
 * and tag pages load them with their own code.
 */

/** Two speech bubbles: comments (stream types 2 and 4). */
export function IconComments(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 4.5A1.5 1.5 0 0 1 4.5 3h10A1.5 1.5 0 0 1 16 4.5v6a1.5 1.5 0 0 1-1.5 1.5H8l-3.5 3v-3A1.5 1.5 0 0 1 3 10.5Z" />
      <path d="M16 8h3.5A1.5 1.5 0 0 1 21 9.5v6a1.5 1.5 0 0 1-1.5 1.5V20l-3.5-3h-5.5A1.5 1.5 0 0 1 9 15.5V15" />
    </Svg>
  );
}

/** A scroll: a shout (stream type 3). */
export function IconScroll(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 21h10a2 2 0 0 0 2-2v-1H10v1a2 2 0 0 1-2 2Z" />
      <path d="M8 21a2 2 0 0 1-2-2V5a2 2 0 0 0-2-2h11a2 2 0 0 1 2 2v13" />
      <path d="M4 3a2 2 0 0 1 2 2v2H2V5a2 2 0 0 1 2-2Z" />
      <path d="M10 8h4M10 12h4" />
    </Svg>
  );
}

/** The Twitch glitch: a live stream (stream type 5). */
export function IconTwitch(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 3h16v11l-4 4h-4l-3 3v-3H5l-1-2Z" />
      <path d="M11 8v4M16 8v4" />
    </Svg>
  );
}

/** A medal on a ribbon: an award, paws received (stream type 6). */
export function IconMedal(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7.5 2h3l2.2 5.2M16.5 2h-3l-1.3 3" />
      <circle cx="12" cy="15" r="6" />
      <path d="m12 12 .9 1.9 2.1.3-1.5 1.4.4 2.1-1.9-1-1.9 1 .4-2.1-1.5-1.4 2.1-.3Z" />
    </Svg>
  );
}

/** Three linked dots: something shared with you (stream type 7). */
export function IconShare(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </Svg>
  );
}

/** A gamepad: a game release (stream type 9). */
export function IconGamepad(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 7h10a5 5 0 0 1 4.9 6l-.7 3.6a2.5 2.5 0 0 1-4.4 1L15 15H9l-1.8 2.6a2.5 2.5 0 0 1-4.4-1L2.1 13A5 5 0 0 1 7 7Z" />
      <path d="M7 10v4M5 12h4" />
      <path d="M15.5 11h.01M17.5 13h.01" />
    </Svg>
  );
}
