import { useState } from "react";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { useRealtimeEvent } from "./provider";

interface Viewer {
  id: number;
  is_mod: boolean;
}

/** Spec §5: the author may edit within an hour of creation while is_one_hour_edit_enabled is on. */
export const SHOUT_EDIT_WINDOW_MS = 60 * 60 * 1000;

export interface ShoutViewerContext {
  viewer: Viewer | null;
  /** config.is_one_hour_edit_enabled */
  oneHourEdit: boolean;
}

function isShout(value: unknown): value is ShoutView {
  const v = value as Partial<ShoutView> | null;
  return !!v && typeof v.id === "number" && typeof v.headline === "string" && !!v.user && Array.isArray(v.images);
}

/**
 * A shout that arrived through the channel carries neutral viewer fields (the same object goes to everyone):
 * what this viewer may do is worked out as the client's own hints — the author or a moderator (edit: the author
 * only within the hour when the site says so) — unless the page already had the server's answer for it (an
 * update); the viewer's own paw and bookmark are kept from the copy on the page.
 */
export function shoutForViewer(
  incoming: ShoutView,
  { viewer, oneHourEdit }: ShoutViewerContext,
  previous?: ShoutView,
): ShoutView {
  const own = !!viewer && viewer.id === incoming.user.id;
  const mod = !!viewer?.is_mod;
  const fresh = Date.now() - Date.parse(incoming.datetime) < SHOUT_EDIT_WINDOW_MS;
  return {
    ...previous,
    ...incoming,
    ownd: previous?.ownd ?? 0,
    is_bookmarked: previous?.is_bookmarked ?? false,
    can_edit: previous?.can_edit ?? (mod || (own && (!oneHourEdit || fresh))),
    can_delete: previous?.can_delete ?? (own || mod),
    can_moderate: previous?.can_moderate ?? mod,
  };
}

/**
 * A list of shouts kept live (spec §4): shout_created puts the new shout on top (only where `prepend` — the
 * bonfire's «Новое», first page), shout_updated replaces it in place, shout_deleted takes it out, shouts_hidden
 * takes out a member's shouts. Fresh loader
 * data replaces the live copy; `append` adds a loaded page (duplicates skipped).
 */
export function useLiveShoutList(
  shouts: ShoutView[],
  options: ShoutViewerContext & { prepend: boolean },
): [ShoutView[], (more: ShoutView[]) => void] {
  const [state, setState] = useState({ source: shouts, items: shouts });
  let current = state;
  if (state.source !== shouts) {
    current = { source: shouts, items: shouts };
    setState(current);
  }

  useRealtimeEvent(["shout_created", "shout_updated", "shout_deleted", "shouts_hidden"], (event) => {
    if (event.type === "shouts_hidden") {
      // Only guests are told: this member's shouts are members-only now (the provider re-reads the page too).
      const { user_id } = event.obj;
      setState((s) => ({ ...s, items: s.items.filter((item) => item.user.id !== user_id) }));
      return;
    }
    const id = event.obj.id;
    if (event.type === "shout_deleted") {
      setState((s) => ({ ...s, items: s.items.filter((item) => item.id !== id) }));
      return;
    }
    const incoming = event.obj as unknown;
    if (event.type === "shout_updated") {
      setState((s) => ({
        ...s,
        items: s.items.map((item) =>
          item.id === id ? shoutForViewer({ ...item, ...(incoming as Partial<ShoutView>) }, options, item) : item,
        ),
      }));
      return;
    }
    if (!options.prepend || !isShout(incoming)) return;
    setState((s) =>
      s.items.some((item) => item.id === id) ? s : { ...s, items: [shoutForViewer(incoming, options), ...s.items] },
    );
  });

  const append = (more: ShoutView[]) =>
    setState((s) => {
      const seen = new Set(s.items.map((item) => item.id));
      return { ...s, items: [...s.items, ...more.filter((item) => !seen.has(item.id))] };
    });
  return [current.items, append];
}

/**
 * The open shout kept live: shout_updated replaces it; shout_deleted calls `onDeleted` (the page leaves for the
 * bonfire with the notice 'Открытая записка была удалена').
 */
export function useLiveShout(shout: ShoutView, options: ShoutViewerContext & { onDeleted: () => void }): ShoutView {
  const [state, setState] = useState({ source: shout, live: shout });
  let current = state;
  if (state.source !== shout) {
    current = { source: shout, live: shout };
    setState(current);
  }
  useRealtimeEvent(["shout_updated", "shout_deleted"], (event) => {
    if (event.obj.id !== shout.id) return;
    if (event.type === "shout_deleted") {
      options.onDeleted();
      return;
    }
    const incoming = event.obj as Partial<ShoutView>;
    setState((s) => ({ ...s, live: shoutForViewer({ ...s.live, ...incoming }, options, s.live) }));
  });
  return current.live;
}
