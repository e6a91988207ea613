/** Post constants without zod (editor and list pages in the browser import these). */

export const POST_TITLE_MAX = 150;
export const POST_HEADLINE_MAX = 500;
export const POSTS_PAGE_SIZE = 20;
/** The author's edit window (spec §5, §9), applied while `is_one_hour_edit_enabled`. */
export const EDIT_WINDOW_MS = 60 * 60 * 1000;
/** Where uploaded post images live: R2 `posts/<post id>/<token>.webp`, served under /media/. */
export const POST_IMAGE_WIDTH = 1600;
/** What the publish check demands of a draft (field by field). */
export const PUBLISH_TITLE_MIN = 3;
export const POST_LIST_TYPES = ["new", "top", "popular"] as const;
export type PostListType = (typeof POST_LIST_TYPES)[number];
export const USER_POST_LISTS = ["posts", "drafts", "shared-posts", "bookmark-posts"] as const;
export type UserPostList = (typeof USER_POST_LISTS)[number];
