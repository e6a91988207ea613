// The benchmark dataset: its size, where it lives, and the fixed member, session and hot post the bench uses.
// It lives in its own local state (never the developer's .wrangler/state), marked by MARKER_FILE.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { root } from "../lib.mjs";

export const STATE_DIR = path.join(root, ".wrangler", "bench-state");
/** Written by bench:seed when the dataset is complete; bench refuses to run without it. */
export const MARKER_FILE = "kostyor-bench-dataset.json";

export const SIZE = {
  users: 10_000,
  posts: 100_000,
  comments: 1_000_000,
  hotComments: 1_000,
  /** The discussion of ordinary length the peer comparison uses (one with 100 replies). */
  mediumComments: 100,
  tags: 500,
  shouts: 200_000,
  /** Games of the release calendar, one release each, spread over the year before and the year after the seed. */
  games: 5_000,
};

/** The one member with a real password and a live session (Cookie: sessionid=TOKEN). */
export const MEMBER = {
  id: 1,
  username: "Бенчмарк",
  email: "bench@bench.local",
  password: "bench-member-2026",
  token: "bench-member-session-token-not-a-secret-0001",
};

/** The post with exactly SIZE.hotComments comments (published ~8 hours before the seed). */
export const HOT_POST_ID = 99_951;
/** The post with exactly SIZE.mediumComments comments (published ~8 hours 20 minutes before the seed). */
export const MEDIUM_POST_ID = 99_949;
export const postSlug = (id) => `bench-${id}`;

export function readMarker(dir = STATE_DIR) {
  const file = path.join(dir, MARKER_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}
