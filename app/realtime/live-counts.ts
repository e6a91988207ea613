import { useState } from "react";
import { useRealtimeEvent } from "./provider";

/** Whose comments a card counts: a post (by slug, as comment events name it) or a shout. */
export type CountedOwner = { kind: "post"; slug: string } | { kind: "shout"; id: number };

/**
 * A card's comment count kept live on the lists: comment events also reach `/` and `/bonfire` (the server
 * publishes them to those routes too). One up for each new comment, one down for each deletion (a placeholder
 * left for its replies counts as deleted, as on the server). Fresh loader data starts it over. `enabled` is off
 * where the page counts its own live tree (a shout's own page).
 */
export function useLiveCommentCount(owner: CountedOwner, count: number, enabled = true): number {
  const [state, setState] = useState({ source: count, delta: 0 });
  const delta = state.source === count ? state.delta : 0;
  const step = (by: number) => setState((s) => ({ source: count, delta: (s.source === count ? s.delta : 0) + by }));
  // One subscription for both kinds of owner (each is an effect mounted on every card at hydration).
  useRealtimeEvent(
    ["comment_created", "comment_deleted", "shout_comment_created", "shout_comment_deleted"],
    (event) => {
      if (!enabled) return;
      if (event.type === "comment_created" || event.type === "comment_deleted") {
        if (owner.kind === "post" && event.obj.post_slug === owner.slug)
          step(event.type === "comment_created" ? 1 : -1);
      } else if (owner.kind === "shout" && event.obj.shout === owner.id) {
        step(event.type === "shout_comment_created" ? 1 : -1);
      }
    },
  );
  return Math.max(0, count + delta);
}
