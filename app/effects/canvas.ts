/**
 * A full-window canvas over the page for a particle effect: fixed, transparent to the pointer and to assistive
 * technology, so it never shifts layout (CLS) or catches a click. It runs only while the tab is visible and
 * stops for good when the effect is stopped.
 */
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
}

export interface ParticleEffect<P extends Particle> {
  count: number;
  spawn: (width: number, height: number, initial: boolean) => P;
  step: (p: P, dt: number, width: number, height: number) => boolean;
  /**
   * Paints a frame's particles. An effect of one colour paints them all as one path (one fill or stroke a frame,
   * not one per particle: a phone's main thread pays for every draw call, sixty times a second).
   */
  paint: (ctx: CanvasRenderingContext2D, particles: readonly P[]) => void;
  /** Stop by itself after this long (ms); runs until stopped when absent. */
  durationMs?: number;
}

export function runParticles<P extends Particle>(effect: ParticleEffect<P>, className: string): () => void {
  const canvas = document.createElement("canvas");
  canvas.className = `effect-canvas ${className}`;
  canvas.setAttribute("aria-hidden", "true");
  Object.assign(canvas.style, {
    position: "fixed",
    inset: "0",
    width: "100vw",
    height: "100vh",
    pointerEvents: "none",
    zIndex: "900",
  });
  document.body.appendChild(canvas);
  const ctx = canvas.getContext("2d");
  let width = 0;
  let height = 0;
  // The bitmap has one pixel per CSS pixel, not per device pixel: every frame the whole bitmap is cleared, drawn and
  // handed to the compositor, and on a phone (device pixel ratio 2–3) a device-pixel bitmap is 4–9 times the
  // pixels for soft, moving particles nobody looks at closely (decision 0041, "the rain's canvas").
  const resize = () => {
    width = window.innerWidth;
    height = window.innerHeight;
    canvas.width = width;
    canvas.height = height;
  };
  resize();
  const particles = Array.from({ length: effect.count }, () => effect.spawn(width, height, true));
  const started = performance.now();
  let last = started;
  let frame = 0;
  let stopped = false;

  const tick = (now: number) => {
    if (stopped || !ctx) return;
    const dt = Math.min((now - last) / 1000, 0.05);
    last = now;
    ctx.clearRect(0, 0, width, height);
    const ending = effect.durationMs !== undefined && now - started > effect.durationMs;
    for (let i = particles.length - 1; i >= 0; i--) {
      if (effect.step(particles[i], dt, width, height)) continue;
      if (ending) particles.splice(i, 1);
      else particles[i] = effect.spawn(width, height, false);
    }
    if (ending && particles.length === 0) return stop();
    effect.paint(ctx, particles);
    frame = requestAnimationFrame(tick);
  };
  const onVisibility = () => {
    cancelAnimationFrame(frame);
    if (document.visibilityState === "visible" && !stopped) {
      last = performance.now();
      frame = requestAnimationFrame(tick);
    }
  };
  function stop() {
    stopped = true;
    cancelAnimationFrame(frame);
    window.removeEventListener("resize", resize);
    document.removeEventListener("visibilitychange", onVisibility);
    canvas.remove();
  }
  window.addEventListener("resize", resize);
  document.addEventListener("visibilitychange", onVisibility);
  if (document.visibilityState === "visible") frame = requestAnimationFrame(tick);
  return stop;
}

export const random = (min: number, max: number) => min + Math.random() * (max - min);

/** Whether the page's background is light (particles then need a darker colour to be seen). */
export function onLightBackground(): boolean {
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(getComputedStyle(document.body).backgroundColor);
  if (!match) return false;
  const [r, g, b] = match.slice(1, 4).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 > 0.5;
}
