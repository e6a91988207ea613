import { lazy, Suspense, useEffect, useState } from "react";
import { afterIdle } from "#app/lib/idle";
import { useRootData } from "#app/lib/root-data";
import { prefersReducedMotion } from "./motion";

/**
 * The seasonal effects (docs/decisions/0034-seasonal-effects.md). The root loader says which are due today; the
 * code of an effect is a separate chunk imported only then, so an ordinary day costs no JavaScript beyond this
 * component. Nothing moves for visitors who prefer reduced motion; every effect pauses while the tab is hidden.
 */

/**
 * Runs `start` (loaded lazily) while `on`, from the browser's first idle moment after the page has hydrated (an
 * animation nobody waits for need not share hydration's busiest task); its returned function stops it.
 */
function useLazyEffect(on: boolean, load: () => Promise<() => () => void>): void {
  useEffect(() => {
    if (!on || prefersReducedMotion()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelWait = afterIdle(() => {
      load().then((start) => {
        if (!cancelled) stop = start();
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, [on, load]);
}

const RainSound = lazy(() => import("./rain-sound"));
const loadSnow = () => import("./snow").then((m) => m.startSnow);
const loadRain = () => import("./rain").then((m) => m.startRain);
const BIRTHDAY_SEEN = "kostyor:birthday-confetti";

export function SeasonalEffects() {
  const { effects, user } = useRootData();
  const signedIn = !!user;
  useLazyEffect(effects.snow, loadSnow);
  useLazyEffect(effects.rain, loadRain);

  // The birthday animation plays once per tab session.
  useEffect(() => {
    if (effects.birthday === null || prefersReducedMotion() || sessionStorage.getItem(BIRTHDAY_SEEN)) return;
    sessionStorage.setItem(BIRTHDAY_SEEN, "1");
    let stop: (() => void) | undefined;
    import("./confetti").then((m) => {
      stop = m.startConfetti();
    });
    return () => stop?.();
  }, [effects.birthday]);

  // 14 February: a member's paw up on a post plays the heart. Its chunk listens for the clicks, from the page's
  // mount (not the first idle moment: a paw may be clicked at once).
  useEffect(() => {
    if (!effects.valentine || !signedIn || prefersReducedMotion()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./heart").then((m) => {
      if (!cancelled) stop = m.heartOnPostPaws();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [effects.valentine, signedIn]);

  // The rain's sound button: its own chunk, asked for once hydrated on a rain day (the server renders nothing there).
  const [rainSound, setRainSound] = useState(false);
  useEffect(() => setRainSound(effects.rain), [effects.rain]);
  return rainSound ? (
    <Suspense fallback={null}>
      <RainSound />
    </Suspense>
  ) : null;
}
