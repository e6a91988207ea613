/** The yearly recap's rules (docs/decisions/0033-yearly-recap.md). Client-safe: no server imports. */

/** Years are counted in Moscow time (UTC+3 all year since 2014): a post at 01:00 MSK on 1 January is next year's. */
export const MSK_OFFSET_MS = 3 * 60 * 60 * 1000;
/** A year's recap opens on 1 December of that year (Moscow time); admins may look earlier. */
export const RECAP_OPENS_MONTH = 11;
/** Bump when the stored figures change shape: older rows of recap_cache are then recomputed. */
export const RECAP_VERSION = 1;
/** A running year's figures are recomputed after this long; a finished year's after a day (late deletions). */
export const RECAP_TTL_RUNNING_MS = 60 * 60 * 1000;
export const RECAP_TTL_FINISHED_MS = 24 * 60 * 60 * 1000;
/** How many items each top list shows, and how many candidates are kept (some may leave view later). */
export const TOP_SHOWN = 5;
export const TOP_CANDIDATES = 20;

/** The parts of a member's recap they may share, with the labels of the share form. */
export const SHARE_PARTS = {
  counts: "Сколько я написал",
  paws: "Лапки: отданные и полученные",
  best_post: "Лучшая статья",
  tags: "Любимые теги",
  rhythm: "Самый активный месяц и день недели",
  streak: "Самая длинная серия активных дней",
  people: "С кем я общался больше всего",
} as const;
export type SharePart = keyof typeof SHARE_PARTS;
export const SHARE_PART_KEYS = Object.keys(SHARE_PARTS) as SharePart[];

/** The shared recap's preview card (recap.card.ts), in pixels: the OpenGraph 1.91:1 size. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
