import { lazy, Suspense, useEffect, useState } from "react";
import { afterIdle } from "#app/lib/idle";
import { useRootData } from "#app/lib/root-data";
import { prefersReducedMotion, useLazyEffect } from "./lazy-effect";

/**
 * The seasonal effects (docs/decisions/0034-seasonal-effects.md). The root loader says which are due today; the
 * code of an effect is a separate chunk imported only then, so an ordinary day costs no JavaScript beyond this
 * component. Nothing moves for visitors who prefer reduced motion; every effect pauses while the tab is hidden.
 */

const RainSound = lazy(() => import("./rain-sound"));
const loadHeart = () => import("./heart").then((m) => m.heartOnPostPaws);
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
  useLazyEffect(effects.valentine && signedIn, loadHeart, false);

  // The rain's sound button: its own chunk, asked for at the first idle moment after hydration on a rain day (the
  // server renders nothing there). Not in hydration's effects: that made a render of its own in their task.
  const [rainSound, setRainSound] = useState(false);
  useEffect(() => {
    if (!effects.rain) {
      setRainSound(false);
      return;
    }
    return afterIdle(() => setRainSound(true));
  }, [effects.rain]);
  return rainSound ? (
    <Suspense fallback={null}>
      <RainSound />
    </Suspense>
  ) : null;
}
