/** Comment constants without zod (the comment tree in the browser imports these). */
export const COMMENT_TEXT_MAX = 10_000;
/** Spec §9: top-level comments have depth 1, replies go at most this deep. */
export const COMMENT_MAX_DEPTH = 5;
/** Guests' post pages open with the first threads holding this many comments ("show the rest" loads all). */
export const COMMENTS_FIRST_LOAD = 100;
