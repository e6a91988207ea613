/** Media lives in R2 and is served under /media/ (spec §7: image paths starting with / come from storage). */
export const MEDIA_PREFIX = "/media/";

export function mediaUrl(key: string): string {
  return `${MEDIA_PREFIX}${key}`;
}

/** Avatar variants in pixels (square); the UI shows 20/40/80 px avatars, the profile a large one. */
export const AVATAR_SIZES = { tiny: 40, small: 80, big: 200 } as const;
export const BACKGROUND_WIDTH = 1600;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
