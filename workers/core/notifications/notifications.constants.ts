/**
 * Stream item types (spec §3 Stream item: "type 1-9" with icons 1 pencil, 2 and 4 comments, 3 scroll,
 * 5 twitch, 6 medal, 7 share, 8 user, 9 gamepad). The same numbers serve notifications and the activity
 * stream; see docs/decisions/0017-notifications-and-activity.md. Client-safe (no zod, no server imports).
 */
export const STREAM_TYPE = {
  /** Pencil: a post was published (activity). */
  post: 1,
  /** Comments: a comment on a post (activity); a comment on your post, a reply to your comment (notifications). */
  comment: 2,
  /** Scroll: a shout on the bonfire (reserved for shouts). */
  shout: 3,
  /** Comments: a comment on a shout (reserved for shout comments). */
  shoutComment: 4,
  /** Twitch: a member went live (reserved). */
  twitch: 5,
  /** Medal: your post or comment got paws (grouped per item). */
  paws: 6,
  /** Medal: a medal was awarded to you (workers/core/medals; the same icon as paws, spec §3 type 6). */
  medal: 6,
  /** Share: a draft was shared with you. */
  share: 7,
  /** User: you were @mentioned. */
  mention: 8,
  /** Gamepad: a game release (reserved for the calendar). */
  game: 9,
} as const;
export type StreamType = (typeof STREAM_TYPE)[keyof typeof STREAM_TYPE];

/** Notifications and activity items per page. */
export const STREAM_PAGE_SIZE = 20;
/** At most this many members are notified about @mentions in one comment. */
export const MENTIONS_MAX = 10;
/** Messages (comment excerpts) are cut to this many characters. */
export const EXCERPT_MAX = 140;
