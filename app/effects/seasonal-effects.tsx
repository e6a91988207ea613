import { useEffect, useState } from "react";
import { afterIdle } from "#app/lib/idle";
import { useRootData } from "#app/lib/root-data";
import { RAIN_SOUND_MIN_WIDTH } from "#workers/core/effects/effects";

/**
 * The seasonal effects (docs/decisions/0034-seasonal-effects.md). The root loader says which are due today; the
 * code of an effect is a separate chunk imported only then, so an ordinary day costs no JavaScript beyond this
 * component. Nothing moves for visitors who prefer reduced motion; every effect pauses while the tab is hidden.
 */
function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

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

  // 14 February: a member's paw up on a post (a click on an unpressed paw-up button of a post) plays the heart.
  useEffect(() => {
    if (!effects.valentine || !signedIn || prefersReducedMotion()) return;
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.("button.paw-up");
      if (!(button instanceof HTMLButtonElement) || button.disabled) return;
      // A paw button names its item in its own action's query (app/components/paw-button.tsx).
      const action = new URL(button.formAction, window.location.href);
      if (action.pathname !== "/reactions/paw" || action.searchParams.get("item_type") !== "post") return;
      if (button.getAttribute("aria-pressed") === "true") return;
      import("./heart").then((m) => m.playHeart());
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [effects.valentine, signedIn]);

  return effects.rain ? <RainSound /> : null;
}

/** The rain's sound, only on wide windows and only once the member turns it on (browsers block autoplay). */
function RainSound() {
  const [wide, setWide] = useState(false);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${RAIN_SOUND_MIN_WIDTH}px)`);
    const update = () => setWide(query.matches && !prefersReducedMotion());
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  useEffect(() => {
    if (!playing || !wide) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./rain").then((m) => {
      if (!cancelled) stop = m.startRainSound();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [playing, wide]);
  if (!wide) return null;
  return (
    <button type="button" className="btn rain-sound" aria-pressed={playing} onClick={() => setPlaying(!playing)}>
      {playing ? "Выключить шум дождя" : "Включить шум дождя"}
    </button>
  );
}
