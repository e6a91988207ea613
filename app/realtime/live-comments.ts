import { useState } from "react";
import type { CommentView } from "#workers/core/comments/comments.serializers";
import { type RealtimeEvent, useRealtimeEvent } from "./provider";

export interface LiveComments {
  comments: CommentView[];
  count: number;
}

interface Viewer {
  id: number;
  is_mod: boolean;
}

type CommentEvent = RealtimeEvent<"comment_created" | "comment_updated" | "comment_deleted">;

function mapTree(tree: CommentView[], fn: (c: CommentView) => CommentView | null): CommentView[] {
  const out: CommentView[] = [];
  for (const comment of tree) {
    const mapped = fn(comment);
    if (!mapped) continue;
    out.push(mapped.children.length ? { ...mapped, children: mapTree(mapped.children, fn) } : mapped);
  }
  return out;
}

function contains(tree: CommentView[], id: number): boolean {
  return tree.some((c) => c.id === id || contains(c.children, id));
}

/** A deleted placeholder left without replies disappears, as on the server. */
function pruneEmptyPlaceholders(tree: CommentView[]): CommentView[] {
  return tree
    .map((c) => (c.children.length ? { ...c, children: pruneEmptyPlaceholders(c.children) } : c))
    .filter((c) => !(c.is_deleted && c.children.length === 0));
}

/**
 * Applies one comment event to the tree the page shows (spec §4 "Comment placement"): a new top-level comment
 * goes to the end at depth 1, a reply under its parent (the server already attached a reply to a depth-5
 * comment to its ancestor, so `respond_to_comment` is where it belongs). A reply whose thread is not on the
 * page (a guest sees the first threads only) is only counted. What the viewer may do with a comment that
 * arrived live is decided as the client does for its own hints: the author or a moderator.
 */
export function applyCommentEvent(state: LiveComments, event: CommentEvent, viewer: Viewer | null): LiveComments {
  if (event.type === "comment_deleted") {
    const { id, is_placeholder: placeholder } = event.obj;
    if (!contains(state.comments, id)) return state;
    const tree = mapTree(state.comments, (c) => {
      if (c.id !== id) return c;
      if (!placeholder) return null;
      return { ...c, is_deleted: true, text: "", pwnd: 0, ownd: 0, can_delete: false, can_edit: false };
    });
    return { comments: pruneEmptyPlaceholders(tree), count: Math.max(0, state.count - 1) };
  }

  const incoming = event.obj as unknown as CommentView;
  const mine = !!viewer && (viewer.is_mod || viewer.id === incoming.user.id);
  if (event.type === "comment_updated") {
    return {
      ...state,
      comments: mapTree(state.comments, (c) =>
        c.id === incoming.id ? { ...c, text: incoming.text, datetime_updated: incoming.datetime_updated ?? null } : c,
      ),
    };
  }

  if (contains(state.comments, incoming.id)) return state;
  const comment: CommentView = {
    ...incoming,
    children: [],
    ownd: 0,
    can_delete: mine,
    can_edit: mine,
  };
  const parent = incoming.respond_to_comment;
  if (parent === null) return { comments: [...state.comments, comment], count: state.count + 1 };
  if (!contains(state.comments, parent)) return { ...state, count: state.count + 1 };
  return {
    comments: mapTree(state.comments, (c) => (c.id === parent ? { ...c, children: [...c.children, comment] } : c)),
    count: state.count + 1,
  };
}

/**
 * The post page's comments and count, kept live by the channel. Fresh loader data (after the member's own
 * action, a re-sync or a navigation) replaces the live copy.
 */
export function useLiveComments(
  slug: string,
  comments: CommentView[],
  count: number,
  viewer: Viewer | null,
): LiveComments {
  const [state, setState] = useState({ source: comments, sourceCount: count, live: { comments, count } });
  let current = state;
  if (state.source !== comments || state.sourceCount !== count) {
    current = { source: comments, sourceCount: count, live: { comments, count } };
    setState(current);
  }
  useRealtimeEvent(["comment_created", "comment_updated", "comment_deleted"], (event) => {
    if (event.obj.post_slug !== slug) return;
    setState((s) => ({ ...s, live: applyCommentEvent(s.live, event, viewer) }));
  });
  return current.live;
}
