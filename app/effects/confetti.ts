import { type Particle, random, runParticles } from "./canvas";

const COLOURS = ["#f07a1c", "#ffd166", "#06d6a0", "#4cc9f0", "#ef476f", "#ffffff"];

/** The birthday animation: a few seconds of confetti falling from the top. */
export function startConfetti(): () => void {
  return runParticles<Particle & { colour: string; spin: number; angle: number }>(
    {
      count: 120,
      durationMs: 4000,
      spawn: (width, _height, initial) => ({
        x: random(0, width),
        y: initial ? random(-200, 0) : random(-40, -10),
        vx: random(-40, 40),
        vy: random(120, 260),
        size: random(5, 9),
        colour: COLOURS[Math.floor(random(0, COLOURS.length))],
        spin: random(-6, 6),
        angle: random(0, Math.PI),
      }),
      step: (p, dt, _width, height) => {
        p.x += p.vx * dt;
        p.y += p.vy * dt;
        p.angle += p.spin * dt;
        return p.y < height + 20;
      },
      // Each piece turns on its own, so each is drawn in its own turned frame.
      paint: (ctx, pieces) => {
        for (const p of pieces) {
          ctx.save();
          ctx.translate(p.x, p.y);
          ctx.rotate(p.angle);
          ctx.fillStyle = p.colour;
          ctx.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
          ctx.restore();
        }
      },
    },
    "effect-confetti",
  );
}
