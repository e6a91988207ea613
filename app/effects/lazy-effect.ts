import { useEffect } from "react";
import { afterIdle } from "#app/lib/idle";

/** Nothing moves for visitors who prefer reduced motion (spec §1, docs/decisions/0034-seasonal-effects.md). */
export function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Runs `start` (loaded lazily) while `on`; its returned function stops it. By default from the browser's first idle
 * moment after the page has hydrated (an animation nobody waits for need not share hydration's busiest task);
 * `whenIdle: false` for what a click may need at once.
 */
export function useLazyEffect(on: boolean, load: () => Promise<() => () => void>, whenIdle = true): void {
  useEffect(() => {
    if (!on || prefersReducedMotion()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const run = () => {
      load().then((start) => {
        if (!cancelled) stop = start();
      });
    };
    let cancelWait = () => {};
    if (whenIdle) cancelWait = afterIdle(run);
    else run();
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, [on, load, whenIdle]);
}
