import { SNOWFLAKES } from "#workers/core/effects/effects";
import { onLightBackground, type Particle, random, runParticles } from "./canvas";

/** Snow: 60 flakes (spec §1) drifting down and sideways. */
export function startSnow(): () => void {
  // White flakes on dark themes; blue-grey ones on light themes, where white would not show.
  const colour = onLightBackground() ? "rgba(110, 140, 185, 0.75)" : "rgba(255, 255, 255, 0.85)";
  return runParticles<Particle & { phase: number }>(
    {
      count: SNOWFLAKES,
      spawn: (width, height, initial) => ({
        x: random(0, width),
        y: initial ? random(0, height) : random(-20, -5),
        vx: random(-15, 15),
        vy: random(25, 60),
        size: random(1.5, 4),
        phase: random(0, Math.PI * 2),
      }),
      step: (p, dt, width, height) => {
        p.phase += dt;
        p.x += (p.vx + Math.sin(p.phase) * 12) * dt;
        p.y += p.vy * dt;
        if (p.x < -10) p.x = width + 10;
        if (p.x > width + 10) p.x = -10;
        return p.y < height + 10;
      },
      paint: (ctx, flakes) => {
        ctx.fillStyle = colour;
        ctx.beginPath();
        for (const p of flakes) {
          ctx.moveTo(p.x + p.size, p.y);
          ctx.arc(p.x, p.y, p.size, 0, Math.PI * 2);
        }
        ctx.fill();
      },
    },
    "effect-snow",
  );
}
