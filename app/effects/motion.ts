/** Nothing moves for visitors who prefer reduced motion (spec §1, docs/decisions/0034-seasonal-effects.md). */
export function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
