/** Shout constants without zod (the bonfire pages in the browser import these). */

/** Longest shout text, in characters. */
export const SHOUT_TEXT_MAX = 1000;
/** At most this many media items (pictures and video links together) per shout. */
export const SHOUT_MEDIA_MAX = 10;
/** Largest accepted picture upload, in bytes. */
export const SHOUT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Largest picture by pixels (read from the header before decoding): a decoded picture takes 4 bytes a pixel of
 * the Worker's 128 MB, so 16 megapixels (e.g. 4608×3456) is the ceiling.
 */
export const SHOUT_IMAGE_MAX_PIXELS = 16_000_000;
/** Longest media caption, in characters. */
export const SHOUT_CAPTION_MAX = 200;
/** Width of the large WebP variant of a shout picture. */
export const SHOUT_IMAGE_WIDTH = 1600;
/** Width of the grid thumbnail of a shout picture. */
export const SHOUT_THUMB_WIDTH = 480;
export const SHOUTS_PAGE_SIZE = 20;
/** A comment with the same author, text and shout within this window is a double submit (spec §4). */
export const SHOUT_COMMENT_DUPLICATE_MS = 60 * 1000;
export const SHOUT_LIST_TYPES = ["new", "popular"] as const;
export type ShoutListType = (typeof SHOUT_LIST_TYPES)[number];
export const USER_SHOUT_LISTS = ["shouts", "bookmark-shouts"] as const;
export type UserShoutList = (typeof USER_SHOUT_LISTS)[number];
