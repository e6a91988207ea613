import { useEffect, useState } from "react";
import { RAIN_SOUND_MIN_WIDTH } from "#workers/core/effects/effects";
import { prefersReducedMotion, useLazyEffect } from "./lazy-effect";

const loadRainSound = () => import("./rain").then((m) => m.startRainSound);

/**
 * The rain's sound, only on wide windows and only once the member turns it on (browsers block autoplay). A chunk
 * of its own, loaded on rain days once the page has hydrated: every other page view carries none of it.
 */
export default function RainSound() {
  const [wide, setWide] = useState(false);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${RAIN_SOUND_MIN_WIDTH}px)`);
    const update = () => setWide(query.matches && !prefersReducedMotion());
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  useLazyEffect(playing && wide, loadRainSound, false);
  if (!wide) return null;
  return (
    <button type="button" className="btn rain-sound" aria-pressed={playing} onClick={() => setPlaying(!playing)}>
      {playing ? "Выключить шум дождя" : "Включить шум дождя"}
    </button>
  );
}
