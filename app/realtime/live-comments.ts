import { useState } from "react";
import type { CommentView } from "#workers/core/comments/comments.serializers";
import type { ShoutCommentView } from "#workers/core/shouts/shouts.serializers";
import { type RealtimeEvent, useRealtimeEvent } from "./provider";

/** What the live tree needs of a comment: a post comment (CommentView) and a shout comment both fit. */
export interface LiveComment {
  id: number;
  depth: number;
  respond_to_comment: number | null;
  children: LiveComment[];
  user: { id: number };
  text: string;
  datetime_updated: string | null;
  pwnd: number;
  ownd: 1 | -1 | 0;
  can_delete: boolean;
  can_edit: boolean;
  is_deleted: boolean;
}

export interface LiveComments<C extends LiveComment = CommentView> {
  comments: C[];
  count: number;
}

interface Viewer {
  id: number;
  is_mod: boolean;
}

/** One change to a comment tree, whichever channel event (comment_* or shout_comment_*) it came from. */
export type CommentChange<C extends LiveComment> =
  | { type: "created"; comment: C }
  | { type: "updated"; comment: C }
  /** `placeholder`: the comment stays as "Комментарий удалён" because it has replies; null when unknown. */
  | { type: "deleted"; id: number; placeholder: boolean | null; count?: number };

function mapTree<C extends LiveComment>(tree: C[], fn: (c: C) => C | null): C[] {
  const out: C[] = [];
  for (const comment of tree) {
    const mapped = fn(comment);
    if (!mapped) continue;
    out.push(mapped.children.length ? { ...mapped, children: mapTree(mapped.children as C[], fn) } : mapped);
  }
  return out;
}

function find<C extends LiveComment>(tree: C[], id: number): C | null {
  for (const c of tree) {
    if (c.id === id) return c;
    const inner = find(c.children as C[], id);
    if (inner) return inner;
  }
  return null;
}

/** A deleted placeholder left without replies disappears, as on the server. */
function pruneEmptyPlaceholders<C extends LiveComment>(tree: C[]): C[] {
  return tree
    .map((c) => (c.children.length ? { ...c, children: pruneEmptyPlaceholders(c.children as C[]) } : c))
    .filter((c) => !(c.is_deleted && c.children.length === 0));
}

/**
 * Applies one change to the tree the page shows (spec §4 "Comment placement"): a new top-level comment goes to
 * the end at depth 1, a reply under its parent (the server already attached a reply to a depth-5 comment to its
 * ancestor, so `respond_to_comment` is where it belongs). A comment already in the tree is a duplicate and is
 * ignored. A reply whose thread is not on the page (a guest sees the first threads only) is only counted. What
 * the viewer may do with a comment that arrived live is decided as the client does for its own hints: the
 * author or a moderator.
 */
export function applyCommentChange<C extends LiveComment>(
  state: LiveComments<C>,
  change: CommentChange<C>,
  viewer: Viewer | null,
): LiveComments<C> {
  if (change.type === "deleted") {
    const target = find(state.comments, change.id);
    if (!target) return state;
    const placeholder = change.placeholder ?? target.children.length > 0;
    const tree = mapTree(state.comments, (c) => {
      if (c.id !== change.id) return c;
      if (!placeholder) return null;
      return { ...c, is_deleted: true, text: "", pwnd: 0, ownd: 0, can_delete: false, can_edit: false };
    });
    return {
      comments: pruneEmptyPlaceholders(tree),
      count: change.count ?? Math.max(0, state.count - 1),
    };
  }

  const incoming = change.comment;
  if (change.type === "updated") {
    return {
      ...state,
      comments: mapTree(state.comments, (c) =>
        c.id === incoming.id ? { ...c, text: incoming.text, datetime_updated: incoming.datetime_updated ?? null } : c,
      ),
    };
  }

  if (find(state.comments, incoming.id)) return state;
  const mine = !!viewer && (viewer.is_mod || viewer.id === incoming.user.id);
  const comment: C = { ...incoming, children: [], ownd: 0, can_delete: mine, can_edit: mine };
  const parent = incoming.respond_to_comment;
  if (parent === null) return { comments: [...state.comments, comment], count: state.count + 1 };
  if (!find(state.comments, parent)) return { ...state, count: state.count + 1 };
  return {
    comments: mapTree(state.comments, (c) => (c.id === parent ? { ...c, children: [...c.children, comment] } : c)),
    count: state.count + 1,
  };
}

type PostCommentEvent = RealtimeEvent<"comment_created" | "comment_updated" | "comment_deleted">;

/** The post page's reducer (kept under its old name for callers and tests). */
export function applyCommentEvent(
  state: LiveComments<CommentView>,
  event: PostCommentEvent,
  viewer: Viewer | null,
): LiveComments<CommentView> {
  if (event.type === "comment_deleted") {
    return applyCommentChange(
      state,
      { type: "deleted", id: event.obj.id, placeholder: event.obj.is_placeholder },
      viewer,
    );
  }
  const comment = event.obj as unknown as CommentView;
  return applyCommentChange(state, { type: event.type === "comment_created" ? "created" : "updated", comment }, viewer);
}

/**
 * The tree and count kept live, for any source: fresh loader data (after the member's own action, a re-sync or a
 * navigation) replaces the live copy; `apply` feeds changes in.
 */
function useLiveTree<C extends LiveComment>(comments: C[], count: number) {
  const [state, setState] = useState({ source: comments, sourceCount: count, live: { comments, count } });
  let current = state;
  if (state.source !== comments || state.sourceCount !== count) {
    current = { source: comments, sourceCount: count, live: { comments, count } };
    setState(current);
  }
  const update = (fn: (live: LiveComments<C>) => LiveComments<C>) => setState((s) => ({ ...s, live: fn(s.live) }));
  return [current.live, update] as const;
}

/** The post page's comments and count, kept live by the channel (comment_* events for this post). */
export function useLiveComments(
  slug: string,
  comments: CommentView[],
  count: number,
  viewer: Viewer | null,
): LiveComments<CommentView> {
  const [live, update] = useLiveTree(comments, count);
  useRealtimeEvent(["comment_created", "comment_updated", "comment_deleted"], (event) => {
    if (event.obj.post_slug !== slug) return;
    update((s) => applyCommentEvent(s, event, viewer));
  });
  return live;
}

function optionalBoolean(value: unknown): boolean | null {
  return typeof value === "boolean" ? value : null;
}

/**
 * The shout page's comments and count, kept live by the channel (shout_comment_* events for this shout; the
 * channel sends them to the sockets looking at /bonfire/{id}). Duplicates (the same comment twice) are ignored.
 */
export function useLiveShoutComments(
  shoutId: number,
  comments: ShoutCommentView[],
  count: number,
  viewer: Viewer | null,
): LiveComments<ShoutCommentView> {
  const [live, update] = useLiveTree(comments, count);
  useRealtimeEvent(["shout_comment_created", "shout_comment_updated", "shout_comment_deleted"], (event) => {
    if (event.obj.shout !== shoutId) return;
    const obj = event.obj as Record<string, unknown>;
    if (event.type === "shout_comment_deleted") {
      // The deleted event says whether a placeholder stays (`is_placeholder`, or `is_removed` for a full removal).
      const removed = optionalBoolean(obj.is_removed);
      const placeholder = optionalBoolean(obj.is_placeholder) ?? (removed === null ? null : !removed);
      const total = typeof obj.comments_count === "number" ? obj.comments_count : undefined;
      update((s) => applyCommentChange(s, { type: "deleted", id: event.obj.id, placeholder, count: total }, viewer));
      return;
    }
    const comment = event.obj as unknown as ShoutCommentView;
    const type = event.type === "shout_comment_created" ? "created" : "updated";
    update((s) => applyCommentChange(s, { type, comment }, viewer));
  });
  return live;
}
