import { draw_text_with_color, PhotonImage, Rgba } from "@cf-wasm/photon/workerd";
import { pluralize } from "#workers/core/shared/plural";
import { CARD_HEIGHT, CARD_WIDTH } from "./recap.constants";
import type { SharedRecap } from "./recap.shares";

/**
 * The shared recap's card (OpenGraph image, 1200×630 PNG): drawn on the server with photon — already in the
 * Worker for uploads — whose built-in Roboto has Cyrillic. It shows the member's name, the year and only the
 * parts they chose to share (the same `recap` the shared page shows).
 */

/** The card's lines, from the shared parts only. */
export function cardLines(shared: SharedRecap): string[] {
  const { recap } = shared;
  const lines: string[] = [];
  if (recap.counts) {
    lines.push(
      `${pluralize(recap.counts.posts, ["статья", "статьи", "статей"])}, ${pluralize(recap.counts.shouts, ["записка", "записки", "записок"])}`,
      pluralize(recap.counts.comments, ["комментарий", "комментария", "комментариев"]),
    );
  }
  if (recap.paws) lines.push(`${pluralize(recap.paws.received, ["лапка", "лапки", "лапок"])} получено`);
  if (recap.best_post) lines.push(`Лучшая статья: ${clip(recap.best_post.title, 40)}`);
  if (recap.favourite_tags?.length)
    lines.push(
      recap.favourite_tags
        .slice(0, 3)
        .map((tag) => `#${tag.name}`)
        .join("  "),
    );
  if (recap.rhythm?.most_active_month) lines.push(`Самый активный месяц — ${recap.rhythm.most_active_month.name}`);
  if (recap.rhythm?.longest_streak) {
    lines.push(`Серия: ${pluralize(recap.rhythm.longest_streak.days, ["день", "дня", "дней"])} подряд`);
  }
  if (recap.talked_with?.length) {
    lines.push(
      `Общались: ${recap.talked_with
        .slice(0, 3)
        .map((item) => item.user.username)
        .join(", ")}`,
    );
  }
  return lines.slice(0, 6);
}

function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** A dark diagonal gradient in the site's colours (darkorange), as raw RGBA. */
function background(): Uint8Array {
  const pixels = new Uint8Array(CARD_WIDTH * CARD_HEIGHT * 4);
  for (let y = 0; y < CARD_HEIGHT; y++) {
    for (let x = 0; x < CARD_WIDTH; x++) {
      const t = (x / CARD_WIDTH) * 0.6 + (y / CARD_HEIGHT) * 0.4;
      const i = (y * CARD_WIDTH + x) * 4;
      pixels[i] = Math.round(58 - 38 * t);
      pixels[i + 1] = Math.round(30 - 10 * t);
      pixels[i + 2] = Math.round(14 + 8 * t);
      pixels[i + 3] = 255;
    }
  }
  // The accent bar on the left.
  for (let y = 0; y < CARD_HEIGHT; y++) {
    for (let x = 0; x < 16; x++) {
      const i = (y * CARD_WIDTH + x) * 4;
      pixels[i] = 240;
      pixels[i + 1] = 122;
      pixels[i + 2] = 28;
    }
  }
  return pixels;
}

export function recapCardPng(shared: SharedRecap, siteName: string): Uint8Array {
  const image = new PhotonImage(background(), CARD_WIDTH, CARD_HEIGHT);
  // draw_text_with_color takes its colour over (the Rust side frees it): a new one for every line.
  const orange = () => new Rgba(255, 154, 77, 255);
  const white = () => new Rgba(236, 235, 232, 255);
  const muted = () => new Rgba(190, 186, 180, 255);
  try {
    draw_text_with_color(image, `Итоги ${shared.year} года`, 72, 60, 64, orange());
    draw_text_with_color(image, clip(shared.user.username, 32), 72, 150, 56, white());
    cardLines(shared).forEach((line, i) => {
      draw_text_with_color(image, line, 72, 250 + i * 52, 38, white());
    });
    draw_text_with_color(image, siteName, 72, CARD_HEIGHT - 70, 32, muted());
    return image.get_bytes();
  } finally {
    image.free();
  }
}
