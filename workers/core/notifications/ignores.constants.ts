/** The terms the profile offers for ignoring a member (days); «навсегда» besides. Client-safe. */
export const IGNORE_TERMS = [1, 7, 30] as const;
