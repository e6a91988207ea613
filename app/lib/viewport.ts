/** Spec §9: mobile breakpoint. */
export const MOBILE_BREAKPOINT = 768;

/** True below the mobile breakpoint (false on the server). */
export function isMobileWidth(): boolean {
  return typeof window !== "undefined" && window.innerWidth < MOBILE_BREAKPOINT;
}
