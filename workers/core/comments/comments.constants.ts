/** Comment constants without zod (the comment tree in the browser imports these). */
export const COMMENT_TEXT_MAX = 10_000;
/** Spec §9: top-level comments have depth 1, replies go at most this deep. */
export const COMMENT_MAX_DEPTH = 5;
