// Original pixel-art pictures for the demo content, drawn in code (no image files in the repository): each scene
// is painted at a low resolution, scaled up with hard edges, then encoded as the site encodes an upload — photon
// (the project's own image library, here its Node build): a large WebP no wider than 1600 px and, for shouts, a
// 480 px thumbnail (Lanczos3), as workers/core/shouts/shout-media.ts does.
import { PhotonImage } from "@cf-wasm/photon";

const LARGE_WIDTH = 1600;
const THUMB_WIDTH = 480;

/** A deterministic random generator (mulberry32): the same picture every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rgb = (hex) => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];
const mix = (a, b, t) => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t));
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16);
const smooth = (t) => t * t * (3 - 2 * t);

/** 1D value noise in 0..1 (ridges, flame tongues). */
function noise1(seed) {
  const r = random(seed);
  const values = Array.from({ length: 256 }, r);
  return (x) => {
    const i = Math.floor(x);
    const f = smooth(x - i);
    return values[i & 255] * (1 - f) + values[(i + 1) & 255] * f;
  };
}

/** 2D fractal value noise in 0..1 (the map). */
function noise2(seed) {
  const r = random(seed);
  const values = Array.from({ length: 64 * 64 }, r);
  const at = (x, y) => values[(y & 63) * 64 + (x & 63)];
  const base = (x, y) => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = smooth(x - ix);
    const fy = smooth(y - iy);
    const top = at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx;
    const bottom = at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
  return (x, y) => base(x, y) * 0.55 + base(x * 2.1, y * 2.1) * 0.3 + base(x * 4.3, y * 4.3) * 0.15;
}

/** 5×7 glyphs for the few words the pictures show. */
const GLYPHS = {
  А: ".###.|#...#|#...#|#####|#...#|#...#|#...#",
  Б: "#####|#....|#....|####.|#...#|#...#|####.",
  В: "####.|#...#|#...#|####.|#...#|#...#|####.",
  Д: "..##.|.#.#.|.#.#.|.#.#.|.#.#.|#####|#...#",
  Е: "#####|#....|#....|####.|#....|#....|#####",
  И: "#...#|#...#|#..##|#.#.#|##..#|#...#|#...#",
  К: "#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#",
  Л: ".####|.#..#|.#..#|.#..#|.#..#|.#..#|##..#",
  М: "#...#|##.##|#.#.#|#...#|#...#|#...#|#...#",
  Н: "#...#|#...#|#...#|#####|#...#|#...#|#...#",
  О: ".###.|#...#|#...#|#...#|#...#|#...#|.###.",
  П: "#####|#...#|#...#|#...#|#...#|#...#|#...#",
  Р: "####.|#...#|#...#|####.|#....|#....|#....",
  С: ".####|#....|#....|#....|#....|#....|.####",
  Т: "#####|..#..|..#..|..#..|..#..|..#..|..#..",
  У: "#...#|#...#|#...#|.####|....#|....#|.###.",
  Х: "#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#",
  Ч: "#...#|#...#|#...#|.####|....#|....#|....#",
  Ы: "#...#|#...#|#...#|###.#|#..##|#..##|###.#",
  Ь: "#....|#....|#....|####.|#...#|#...#|####.",
  0: ".###.|#...#|#...#|#...#|#...#|#...#|.###.",
  1: "..#..|.##..|..#..|..#..|..#..|..#..|.###.",
  2: ".###.|#...#|....#|...#.|..#..|.#...|#####",
  4: "...#.|..##.|.#.#.|#..#.|#####|...#.|...#.",
  8: ".###.|#...#|#...#|.###.|#...#|#...#|.###.",
  "/": "....#|...#.|...#.|..#..|.#...|.#...|#....",
  "!": "..#..|..#..|..#..|..#..|..#..|.....|..#..",
  ">": ".#...|..#..|...#.|....#|...#.|..#..|.#...",
  " ": ".....|.....|.....|.....|.....|.....|.....",
};

/** A low-resolution RGB canvas with the few drawing operations the scenes need. */
class Canvas {
  constructor(w, h) {
    this.w = w;
    this.h = h;
    this.px = new Uint8Array(w * h * 3);
  }

  set(x, y, c) {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const i = (y * this.w + x) * 3;
    this.px[i] = c[0];
    this.px[i + 1] = c[1];
    this.px[i + 2] = c[2];
  }

  get(x, y) {
    const i = (Math.round(y) * this.w + Math.round(x)) * 3;
    return [this.px[i], this.px[i + 1], this.px[i + 2]];
  }

  /** Blends `c` over the pixel by `a` (0..1); `dither` snaps the blend to all-or-nothing by a Bayer threshold. */
  blend(x, y, c, a, dither = false) {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.w || y >= this.h || a <= 0) return;
    if (dither) {
      if (a > BAYER[(y & 3) * 4 + (x & 3)]) this.set(x, y, c);
      return;
    }
    this.set(x, y, mix(this.get(x, y), c, Math.min(1, a)));
  }

  rect(x, y, w, h, c) {
    for (let j = Math.round(y); j < Math.round(y + h); j++)
      for (let i = Math.round(x); i < Math.round(x + w); i++) this.set(i, j, c);
  }

  ellipse(cx, cy, rx, ry, c) {
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++) {
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.set(x, y, c);
      }
    }
  }

  disc(cx, cy, r, c) {
    this.ellipse(cx, cy, r, r, c);
  }

  line(x0, y0, x1, y1, c, width = 1) {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1) * 2;
    for (let s = 0; s <= steps; s++) {
      const x = x0 + ((x1 - x0) * s) / steps;
      const y = y0 + ((y1 - y0) * s) / steps;
      if (width > 1) this.disc(x, y, width / 2, c);
      else this.set(x, y, c);
    }
  }

  /** A triangle filled by scanlines. */
  triangle(ax, ay, bx, by, cx, cy, c) {
    const minY = Math.floor(Math.min(ay, by, cy));
    const maxY = Math.ceil(Math.max(ay, by, cy));
    const edges = [
      [ax, ay, bx, by],
      [bx, by, cx, cy],
      [cx, cy, ax, ay],
    ];
    for (let y = minY; y <= maxY; y++) {
      const xs = [];
      for (const [x0, y0, x1, y1] of edges) {
        if ((y >= y0 && y < y1) || (y >= y1 && y < y0)) xs.push(x0 + ((y - y0) * (x1 - x0)) / (y1 - y0));
      }
      if (xs.length >= 2)
        for (let x = Math.ceil(Math.min(...xs)); x <= Math.floor(Math.max(...xs)); x++) this.set(x, y, c);
    }
  }

  /** A vertical gradient through `stops` between rows y0 and y1, ordered-dithered like old games. */
  gradient(y0, y1, stops, x0 = 0, x1 = this.w) {
    const colors = stops.map(rgb);
    for (let y = y0; y < y1; y++) {
      const t = ((y - y0) / Math.max(1, y1 - y0 - 1)) * (colors.length - 1);
      const band = Math.min(colors.length - 2, Math.floor(t));
      for (let x = x0; x < x1; x++) {
        const pick = t - band > BAYER[(y & 3) * 4 + (x & 3)] ? colors[band + 1] : colors[band];
        this.set(x, y, pick);
      }
    }
  }

  /** Light falling off from a point (blended, not dithered: fire and lamps glow softly). */
  glow(cx, cy, r, c, strength) {
    for (let y = Math.floor(cy - r); y <= cy + r; y++) {
      for (let x = Math.floor(cx - r); x <= cx + r; x++) {
        const d = Math.hypot(x - cx, y - cy) / r;
        if (d < 1) this.blend(x, y, c, strength * (1 - d) ** 1.6);
      }
    }
  }

  /** A silhouette of ground/ridges: everything below `height(x)` from row `bottom` up. */
  ridge(height, color, bottom = this.h) {
    for (let x = 0; x < this.w; x++) for (let y = Math.round(height(x)); y < bottom; y++) this.set(x, y, color);
  }

  stars(r, count, maxY, colors = ["#ffffff", "#cfd8ff", "#fff2c4"]) {
    for (let i = 0; i < count; i++) {
      const x = Math.floor(r() * this.w);
      const y = Math.floor(r() * maxY);
      const c = rgb(colors[i % colors.length]);
      this.set(x, y, c);
      if (r() < 0.12) {
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ])
          this.blend(x + dx, y + dy, c, 0.45);
      }
    }
  }

  /** A bitmap: `rows` of "#" (painted) and "." (left as is), each cell `scale` pixels square. */
  pattern(x, y, rows, color, scale = 1) {
    rows.forEach((row, j) => {
      [...row].forEach((cell, i) => {
        if (cell === "#") this.rect(x + i * scale, y + j * scale, scale, scale, color);
      });
    });
  }

  /** Text in the 5×7 font; `shadow` is drawn one pixel (× scale) down and right, under all of it. */
  text(x, y, value, color, scale = 1, shadow = null) {
    const paint = (dx, c) => {
      let cx = x;
      for (const ch of value) {
        this.pattern(cx + dx, y + dx, (GLYPHS[ch] ?? GLYPHS[" "]).split("|"), c, scale);
        cx += 6 * scale;
      }
    };
    if (shadow) paint(scale, shadow);
    paint(0, color);
  }

  static textWidth(value, scale = 1) {
    return [...value].length * 6 * scale - scale;
  }

  /** Darkens the corners (a vignette), `amount` 0..1. */
  vignette(amount) {
    const black = [0, 0, 0];
    for (let y = 0; y < this.h; y++) {
      for (let x = 0; x < this.w; x++) {
        const d = Math.hypot((x - this.w / 2) / (this.w / 2), (y - this.h / 2) / (this.h / 2)) / Math.SQRT2;
        if (d > 0.55) this.blend(x, y, black, amount * ((d - 0.55) / 0.45));
      }
    }
  }

  /** RGBA at `scale` times the size, each pixel a hard-edged block. */
  upscale(scale) {
    const W = this.w * scale;
    const out = new Uint8Array(W * this.h * scale * 4);
    for (let y = 0; y < this.h; y++) {
      const row = new Uint8Array(W * 4);
      for (let x = 0; x < this.w; x++) {
        const i = (y * this.w + x) * 3;
        for (let s = 0; s < scale; s++) {
          const o = (x * scale + s) * 4;
          row[o] = this.px[i];
          row[o + 1] = this.px[i + 1];
          row[o + 2] = this.px[i + 2];
          row[o + 3] = 255;
        }
      }
      for (let s = 0; s < scale; s++) out.set(row, (y * scale + s) * W * 4);
    }
    return { rgba: out, width: W, height: this.h * scale };
  }
}

// ─── scene parts ──────────────────────────────────────────────────────────────────────────────────────────

function pine(p, x, base, height, color, snow = null) {
  const tiers = 3;
  for (let t = 0; t < tiers; t++) {
    const top = base - height + (t * height) / (tiers + 0.5);
    const bottom = top + height / 2;
    const half = (height / 4) * (0.7 + t * 0.35);
    p.triangle(x, top, x - half, bottom, x + half, bottom, color);
    if (snow) p.triangle(x, top, x - half * 0.45, top + height / 9, x + half * 0.45, top + height / 9, snow);
  }
  p.rect(x - 1, base - height / 6, 2, height / 6, color);
}

/** A moon with its shadowed side cut away (the sky behind stays as it was). */
function crescent(p, cx, cy, r, color) {
  for (let y = cy - r; y <= cy + r; y++) {
    for (let x = cx - r; x <= cx + r; x++) {
      if (Math.hypot(x - cx, y - cy) <= r && Math.hypot(x - cx - 3, y - cy + 2) > r - 1) p.set(x, y, color);
    }
  }
}

function flame(p, cx, base, height, width, seed) {
  const n = noise1(seed);
  const layers = [
    ["#c9301f", 1],
    ["#ff7a1a", 0.78],
    ["#ffc53d", 0.52],
    ["#fff3b0", 0.26],
  ];
  for (const [color, k] of layers) {
    const h = height * k;
    for (let y = base - h; y <= base; y++) {
      const t = (y - (base - h)) / h;
      const half = (width / 2) * k ** 0.5 * t ** 0.75 * (0.85 + 0.3 * n(y * 0.6));
      const sway = (1 - t) * 3 * (n(y * 0.3 + 10) - 0.5);
      for (let x = Math.round(cx - half + sway); x <= Math.round(cx + half + sway); x++) p.set(x, y, rgb(color));
    }
  }
}

function lighthouse(p, x, base, height, { snow = false } = {}) {
  const red = rgb("#c8342c");
  const white = rgb("#efe9de");
  const top = base - height;
  for (let y = top + 12; y < base; y++) {
    const t = (y - top) / height;
    const half = 5 + t * 4;
    const stripe = Math.floor((y - top) / 8) % 2 === 0 ? red : white;
    for (let i = -half; i <= half; i++) p.set(x + i, y, i > half - 2 ? mix(stripe, [0, 0, 0], 0.3) : stripe);
  }
  p.rect(x - 8, top + 10, 17, 2, rgb("#2b2b33"));
  p.rect(x - 4, top + 3, 9, 7, rgb("#ffe58a"));
  p.rect(x - 4, top + 3, 1, 7, rgb("#2b2b33"));
  p.rect(x + 4, top + 3, 1, 7, rgb("#2b2b33"));
  p.triangle(x, top - 4, x - 6, top + 3, x + 6, top + 3, snow ? rgb("#f4f8ff") : red);
  p.rect(x - 2, base - 10, 4, 10, rgb("#3a2a22"));
}

function trophy(p, cx, top) {
  const gold = rgb("#ffcc33");
  const dark = rgb("#c58a1c");
  const light = rgb("#fff0a8");
  p.ellipse(cx - 15, top + 10, 7, 8, dark);
  p.ellipse(cx - 15, top + 10, 4, 5, rgb("#140f24"));
  p.ellipse(cx + 15, top + 10, 7, 8, dark);
  p.ellipse(cx + 15, top + 10, 4, 5, rgb("#140f24"));
  for (let y = top; y < top + 24; y++) {
    const half = 16 * Math.sqrt(1 - ((y - top) / 24) ** 2) + 1;
    for (let x = -half; x <= half; x++) p.set(cx + x, y, x < -half * 0.4 ? light : x > half * 0.5 ? dark : gold);
  }
  p.rect(cx - 16, top, 33, 2, light);
  p.rect(cx - 2, top + 24, 5, 7, dark);
  p.rect(cx - 9, top + 31, 19, 3, gold);
  p.rect(cx - 12, top + 34, 25, 5, dark);
  p.rect(cx - 11, top + 35, 23, 1, gold);
}

function ship(p, x, y) {
  const hull = rgb("#dfe6f0");
  const shade = rgb("#8d98aa");
  p.triangle(x, y - 7, x - 6, y + 4, x + 6, y + 4, hull);
  p.triangle(x - 6, y + 1, x - 10, y + 6, x - 3, y + 5, shade);
  p.triangle(x + 6, y + 1, x + 10, y + 6, x + 3, y + 5, shade);
  p.rect(x - 1, y - 3, 3, 3, rgb("#4de3ff"));
  p.rect(x - 3, y + 5, 2, 2, rgb("#ff9d2e"));
  p.rect(x + 2, y + 5, 2, 2, rgb("#ff9d2e"));
  p.set(x - 2, y + 7, rgb("#ffe26b"));
  p.set(x + 3, y + 7, rgb("#ffe26b"));
}

function invader(p, x, y, color) {
  const rows = ["..#...#..", "...#.#...", "..#####..", ".##.#.##.", "#########", "#.#####.#", "#.#...#.#", "...##.##."];
  p.pattern(x - 4, y - 4, rows, rgb(color));
}

function hearts(p, x, y, n) {
  const rows = [".#.#.", "#####", "#####", ".###.", "..#.."];
  for (let k = 0; k < n; k++) p.pattern(x + k * 7, y, rows, rgb("#ff4d6d"));
}

function fan(p, cx, cy, r, color) {
  p.disc(cx, cy, r, rgb("#15151b"));
  for (let a = 0; a < Math.PI * 2; a += 0.05) {
    p.blend(cx + Math.cos(a) * r, cy + Math.sin(a) * r, rgb(color), 1);
    p.blend(cx + Math.cos(a) * (r - 1), cy + Math.sin(a) * (r - 1), rgb(color), 0.5);
  }
  for (let b = 0; b < 5; b++) {
    const a = (b / 5) * Math.PI * 2;
    p.line(cx, cy, cx + Math.cos(a) * (r - 2), cy + Math.sin(a) * (r - 2), rgb("#3a3a46"));
  }
  p.disc(cx, cy, Math.max(1, r / 4), rgb("#2a2a33"));
  p.glow(cx, cy, r * 2.2, rgb(color), 0.25);
}

function cat(p, cx, cy, { lying = true } = {}) {
  const fur = rgb("#f0a04b");
  const dark = rgb("#c9722a");
  const light = rgb("#ffd9a3");
  if (lying) {
    p.ellipse(cx, cy, 26, 9, fur);
    p.ellipse(cx + 2, cy + 3, 20, 5, light);
    for (let s = -18; s <= 14; s += 7) p.line(cx + s, cy - 8, cx + s + 3, cy - 2, dark, 2);
    p.line(cx + 24, cy + 2, cx + 36, cy - 6, fur, 4);
    p.line(cx + 36, cy - 6, cx + 40, cy - 12, dark, 3);
    p.disc(cx - 26, cy - 3, 9, fur);
    p.triangle(cx - 33, cy - 8, cx - 31, cy - 18, cx - 25, cy - 10, fur);
    p.triangle(cx - 24, cy - 10, cx - 20, cy - 18, cx - 17, cy - 7, fur);
    p.triangle(cx - 31, cy - 10, cx - 30, cy - 15, cx - 27, cy - 10, rgb("#f7b7a3"));
    p.line(cx - 31, cy - 3, cx - 28, cy - 2, rgb("#3a2418"));
    p.line(cx - 24, cy - 2, cx - 21, cy - 3, rgb("#3a2418"));
    p.set(cx - 26, cy, rgb("#e86a7a"));
    p.ellipse(cx - 14, cy + 8, 4, 2, light);
    p.ellipse(cx + 8, cy + 8, 4, 2, light);
    return;
  }
  p.triangle(cx - 28, cy - 10, cx - 24, cy - 40, cx - 6, cy - 22, fur);
  p.triangle(cx + 28, cy - 10, cx + 24, cy - 40, cx + 6, cy - 22, fur);
  p.triangle(cx - 24, cy - 16, cx - 22, cy - 33, cx - 11, cy - 22, rgb("#f7b7a3"));
  p.triangle(cx + 24, cy - 16, cx + 22, cy - 33, cx + 11, cy - 22, rgb("#f7b7a3"));
  p.ellipse(cx, cy, 30, 25, fur);
  for (const s of [-8, 0, 8]) p.line(cx + s, cy - 25, cx + s * 1.2, cy - 15, dark, 2);
  p.ellipse(cx, cy + 10, 14, 10, light);
  for (const side of [-1, 1]) {
    p.ellipse(cx + side * 11, cy - 3, 6, 6, rgb("#f4f7e8"));
    p.ellipse(cx + side * 11, cy - 3, 4.5, 5.5, rgb("#5fbf4a"));
    p.rect(cx + side * 11 - 0.5, cy - 8, 2, 10, rgb("#111111"));
    p.set(cx + side * 11 + 2, cy - 6, rgb("#ffffff"));
    for (const dy of [-2, 2]) p.line(cx + side * 16, cy + 8 + dy, cx + side * 36, cy + 5 + dy * 2.5, rgb("#fff5e6"));
  }
  p.triangle(cx - 3, cy + 4, cx + 3, cy + 4, cx, cy + 7, rgb("#e86a7a"));
  p.line(cx, cy + 7, cx - 3, cy + 10, rgb("#3a2418"));
  p.line(cx, cy + 7, cx + 3, cy + 10, rgb("#3a2418"));
}

// ─── scenes ───────────────────────────────────────────────────────────────────────────────────────────────

function campfire(seed) {
  const p = new Canvas(160, 100);
  const r = random(seed);
  p.gradient(0, 74, ["#070a1c", "#10163a", "#241f4f", "#3d2a5c"]);
  p.stars(r, 70, 55);
  crescent(p, 128, 17, 7, rgb("#f3e9c6"));
  const far = noise1(seed + 1);
  p.ridge((x) => 58 + far(x * 0.05) * 10, rgb("#161a38"));
  for (let i = 0; i < 14; i++) pine(p, 4 + i * 12 + r() * 6, 74 + r() * 3, 20 + r() * 14, rgb("#0a0d1e"));
  p.gradient(74, 100, ["#1c1526", "#120e1a"]);
  p.triangle(26, 62, 10, 84, 44, 84, rgb("#2b2140"));
  p.triangle(26, 62, 22, 84, 32, 84, rgb("#17112a"));
  p.line(26, 62, 44, 84, rgb("#a8563a"));
  p.glow(80, 82, 60, rgb("#ff8a3d"), 0.45);
  for (let a = 0; a < 10; a++) {
    const angle = (a / 10) * Math.PI * 2;
    p.ellipse(80 + Math.cos(angle) * 15, 87 + Math.sin(angle) * 4, 3, 2, rgb(a % 2 ? "#5d5566" : "#72697c"));
  }
  p.line(66, 88, 94, 83, rgb("#5b3a22"), 4);
  p.line(66, 83, 94, 88, rgb("#6f482a"), 4);
  p.line(68, 82, 92, 87, rgb("#8a5a34"));
  flame(p, 80, 85, 30, 20, seed + 2);
  for (let i = 0; i < 22; i++) p.set(70 + r() * 20, 40 + r() * 22, rgb(r() < 0.5 ? "#ffc53d" : "#ff7a1a"));
  // a backpack and a log to sit on, lit by the fire
  p.rect(112, 84, 22, 4, rgb("#5b3a22"));
  p.rect(112, 84, 22, 1, rgb("#8a5a34"));
  p.rect(122, 72, 10, 12, rgb("#3f5a3a"));
  p.rect(122, 72, 10, 3, rgb("#4f7048"));
  p.rect(121, 76, 1, 6, rgb("#2c3f29"));
  p.rect(125, 78, 4, 3, rgb("#2c3f29"));
  p.set(126, 74, rgb("#e0b84a"));
  return p;
}

const RIDGE_PALETTES = {
  sunset: {
    sky: ["#4b2f7c", "#b0508f", "#ff8f6b", "#ffd58a"],
    sun: "#fff1b8",
    ridges: ["#c57ea0", "#9a5a8a", "#6e3f6e", "#44284d"],
  },
  dusk: {
    sky: ["#1d2b5c", "#4d4a8f", "#c7789a", "#ffc38a"],
    sun: "#ffe3a8",
    ridges: ["#8a76a8", "#66589a", "#463f78", "#2c2a52"],
  },
};

/** Layered hills at sunset or dusk; a castle on the middle ridge, or vineyards in front. */
function ridges(seed, palette, { castle = false, vines = false } = {}) {
  const p = new Canvas(160, 100);
  const r = random(seed);
  const colors = RIDGE_PALETTES[palette];
  p.gradient(0, 100, colors.sky);
  const sunX = 40 + r() * 30;
  p.glow(sunX, 50, 46, rgb(colors.sun), 0.4);
  p.disc(sunX, 50, 11, rgb(colors.sun));
  for (let i = 0; i < 5; i++) {
    const cy = 12 + r() * 26;
    p.ellipse(r() * 160, cy, 10 + r() * 14, 2 + r() * 1.5, rgb(i % 2 ? "#ffd9a0" : "#f2a36b"));
  }
  colors.ridges.forEach((color, i) => {
    const n = noise1(seed + 10 + i);
    const base = 60 + i * 9;
    const amp = 16 - i * 2;
    p.ridge((x) => base - n(x * (0.03 + i * 0.012) + i * 7) * amp, rgb(color));
    if (castle && i === 1) castleOn(p, 116, base - n(116 * (0.03 + i * 0.012) + i * 7) * amp + 2);
  });
  if (vines) {
    p.gradient(84, 100, ["#5a7d3a", "#3e5a28"]);
    for (let row = 0; row < 6; row++) {
      const y = 86 + row * 3;
      for (let x = (row % 2) * 2; x < 160; x += 4) p.rect(x, y, 2, 1, rgb("#2c4419"));
    }
    p.rect(120, 74, 16, 10, rgb("#e8d9b5"));
    p.triangle(128, 66, 117, 74, 139, 74, rgb("#b3452f"));
    p.rect(126, 78, 3, 6, rgb("#5a3a22"));
    p.rect(131, 76, 3, 3, rgb("#ffd36b"));
  }
  return p;
}

function castleOn(p, cx, ground) {
  const wall = rgb("#3b2340");
  const roof = rgb("#6a2f4f");
  p.rect(cx - 14, ground - 14, 28, 24, wall);
  for (const [dx, h] of [
    [-16, 24],
    [10, 28],
    [-3, 36],
  ]) {
    p.rect(cx + dx, ground - h, 6, h + 10, wall);
    p.triangle(cx + dx + 3, ground - h - 8, cx + dx - 1, ground - h, cx + dx + 7, ground - h, roof);
  }
  for (let i = 0; i < 6; i++) p.set(cx - 10 + i * 4, ground - 8 + (i % 2) * 4, rgb("#ffd36b"));
}

/** A swamp at night: a big moon, a dead tree, reeds, fog, and a witcher with a lantern. */
function swamp(seed) {
  const p = new Canvas(160, 100);
  const r = random(seed);
  p.gradient(0, 64, ["#050a14", "#0c1a26", "#17303a", "#24464a"]);
  p.stars(r, 50, 40);
  p.glow(112, 24, 40, rgb("#d8f0d8"), 0.3);
  p.disc(112, 24, 12, rgb("#e8f4e0"));
  p.disc(108, 21, 3, rgb("#cfe0c8"));
  p.disc(116, 28, 2, rgb("#cfe0c8"));
  const far = noise1(seed + 1);
  for (let x = 0; x < 160; x++) {
    const top = 50 - far(x * 0.15) * 14;
    for (let y = Math.round(top); y < 64; y++) p.set(x, y, rgb("#0f2226"));
  }
  for (let y = 64; y < 100; y++) {
    for (let x = 0; x < 160; x++) {
      const ripple = Math.sin(x * 0.5 + y * 1.7) > 0.9;
      p.set(x, y, rgb(ripple ? "#28484a" : y < 80 ? "#132a2c" : "#0e2123"));
    }
  }
  for (let y = 66; y < 96; y += 2) p.rect(108 + Math.sin(y) * 2, y, 8 - (y - 66) / 6, 1, rgb("#b8d0b0"));
  // a dead tree on the left
  const bark = rgb("#0a1416");
  p.line(26, 90, 30, 40, bark, 4);
  p.line(29, 58, 14, 40, bark, 2);
  p.line(30, 50, 46, 34, bark, 2);
  p.line(14, 40, 8, 42, bark);
  p.line(46, 34, 52, 36, bark);
  p.line(40, 40, 42, 30, bark);
  p.ellipse(28, 90, 14, 4, rgb("#0a1416"));
  for (let i = 0; i < 40; i++) {
    const x = r() * 160;
    const h = 4 + r() * 8;
    p.line(x, 99, x + (r() - 0.5) * 3, 99 - h, rgb(i % 2 ? "#1c3a2c" : "#254a34"));
  }
  // the witcher: a cloak, two swords on the back, a lantern
  const [wx, wy] = [76, 84];
  p.triangle(wx, wy - 16, wx - 6, wy, wx + 6, wy, rgb("#0a0f12"));
  p.disc(wx, wy - 17, 3, rgb("#0a0f12"));
  p.rect(wx - 1, wy - 19, 3, 1, rgb("#d8d8d8"));
  p.line(wx - 4, wy - 22, wx + 3, wy - 8, rgb("#5a6470"));
  p.line(wx + 4, wy - 22, wx - 3, wy - 8, rgb("#5a6470"));
  p.line(wx + 5, wy - 10, wx + 9, wy - 7, rgb("#0a0f12"));
  p.rect(wx + 8, wy - 7, 3, 4, rgb("#ffd36b"));
  p.glow(wx + 9, wy - 5, 22, rgb("#ffb84d"), 0.45);
  for (let y = 60; y < 100; y++) {
    const band = Math.sin(y * 0.35) * 0.5 + 0.5;
    for (let x = 0; x < 160; x++) p.blend(x, y, rgb("#8fb0a8"), band * 0.12 * (1 - Math.abs(y - 78) / 30));
  }
  return p;
}

function aurora(seed) {
  const p = new Canvas(160, 100);
  const r = random(seed);
  p.gradient(0, 100, ["#02060f", "#07142a", "#0e2438", "#173447"]);
  p.stars(r, 80, 60);
  const waves = [
    ["#3cffa0", 26, 0.045, 0],
    ["#2ad1c9", 34, 0.06, 2],
    ["#9b6bff", 20, 0.035, 4],
  ];
  for (const [color, baseY, freq, phase] of waves) {
    for (let x = 0; x < 160; x++) {
      const yc = baseY + 9 * Math.sin(x * freq + phase) + 4 * Math.sin(x * freq * 2.7 + phase * 1.3);
      const bright = 0.55 + 0.45 * Math.sin(x * 0.21 + phase);
      for (let y = yc - 24; y <= yc + 2; y++) {
        const t = (y - (yc - 24)) / 26;
        p.blend(x, y, rgb(color), bright * t ** 2 * 0.8);
      }
    }
  }
  const hills = noise1(seed + 3);
  p.ridge((x) => 66 + hills(x * 0.04) * 10, rgb("#a9b9cc"));
  p.ridge((x) => 74 + hills(x * 0.06 + 20) * 8, rgb("#dfe8f2"));
  for (let x = 0; x < 160; x++) for (let y = 70; y < 100; y++) p.blend(x, y, rgb("#3cffa0"), 0.06);
  for (let i = 0; i < 11; i++) {
    const x = r() * 160;
    if (x > 96 && x < 136) continue;
    pine(p, x, 84 + r() * 10, 16 + r() * 12, rgb("#0f2a25"), rgb("#eef4fb"));
  }
  p.rect(104, 72, 22, 14, rgb("#5a3b28"));
  p.triangle(115, 62, 100, 73, 130, 73, rgb("#f4f8ff"));
  p.rect(110, 76, 5, 4, rgb("#ffcc66"));
  p.glow(112, 78, 14, rgb("#ffcc66"), 0.35);
  p.rect(121, 62, 3, 7, rgb("#3d2a1f"));
  for (let i = 0; i < 7; i++) p.blend(123 + i * 1.5, 58 - i * 3, rgb("#c9d3e0"), 0.5);
  return p;
}

/** Faint diagonal glare on a glass side panel. */
function glassGlare(p, x, y, w, h) {
  for (let k = 0; k < 3; k++) {
    const x0 = x + w * (0.15 + k * 0.3);
    for (let j = 0; j < h; j++) p.blend(x0 - j * 0.3, y + j, rgb("#ffffff"), 0.07);
  }
}

function setup(seed) {
  const p = new Canvas(160, 100);
  const r = random(seed);
  p.gradient(0, 70, ["#1d1b26", "#25222f"]);
  for (let x = 10; x < 160; x += 24) p.rect(x, 0, 1, 70, rgb("#2b2836"));
  p.rect(110, 8, 30, 20, rgb("#32283c"));
  p.rect(112, 10, 26, 16, rgb("#4b3a5a"));
  p.triangle(116, 24, 124, 14, 132, 24, rgb("#6e5a8a"));
  p.rect(0, 70, 160, 4, rgb("#7a5436"));
  p.rect(0, 74, 160, 26, rgb("#4e3424"));
  p.rect(0, 70, 160, 1, rgb("#9a6e48"));
  // the case
  p.rect(8, 22, 40, 48, rgb("#15151b"));
  p.rect(10, 24, 36, 44, rgb("#0c0c12"));
  fan(p, 38, 33, 5, "#ff4fd8");
  fan(p, 38, 46, 5, "#4de3ff");
  fan(p, 38, 59, 5, "#7dff6b");
  p.rect(13, 27, 16, 18, rgb("#1f3b2d"));
  fan(p, 20, 35, 5, "#ffb84d");
  p.rect(12, 48, 22, 5, rgb("#2e2e36"));
  p.rect(12, 52, 22, 1, rgb("#ff4fd8"));
  p.rect(10, 58, 24, 10, rgb("#1b1b22"));
  glassGlare(p, 10, 24, 36, 44);
  // the monitor with a game on it
  p.rect(62, 18, 78, 46, rgb("#101016"));
  p.rect(64, 20, 74, 40, rgb("#2a4f7a"));
  p.gradient(20, 44, ["#3b6fb0", "#86b8e6", "#f2c890"], 64, 138);
  const n = noise1(seed + 5);
  for (let x = 64; x < 138; x++)
    for (let y = Math.round(44 - n(x * 0.08) * 10); y < 60; y++) p.set(x, y, rgb(y > 52 ? "#3e6b2e" : "#4f8a3a"));
  p.rect(98, 46, 3, 6, rgb("#dfe6f0"));
  p.rect(97, 44, 5, 3, rgb("#c8342c"));
  p.rect(66, 22, 20, 2, rgb("#c8342c"));
  p.rect(66, 22, 14, 2, rgb("#ff4d6d"));
  p.rect(96, 64, 10, 6, rgb("#101016"));
  p.rect(88, 69, 26, 2, rgb("#101016"));
  p.glow(100, 40, 50, rgb("#86b8e6"), 0.18);
  // keyboard, mouse, mug
  p.rect(70, 78, 50, 9, rgb("#1a1a20"));
  for (let row = 0; row < 3; row++) for (let k = 0; k < 12; k++) p.rect(72 + k * 4, 79 + row * 3, 3, 2, rgb("#34343e"));
  p.rect(70, 87, 50, 1, rgb("#4de3ff"));
  p.glow(95, 88, 30, rgb("#4de3ff"), 0.2);
  p.rect(124, 78, 22, 12, rgb("#22222a"));
  p.ellipse(134, 83, 3, 4, rgb("#15151b"));
  p.rect(134, 79, 1, 3, rgb("#ff4fd8"));
  p.rect(30, 76, 10, 12, rgb("#e9e2d4"));
  p.rect(40, 79, 3, 6, rgb("#e9e2d4"));
  p.rect(31, 77, 8, 2, rgb("#4a2c1a"));
  for (let i = 0; i < 4; i++) p.blend(33 + r() * 4, 72 - i * 2, rgb("#d8d2c8"), 0.35);
  p.glow(30, 50, 40, rgb("#ff4fd8"), 0.12);
  return p;
}

function caseInside() {
  const p = new Canvas(120, 120);
  p.rect(0, 0, 120, 120, rgb("#0c0b12"));
  p.rect(6, 6, 108, 108, rgb("#16161e"));
  p.rect(12, 12, 66, 72, rgb("#1f3b2d"));
  for (let i = 0; i < 9; i++) p.line(14, 16 + i * 8, 76, 16 + i * 8, rgb("#264a37"));
  fan(p, 36, 36, 13, "#ffb84d");
  for (let k = 0; k < 4; k++) {
    p.rect(58 + k * 5, 20, 3, 32, rgb("#2a2a33"));
    p.rect(58 + k * 5, 20, 3, 3, rgb(["#ff4fd8", "#b44dff", "#4d7dff", "#4de3ff"][k]));
  }
  p.rect(12, 60, 76, 15, rgb("#2e2e36"));
  p.rect(12, 73, 76, 2, rgb("#ff4fd8"));
  fan(p, 32, 67, 6, "#4de3ff");
  fan(p, 60, 67, 6, "#4de3ff");
  p.rect(76, 64, 10, 4, rgb("#9aa3b5"));
  for (const [i, color] of ["#ff4fd8", "#7dff6b", "#4de3ff"].entries()) fan(p, 101, 24 + i * 26, 10, color);
  p.rect(12, 90, 96, 20, rgb("#1b1b22"));
  p.rect(18, 96, 30, 3, rgb("#3a3a46"));
  glassGlare(p, 6, 6, 108, 108);
  p.vignette(0.6);
  return p;
}

function cables(seed) {
  const p = new Canvas(120, 120);
  const r = random(seed);
  p.gradient(0, 120, ["#8d96a3", "#6e7783", "#59616c"]);
  for (let x = 8; x < 120; x += 14) for (let y = 6; y < 120; y += 14) p.ellipse(x, y, 2, 2, rgb("#4a515b"));
  // the motherboard's ports at the top left, the power supply at the bottom
  p.rect(8, 6, 26, 44, rgb("#2b2f36"));
  for (let i = 0; i < 6; i++) p.rect(12, 10 + i * 6, 8, 3, rgb(i % 2 ? "#3b5fb0" : "#1c1c1c"));
  p.rect(24, 12, 6, 4, rgb("#c8c0a0"));
  p.rect(4, 92, 112, 24, rgb("#1c1d22"));
  for (let y = 96; y < 112; y += 3) for (let x = 70; x < 110; x += 3) p.set(x, y, rgb("#3a3b44"));
  p.rect(10, 98, 12, 8, rgb("#2e2f36"));
  const colors = ["#1c1c1c", "#2b2b2b", "#c8342c", "#e9e2d4", "#1c1c1c", "#3b5fb0", "#1c1c1c"];
  for (let c = 0; c < 14; c++) {
    const color = rgb(colors[c % colors.length]);
    let x = 36 + r() * 76;
    let y = 4;
    const drift = (r() - 0.5) * 2;
    while (y < 92) {
      const nx = x + (r() - 0.5) * 10 + drift;
      const ny = y + 6 + r() * 6;
      p.line(x, y, nx, Math.min(ny, 92), color, 3);
      x = Math.max(36, Math.min(116, nx));
      y = ny;
    }
  }
  for (let i = 0; i < 5; i++) p.rect(50 + r() * 30, 16 + i * 16, 14, 2, rgb("#f4f4f4"));
  p.vignette(0.5);
  return p;
}

function catOnKeyboard() {
  const p = new Canvas(160, 100);
  p.gradient(0, 40, ["#2a2330", "#332a3a"]);
  p.rect(30, 0, 100, 38, rgb("#0e0e14"));
  p.rect(33, 2, 94, 33, rgb("#2b1a2e"));
  p.gradient(2, 35, ["#3a1d3a", "#6b2a3a", "#a2453a"], 33, 127);
  p.disc(80, 20, 10, rgb("#1a0f1a"));
  p.disc(76, 18, 2, rgb("#ff4d4d"));
  p.disc(84, 18, 2, rgb("#ff4d4d"));
  p.rect(40, 6, 80, 3, rgb("#3a0e12"));
  p.rect(40, 6, 9, 3, rgb("#ff2e3b"));
  p.gradient(38, 100, ["#5a4034", "#3b2a22"]);
  p.rect(14, 56, 132, 30, rgb("#1d1d23"));
  for (let row = 0; row < 5; row++) for (let k = 0; k < 21; k++) p.rect(17 + k * 6, 59 + row * 5, 5, 4, rgb("#3d3d46"));
  for (let row = 0; row < 5; row++) for (let k = 0; k < 21; k++) p.rect(17 + k * 6, 59 + row * 5, 5, 1, rgb("#55555f"));
  cat(p, 86, 66, { lying: true });
  p.ellipse(152, 74, 4, 6, rgb("#1d1d23"));
  p.rect(152, 69, 1, 3, rgb("#55555f"));
  return p;
}

function catVerdict(seed) {
  const p = new Canvas(120, 120);
  const r = random(seed);
  p.gradient(0, 120, ["#2a1f4a", "#4a2f6a", "#6a3f7a"]);
  for (let i = 0; i < 30; i++) p.set(r() * 120, r() * 120, rgb(i % 2 ? "#ffe066" : "#ff9de2"));
  p.text(Math.round((120 - Canvas.textWidth("10/10", 3)) / 2), 8, "10/10", rgb("#ffe066"), 3, rgb("#6b3b00"));
  cat(p, 60, 84, { lying: false });
  return p;
}

function map(seed, { route = false } = {}) {
  const size = 120;
  const p = new Canvas(size, size);
  const n = noise2(seed);
  const colors = {
    deep: rgb("#1f4e79"),
    shallow: rgb("#2f78a8"),
    sand: rgb("#e3cf8e"),
    grass: rgb("#7fb24d"),
    forest: rgb("#4c7f35"),
    hills: rgb("#9c8a63"),
    rock: rgb("#7a7a7a"),
    snow: rgb("#f0f0f0"),
  };
  const height = (x, y) => {
    const dx = (x - size / 2) / (size / 2);
    const dy = (y - size / 2) / (size / 2);
    return n(x / 22, y / 22) - Math.hypot(dx, dy) * 0.45 + 0.1;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const h = height(x, y);
      const d = BAYER[(y & 3) * 4 + (x & 3)] * 0.03;
      const c =
        h < 0.3 + d
          ? colors.deep
          : h < 0.36
            ? colors.shallow
            : h < 0.39
              ? colors.sand
              : h < 0.47
                ? colors.grass
                : h < 0.53
                  ? colors.forest
                  : h < 0.58
                    ? colors.hills
                    : h < 0.68
                      ? colors.rock
                      : colors.snow;
      p.set(x, y, c);
      if (c === colors.forest && (x + y * 3) % 5 === 0) p.set(x, y, rgb("#2f5a22"));
    }
  }
  const r = random(seed + 1);
  const towns = [];
  for (let tries = 0; towns.length < 4 && tries < 500; tries++) {
    const x = 16 + r() * (size - 32);
    const y = 16 + r() * (size - 32);
    const h = height(x, y);
    if (h > 0.4 && h < 0.5 && towns.every(([tx, ty]) => Math.hypot(tx - x, ty - y) > 26)) towns.push([x, y]);
  }
  if (route && towns.length >= 2) {
    for (let i = 0; i + 1 < towns.length; i++) {
      const [x0, y0] = towns[i];
      const [x1, y1] = towns[i + 1];
      const steps = Math.hypot(x1 - x0, y1 - y0);
      for (let s = 0; s < steps; s += 1)
        if (Math.floor(s / 2) % 2 === 0)
          p.set(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, rgb("#b3261e"));
    }
    const [xe, ye] = towns[towns.length - 1];
    p.line(xe - 4, ye - 4, xe + 4, ye + 4, rgb("#b3261e"), 2);
    p.line(xe - 4, ye + 4, xe + 4, ye - 4, rgb("#b3261e"), 2);
  }
  for (const [x, y] of towns.slice(0, route ? -1 : undefined)) {
    p.rect(x - 2, y - 1, 5, 3, rgb("#f4ead2"));
    p.triangle(x, y - 4, x - 3, y - 1, x + 3, y - 1, rgb("#b3452f"));
  }
  // the compass rose and a parchment frame
  const [cx, cy] = [size - 17, size - 17];
  p.disc(cx, cy, 10, rgb("#d8c08c"));
  p.disc(cx, cy, 9, rgb("#f4ead2"));
  p.triangle(cx, cy - 8, cx - 2, cy, cx + 2, cy, rgb("#b3261e"));
  p.triangle(cx, cy + 8, cx - 2, cy, cx + 2, cy, rgb("#2b1d10"));
  p.triangle(cx - 8, cy, cx, cy - 1.5, cx, cy + 1.5, rgb("#2b1d10"));
  p.triangle(cx + 8, cy, cx, cy - 1.5, cx, cy + 1.5, rgb("#2b1d10"));
  for (let i = 0; i < size; i++) {
    for (let k = 0; k < 4; k++) {
      const c = k === 0 ? rgb("#6b4a26") : rgb("#d8c08c");
      p.set(i, k, c);
      p.set(i, size - 1 - k, c);
      p.set(k, i, c);
      p.set(size - 1 - k, i, c);
    }
  }
  return p;
}

function dungeon(seed, { mimic = false, boss = false } = {}) {
  const p = new Canvas(160, 100);
  const r = random(seed);
  for (let y = 0; y < 34; y++) {
    for (let x = 0; x < 160; x++) {
      const row = Math.floor(y / 6);
      const mortar = y % 6 === 5 || (x + (row % 2) * 8) % 16 === 15;
      p.set(x, y, rgb(mortar ? "#27232f" : y % 6 === 0 ? "#5a5368" : "#4a4458"));
    }
  }
  for (let y = 34; y < 100; y++) {
    for (let x = 0; x < 160; x++) {
      const tile = (Math.floor(x / 10) + Math.floor((y - 34) / 10)) % 2;
      const mortar = x % 10 === 9 || (y - 34) % 10 === 9;
      p.set(x, y, rgb(mortar ? "#25212c" : tile ? "#3a3545" : "#332f3d"));
    }
  }
  for (let i = 0; i < 12; i++) {
    let x = r() * 160;
    let y = 36 + r() * 60;
    for (let s = 0; s < 5; s++) {
      const nx = x + (r() - 0.5) * 5;
      const ny = y + r() * 3;
      p.line(x, y, nx, ny, rgb("#221e28"));
      x = nx;
      y = ny;
    }
  }
  for (const tx of [30, 130]) {
    p.rect(tx - 1, 16, 3, 8, rgb("#4a3020"));
    p.rect(tx - 3, 15, 7, 2, rgb("#7a7a86"));
    flame(p, tx, 15, 10, 6, seed + tx);
    p.glow(tx, 14, 34, rgb("#ff9a3d"), 0.4);
  }
  if (boss) {
    p.glow(110, 50, 40, rgb("#b3261e"), 0.35);
    p.ellipse(110, 52, 22, 26, rgb("#140e18"));
    p.triangle(92, 34, 86, 12, 100, 30, rgb("#140e18"));
    p.triangle(128, 34, 134, 12, 120, 30, rgb("#140e18"));
    p.rect(101, 42, 5, 3, rgb("#ff3b2e"));
    p.rect(114, 42, 5, 3, rgb("#ff3b2e"));
    p.line(134, 66, 150, 28, rgb("#9aa3b5"), 2);
    p.rect(10, 6, 140, 4, rgb("#1a0f12"));
    p.rect(11, 7, 110, 2, rgb("#c8342c"));
  } else {
    const [x, y] = [80, 66];
    p.rect(x - 14, y - 8, 28, 14, rgb("#7a4a24"));
    p.rect(x - 14, y - 8, 28, 2, rgb("#e0b84a"));
    p.rect(x - 14, y + 4, 28, 2, rgb("#e0b84a"));
    p.rect(x - 14, y - 8, 2, 14, rgb("#e0b84a"));
    p.rect(x + 12, y - 8, 2, 14, rgb("#e0b84a"));
    if (mimic) {
      p.rect(x - 14, y - 22, 28, 12, rgb("#6a3e1e"));
      p.rect(x - 14, y - 22, 28, 2, rgb("#e0b84a"));
      p.rect(x - 12, y - 10, 24, 3, rgb("#2a0a0e"));
      for (let t = 0; t < 6; t++) {
        p.triangle(x - 12 + t * 4, y - 10, x - 10 + t * 4, y - 6, x - 8 + t * 4, y - 10, rgb("#f4f0e6"));
        p.triangle(x - 12 + t * 4, y - 7, x - 10 + t * 4, y - 11, x - 8 + t * 4, y - 7, rgb("#f4f0e6"));
      }
      p.line(x + 2, y - 8, x + 10, y + 10, rgb("#e2405a"), 3);
      p.rect(x - 8, y - 19, 3, 3, rgb("#ffe066"));
      p.rect(x + 5, y - 19, 3, 3, rgb("#ffe066"));
    } else {
      p.rect(x - 2, y - 3, 4, 4, rgb("#e0b84a"));
      p.glow(x, y - 4, 20, rgb("#ffe066"), 0.25);
    }
  }
  // a small knight
  const [kx, ky] = boss ? [52, 74] : [36, 78];
  p.rect(kx - 3, ky - 12, 7, 6, rgb("#9aa3b5"));
  p.rect(kx - 2, ky - 10, 5, 1, rgb("#1a1a22"));
  p.rect(kx - 3, ky - 6, 7, 8, rgb("#3b5fb0"));
  p.rect(kx - 3, ky + 2, 3, 4, rgb("#5a5368"));
  p.rect(kx + 1, ky + 2, 3, 4, rgb("#5a5368"));
  p.line(kx + 5, ky - 2, kx + 5, ky - 14, rgb("#dfe6f0"));
  p.rect(kx + 3, ky - 3, 5, 1, rgb("#e0b84a"));
  p.vignette(0.75);
  return p;
}

function seaAndLighthouse(seed, { snow = false } = {}) {
  const p = new Canvas(120, 160);
  const r = random(seed);
  p.gradient(0, 100, snow ? ["#2a3550", "#4a5a7a", "#7d8fae"] : ["#050a1a", "#0c1838", "#1a2d5a"]);
  p.stars(r, snow ? 0 : 70, 90);
  if (!snow) p.disc(20, 22, 6, rgb("#f3e9c6"));
  for (let y = 100; y < 160; y++) {
    for (let x = 0; x < 120; x++) {
      const wave = Math.sin(x * 0.3 + y * 0.9) > 0.85;
      p.set(x, y, rgb(wave ? (snow ? "#9fb3cf" : "#2d4f8a") : snow ? "#56698c" : "#10224a"));
    }
  }
  if (!snow) for (let y = 102; y < 160; y += 3) p.rect(17 + r() * 4, y, 4 + r() * 4, 1, rgb("#c8c0a0"));
  p.ellipse(84, 112, 34, 14, rgb("#1d1a22"));
  p.ellipse(70, 118, 26, 10, rgb("#26222c"));
  if (snow) {
    p.ellipse(84, 104, 30, 5, rgb("#f4f8ff"));
    p.ellipse(66, 110, 20, 4, rgb("#e8eef8"));
  }
  for (let y = 40; y < 62; y++) {
    const spread = (y - 40) / 22;
    for (let x = 0; x < 84; x++) {
      const t = (84 - x) / 84;
      if (Math.abs(y - (44 - 6 * t + 0.1 * x)) < 3 + spread * 18 * t)
        p.blend(x, y - 8 * t, rgb("#fff0b0"), 0.45 * (1 - t * 0.7));
    }
  }
  lighthouse(p, 88, 104, 66, { snow });
  p.glow(88, 42, 30, rgb("#ffe58a"), 0.5);
  p.rect(100, 92, 10, 8, rgb("#e9e2d4"));
  p.triangle(105, 86, 98, 92, 112, 92, rgb(snow ? "#f4f8ff" : "#b3452f"));
  p.rect(103, 95, 3, 3, rgb("#ffcc66"));
  if (snow) for (let i = 0; i < 120; i++) p.set(r() * 120, r() * 160, rgb("#ffffff"));
  return p;
}

function victory(seed) {
  const p = new Canvas(160, 100);
  const r = random(seed);
  p.rect(0, 0, 160, 100, rgb("#140f24"));
  for (let y = 0; y < 100; y++) {
    for (let x = 0; x < 160; x++) {
      const a = Math.atan2(y - 62, x - 80);
      if (Math.floor(((a + Math.PI) / (Math.PI * 2)) * 24) % 2 === 0) p.set(x, y, rgb("#1f1838"));
    }
  }
  p.glow(80, 62, 60, rgb("#ffcc33"), 0.25);
  const title = "ПОБЕДА!";
  p.text(Math.round((160 - Canvas.textWidth(title, 2)) / 2), 8, title, rgb("#ffe066"), 2, rgb("#6b3b00"));
  trophy(p, 80, 40);
  const sub = "ПОПЫТКА 48";
  p.text(Math.round((160 - Canvas.textWidth(sub)) / 2), 88, sub, rgb("#cfc6ff"));
  for (let i = 0; i < 60; i++)
    p.rect(r() * 160, r() * 100, 1 + (i % 2), 1, rgb(["#ff4d6d", "#4de3ff", "#7dff6b", "#ffe066"][i % 4]));
  return p;
}

function shooter(seed, screen) {
  const p = new Canvas(160, 100);
  const r = random(seed);
  p.rect(0, 0, 160, 100, rgb("#05060f"));
  for (let i = 0; i < 90; i++) {
    const x = r() * 160;
    const y = r() * 100;
    const layer = i % 3;
    const c = rgb(["#3a3f66", "#7b82b8", "#ffffff"][layer]);
    for (let k = 0; k <= layer; k++) p.set(x, y + k, c);
  }
  if (screen === "menu") {
    p.disc(120, 70, 26, rgb("#3b2a6a"));
    p.disc(114, 64, 22, rgb("#5a3f9a"));
    for (let a = 0; a < Math.PI * 2; a += 0.01) {
      const [x, y] = [120 + Math.cos(a) * 42, 70 + Math.sin(a) * 6];
      // The back half of the ring passes behind the planet.
      if (Math.sin(a) < 0 && Math.hypot(x - 120, y - 70) < 26) continue;
      p.set(x, y, rgb("#c7a8ff"));
      p.set(x, y + 1, rgb("#9b7ae0"));
    }
    p.text(10, 10, "ЛАПКИ", rgb("#ffe066"), 2, rgb("#b3261e"));
    p.text(10, 28, "В КОСМОСЕ", rgb("#ffe066"), 2, rgb("#b3261e"));
    for (const [i, item] of ["СТАРТ", "РЕКОРДЫ", "ВЫХОД"].entries()) {
      p.text(20, 56 + i * 12, item, rgb(i === 0 ? "#ffffff" : "#7b82b8"));
    }
    p.text(10, 56, ">", rgb("#4de3ff"));
    ship(p, 70, 86);
    return p;
  }
  if (screen === "level") {
    for (let row = 0; row < 3; row++)
      for (let k = 0; k < 8; k++) invader(p, 24 + k * 16, 20 + row * 12, ["#c77dff", "#7dff6b", "#4de3ff"][row]);
    for (let i = 0; i < 6; i++) p.rect(30 + r() * 100, 50 + r() * 30, 1, 3, rgb("#ff4d4d"));
  }
  if (screen === "boss") {
    p.glow(80, 32, 40, rgb("#ff3b2e"), 0.3);
    p.ellipse(80, 30, 36, 16, rgb("#4a2f6a"));
    p.ellipse(80, 26, 26, 10, rgb("#6b3f9a"));
    p.ellipse(80, 24, 12, 6, rgb("#4de3ff"));
    p.disc(60, 34, 3, rgb("#ff3b2e"));
    p.disc(100, 34, 3, rgb("#ff3b2e"));
    for (const dx of [-30, -15, 0, 15, 30]) p.rect(79 + dx, 44, 2, 6, rgb("#9aa3b5"));
    for (let i = 0; i < 14; i++) {
      const a = Math.PI * (0.15 + (i / 13) * 0.7);
      p.disc(80 + Math.cos(a) * (30 + i * 2), 48 + Math.sin(a) * (16 + i), 1.2, rgb("#ff9de2"));
    }
    p.rect(40, 13, 80, 3, rgb("#3a0e12"));
    p.rect(40, 13, 52, 3, rgb("#ff2e3b"));
  }
  if (screen === "win") {
    const title = "УРОВЕНЬ 2";
    p.text(Math.round((160 - Canvas.textWidth(title, 2)) / 2), 30, title, rgb("#7dff6b"), 2, rgb("#1d4a1a"));
    for (let i = 0; i < 20; i++) {
      const a = (i / 20) * Math.PI * 2;
      p.line(
        80 + Math.cos(a) * 10,
        70 + Math.sin(a) * 10,
        80 + Math.cos(a) * 16,
        70 + Math.sin(a) * 16,
        rgb("#ffe066"),
      );
    }
  }
  for (let i = 0; i < 4; i++) p.rect(78 + (i % 2) * 4, 60 - i * 9, 1, 4, rgb("#ffe066"));
  ship(p, 80, 86);
  p.text(4, 3, "ОЧКИ 004200", rgb("#ffffff"));
  hearts(p, 136, 3, 3);
  return p;
}

// ─── avatars (20 × 20) ──────────────────────────────────────────────────────────────────────────────────

function badge(bg) {
  const p = new Canvas(20, 20);
  p.gradient(0, 20, bg);
  return p;
}

const AVATARS = {
  flame: () => {
    const p = badge(["#4a1c08", "#2a0f06"]);
    p.glow(10, 14, 12, rgb("#ff8a3d"), 0.5);
    p.line(4, 18, 16, 16, rgb("#6f482a"), 2);
    p.line(4, 16, 16, 18, rgb("#5b3a22"), 2);
    flame(p, 10, 16, 14, 10, 7);
    return p;
  },
  shield: () => {
    const p = badge(["#26324a", "#141b2a"]);
    const steel = rgb("#c8ccd6");
    p.rect(4, 3, 12, 9, steel);
    p.triangle(4, 11, 16, 11, 10, 18, steel);
    p.rect(5, 4, 10, 7, rgb("#3b5fb0"));
    p.triangle(5, 10, 15, 10, 10, 16, rgb("#3b5fb0"));
    p.ellipse(10, 9, 3.5, 2, rgb("#f4f7ff"));
    p.disc(10, 9, 1.2, rgb("#141b2a"));
    return p;
  },
  fox: () => {
    const p = badge(["#2f5a44", "#1d3a2c"]);
    const fur = rgb("#f07a2a");
    p.triangle(3, 2, 3, 9, 8, 6, fur);
    p.triangle(17, 2, 17, 9, 12, 6, fur);
    p.triangle(4, 3, 4, 7, 6, 6, rgb("#3a1a0a"));
    p.triangle(16, 3, 16, 7, 14, 6, rgb("#3a1a0a"));
    p.triangle(2, 6, 18, 6, 10, 18, fur);
    p.triangle(2, 9, 9, 12, 10, 18, rgb("#fff1e0"));
    p.triangle(18, 9, 11, 12, 10, 18, rgb("#fff1e0"));
    p.rect(6, 9, 2, 2, rgb("#1a0f0a"));
    p.rect(12, 9, 2, 2, rgb("#1a0f0a"));
    p.rect(9, 16, 2, 2, rgb("#1a0f0a"));
    return p;
  },
  wolf: () => {
    const p = badge(["#4a1216", "#2a080a"]);
    p.disc(10, 10, 9, rgb("#d8dde6"));
    p.disc(10, 10, 8, rgb("#8a909a"));
    const dark = rgb("#2a2d33");
    p.triangle(4, 3, 7, 10, 9, 6, dark);
    p.triangle(16, 3, 13, 10, 11, 6, dark);
    p.triangle(5, 7, 15, 7, 10, 17, dark);
    p.rect(7, 9, 2, 1, rgb("#ff3b2e"));
    p.rect(11, 9, 2, 1, rgb("#ff3b2e"));
    p.triangle(8, 13, 12, 13, 10, 17, rgb("#f4f4f4"));
    p.rect(9, 15, 2, 1, dark);
    return p;
  },
  snowflake: () => {
    const p = badge(["#2a5a8a", "#14304f"]);
    const white = rgb("#f4f9ff");
    for (let k = 0; k < 3; k++) {
      const a = (k * Math.PI) / 3;
      const [dx, dy] = [Math.cos(a) * 8, Math.sin(a) * 8];
      p.line(10 - dx, 10 - dy, 10 + dx, 10 + dy, white);
      for (const side of [-1, 1]) {
        const [ex, ey] = [10 + side * dx * 0.6, 10 + side * dy * 0.6];
        p.line(ex, ey, ex + Math.cos(a + side * 2.4) * 3, ey + Math.sin(a + side * 2.4) * 3, white);
        p.line(ex, ey, ex + Math.cos(a - side * 2.4) * 3, ey + Math.sin(a - side * 2.4) * 3, white);
      }
    }
    p.disc(10, 10, 1.5, rgb("#9fd0ff"));
    return p;
  },
  invader: () => {
    const p = badge(["#1d2b1d", "#0e160e"]);
    const rows = [
      "..#...#..",
      "...#.#...",
      "..#####..",
      ".##.#.##.",
      "#########",
      "#.#####.#",
      "#.#...#.#",
      "...##.##.",
    ];
    p.pattern(1, 2, rows, rgb("#7dff6b"), 2);
    return p;
  },
  gamepad: () => {
    const p = badge(["#6a35a0", "#3a1a5c"]);
    const body = rgb("#ececf0");
    p.ellipse(5, 8, 4, 4, body);
    p.ellipse(15, 8, 4, 4, body);
    p.rect(5, 4, 10, 8, body);
    p.rect(3, 7, 5, 1, rgb("#2a2a33"));
    p.rect(5, 5, 1, 5, rgb("#2a2a33"));
    p.set(14, 6, rgb("#ff4d6d"));
    p.set(16, 8, rgb("#4de3ff"));
    p.set(12, 8, rgb("#7dff6b"));
    p.set(14, 10, rgb("#ffe066"));
    p.text(4, 13, "42", rgb("#ffe066"), 1);
    return p;
  },
  kitten: () => {
    const p = badge(["#5a3f7a", "#33224a"]);
    const fur = rgb("#f0a04b");
    p.triangle(3, 2, 4, 10, 9, 7, fur);
    p.triangle(17, 2, 16, 10, 11, 7, fur);
    p.ellipse(10, 12, 8, 7, fur);
    p.line(10, 5, 10, 8, rgb("#c9722a"));
    p.rect(6, 10, 2, 3, rgb("#5fbf4a"));
    p.rect(12, 10, 2, 3, rgb("#5fbf4a"));
    p.set(7, 11, rgb("#111111"));
    p.set(13, 11, rgb("#111111"));
    p.set(10, 14, rgb("#e86a7a"));
    p.ellipse(10, 16, 3, 1.5, rgb("#ffd9a3"));
    return p;
  },
  peaks: () => {
    const p = badge(["#f2a36b", "#5a3d8c"]);
    p.disc(14, 6, 2.5, rgb("#fff1b8"));
    p.triangle(-2, 18, 7, 6, 14, 18, rgb("#3b2a5a"));
    p.triangle(6, 18, 13, 9, 22, 18, rgb("#2a1f42"));
    p.triangle(7, 6, 5, 9, 9, 9, rgb("#f4f0ff"));
    p.rect(0, 17, 20, 3, rgb("#1d1530"));
    p.set(8, 16, rgb("#ffcc66"));
    return p;
  },
};

/** Avatar sizes (workers/core/shared/media.ts AVATAR_SIZES): 2, 4 and 10 times the 20 px drawing. */
export const AVATAR_VARIANTS = [40, 80, 200];

/** Renders an avatar's WebP variants, by size. */
export function renderAvatar(name) {
  const draw = AVATARS[name];
  if (!draw) throw new Error(`Нет такого демо-аватара: ${name}`);
  const canvas = draw();
  return Object.fromEntries(AVATAR_VARIANTS.map((size) => [size, webp(canvas, size / canvas.w)]));
}

export const AVATAR_NAMES = Object.keys(AVATARS);

// ─── the pictures ─────────────────────────────────────────────────────────────────────────────────────────

/** Every demo picture by name. Scenes are 160 or 120 px wide, so both sizes are whole multiples of them. */
const SCENES = {
  campfire: () => campfire(11),
  "toussaint-castle": () => ridges(21, "sunset", { castle: true }),
  "toussaint-vines": () => ridges(22, "dusk", { vines: true }),
  swamp: () => swamp(23),
  setup: () => setup(31),
  "case-inside": () => caseInside(),
  cables: () => cables(33),
  aurora: () => aurora(41),
  "cat-keyboard": () => catOnKeyboard(),
  "cat-verdict": () => catVerdict(52),
  map: () => map(61),
  "map-route": () => map(61, { route: true }),
  "dungeon-room": () => dungeon(71),
  "dungeon-mimic": () => dungeon(72, { mimic: true }),
  "dungeon-boss": () => dungeon(73, { boss: true }),
  lighthouse: () => seaAndLighthouse(81),
  "lighthouse-snow": () => seaAndLighthouse(82, { snow: true }),
  victory: () => victory(91),
  "shooter-level": () => shooter(101, "level"),
  "shooter-boss": () => shooter(102, "boss"),
  "shooter-menu": () => shooter(103, "menu"),
  "shooter-win": () => shooter(104, "win"),
};

export const PICTURE_NAMES = Object.keys(SCENES);

function webp(canvas, scale) {
  const { rgba, width, height } = canvas.upscale(scale);
  const image = new PhotonImage(rgba, width, height);
  try {
    return { body: image.get_bytes_webp(), width, height };
  } finally {
    image.free();
  }
}

/**
 * Renders a picture as an upload is stored: `large` (the largest whole multiple of the scene no wider than
 * 1600 px) and, unless `thumb` is false, `thumb` (480 px wide). Hard-edged scaling keeps pixel art crisp and
 * the lossless WebP small.
 */
export function renderPicture(name, { thumb = true } = {}) {
  const scene = SCENES[name];
  if (!scene) throw new Error(`Нет такой демо-картинки: ${name}`);
  const canvas = scene();
  if (THUMB_WIDTH % canvas.w !== 0)
    throw new Error(`Демо-картинка ${name}: ширина ${canvas.w} не делит ${THUMB_WIDTH}`);
  return {
    large: webp(canvas, Math.floor(LARGE_WIDTH / canvas.w)),
    thumb: thumb ? webp(canvas, THUMB_WIDTH / canvas.w) : null,
  };
}

/** Width and height of a picture's large variant (drawing the small scene only: cheap). */
export function pictureSize(name) {
  const canvas = SCENES[name]();
  const scale = Math.floor(LARGE_WIDTH / canvas.w);
  return { width: canvas.w * scale, height: canvas.h * scale };
}

/** The full-size picture as PNG (to look at while drawing). */
export function renderPng(name) {
  const canvas = SCENES[name]();
  const { rgba, width, height } = canvas.upscale(Math.floor(LARGE_WIDTH / canvas.w));
  const image = new PhotonImage(rgba, width, height);
  try {
    return image.get_bytes();
  } finally {
    image.free();
  }
}

/**
 * Pixel art (RGBA, `w`×`h`) scaled up with hard edges by a whole `scale` and encoded as WebP, as the site stores
 * an upload: demo covers and medals are drawn small and shown large.
 */
export function pixelArtWebp(pixels, w, h, scale) {
  const width = w * scale;
  const height = h * scale;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (Math.floor(y / scale) * w + Math.floor(x / scale)) * 4;
      out.set(pixels.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  const image = new PhotonImage(out, width, height);
  try {
    return image.get_bytes_webp();
  } finally {
    image.free();
  }
}
