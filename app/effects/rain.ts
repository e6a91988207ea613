import { RAINDROPS } from "#workers/core/effects/effects";
import { onLightBackground, random, runParticles } from "./canvas";

/** Rain: 100 drops (spec §1) falling at a slant. */
export function startRain(): () => void {
  const colour = onLightBackground() ? "rgba(70, 110, 170, 0.5)" : "rgba(160, 190, 230, 0.55)";
  return runParticles(
    {
      count: RAINDROPS,
      spawn: (width, height, initial) => ({
        x: random(-50, width),
        y: initial ? random(0, height) : random(-60, -10),
        vx: 60,
        vy: random(500, 800),
        size: random(10, 22),
      }),
      step: (p, dt, _width, height) => {
        p.x += p.vx * dt;
        p.y += p.vy * dt;
        return p.y < height + 30;
      },
      paint: (ctx, drops) => {
        ctx.strokeStyle = colour;
        ctx.lineWidth = 1.2;
        ctx.beginPath();
        for (const p of drops) {
          ctx.moveTo(p.x, p.y);
          ctx.lineTo(p.x + p.size * 0.08, p.y + p.size);
        }
        ctx.stroke();
      },
    },
    "effect-rain",
  );
}

/**
 * The rain's sound: filtered noise made by Web Audio (no file to download). Started only by the member's click
 * (browsers block autoplay), stopped with the rain or when the tab is hidden.
 */
export function startRainSound(): () => void {
  const audio = new AudioContext();
  const seconds = 2;
  const buffer = audio.createBuffer(1, audio.sampleRate * seconds, audio.sampleRate);
  const data = buffer.getChannelData(0);
  let brown = 0;
  for (let i = 0; i < data.length; i++) {
    brown = (brown + 0.02 * (Math.random() * 2 - 1)) / 1.02;
    data[i] = brown * 3.5;
  }
  const source = audio.createBufferSource();
  source.buffer = buffer;
  source.loop = true;
  const filter = audio.createBiquadFilter();
  filter.type = "lowpass";
  filter.frequency.value = 1200;
  const gain = audio.createGain();
  gain.gain.value = 0.25;
  source.connect(filter).connect(gain).connect(audio.destination);
  source.start();
  const onVisibility = () => {
    if (document.visibilityState === "hidden") void audio.suspend();
    else void audio.resume();
  };
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    source.stop();
    void audio.close();
  };
}
