import { useEffect, useState } from "react";
import { Link } from "#app/components/link";
import {
  SEARCH_CORRECTED_HEADER,
  SEARCH_DEBOUNCE_MS,
  SEARCH_EMPTY,
  type SearchType,
  searchMinLength,
} from "#app/lib/search";
import "#app/styles/search.css";
import type { PublicUser } from "#workers/core/accounts/accounts.serializers";
import type { UserCommentView } from "#workers/core/comments/comments.serializers";
import type { FeedGroupView } from "#workers/core/feed/feed.read";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import type { Highlight } from "#workers/core/search/highlight";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import type { Tag } from "#workers/core/tags/tags";
import { Avatar } from "./avatar";
import { MarkedText } from "./marked-text";

/** How many results the panel lists; the search page has them all. */
const PANEL_LIMIT = 8;

type State =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "results"; type: SearchType; results: unknown[]; corrected: string | null }
  | { kind: "empty" }
  | { kind: "failed"; detail: string };

function excerpt(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** What matched in a result (posts, shouts, comments; workers/core/search/highlight.ts). */
function matched(item: unknown): Highlight | undefined {
  return (item as { highlight?: Highlight }).highlight;
}

/** One result as a line of the panel: a link to the item, the words that matched marked. */
function ResultLink({ type, item }: { type: SearchType; item: unknown }) {
  const highlight = matched(item);
  switch (type) {
    case "post": {
      const post = item as PostCard;
      return (
        <Link to={`/posts/${encodeURIComponent(post.slug)}`} className="search-panel-item">
          <span className="search-panel-title">
            {highlight?.title ? <MarkedText marked={highlight.title} /> : post.title || "Без заголовка"}
          </span>
          <span className="search-panel-meta">{post.user.username}</span>
        </Link>
      );
    }
    case "shout": {
      const shout = item as ShoutView;
      return (
        <Link to={`/bonfire/${shout.id}`} className="search-panel-item">
          <span className="search-panel-title">
            {highlight?.text ? <MarkedText marked={highlight.text} /> : excerpt(shout.headline) || "Записка"}
          </span>
          <span className="search-panel-meta">{shout.user.username}</span>
        </Link>
      );
    }
    case "comment": {
      const comment = item as UserCommentView;
      return (
        <Link to={`${comment.url}#comment-${comment.id}`} className="search-panel-item">
          <span className="search-panel-title">
            {highlight?.text ? <MarkedText marked={highlight.text} /> : excerpt(comment.text)}
          </span>
          <span className="search-panel-meta">
            {comment.user.username} · к статье «{comment.headline || "Без заголовка"}»
          </span>
        </Link>
      );
    }
    case "tag": {
      const tag = item as Tag;
      return (
        <Link to={`/tags/${encodeURIComponent(tag.slug)}`} className="search-panel-item">
          <span className="search-panel-title">#{tag.name}</span>
        </Link>
      );
    }
    case "news": {
      const group = item as FeedGroupView;
      return (
        <Link to={group.url} className="search-panel-item">
          <span className="search-panel-title">{group.headline}</span>
          <span className="search-panel-meta">{group.sources.map((s) => s.name).join(", ")}</span>
        </Link>
      );
    }
    default: {
      const user = item as PublicUser;
      return (
        <Link to={`/users/${user.id}`} className="search-panel-item search-panel-user">
          <Avatar user={user} size={20} decorative />
          <span className="search-panel-title">{user.username}</span>
        </Link>
      );
    }
  }
}

/**
 * The search box's live results (spec §4 Search): idle until the query is long enough for its type, then
 * searching (SEARCH_DEBOUNCE_MS after the last keystroke; a newer query cancels the request of the older one),
 * then the results or the empty text. Loaded with the box's first focus; the box closes it.
 */
export default function SearchPanel({ type, q }: { type: SearchType; q: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const query = q.trim();

  useEffect(() => {
    if (query.length < searchMinLength(type)) {
      setState({ kind: "idle" });
      return;
    }
    const request = new AbortController();
    const timer = setTimeout(async () => {
      setState({ kind: "searching" });
      try {
        const res = await fetch(`/api/v1/search?type=${type}&q=${encodeURIComponent(query)}`, {
          signal: request.signal,
          headers: { Accept: "application/json" },
        });
        const body = (await res.json()) as unknown;
        if (!res.ok) {
          setState({ kind: "failed", detail: (body as { detail?: string }).detail ?? "Не удалось выполнить поиск." });
        } else {
          const results = body as unknown[];
          const corrected = res.headers.get(SEARCH_CORRECTED_HEADER);
          setState(
            results.length
              ? { kind: "results", type, results, corrected: corrected ? decodeURIComponent(corrected) : null }
              : { kind: "empty" },
          );
        }
      } catch {
        if (!request.signal.aborted) setState({ kind: "failed", detail: "Не удалось выполнить поиск." });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      request.abort();
    };
  }, [type, query]);

  if (state.kind === "idle") return null;
  return (
    <section className="search-panel" aria-label="Результаты поиска" aria-busy={state.kind === "searching"}>
      {state.kind === "searching" ? (
        <p className="search-panel-note muted">Ищем…</p>
      ) : state.kind === "empty" ? (
        <p className="search-panel-note">{SEARCH_EMPTY}</p>
      ) : state.kind === "failed" ? (
        <p className="search-panel-note form-errors">{state.detail}</p>
      ) : (
        <>
          {state.corrected ? (
            <p className="search-corrected" role="status">
              Показаны результаты по запросу «<strong>{state.corrected}</strong>».{" "}
              <Link to={`/search?type=${state.type}&q=${encodeURIComponent(query)}&verbatim=1`}>Искать «{query}»</Link>
            </p>
          ) : null}
          <ul className="search-panel-list">
            {state.results.slice(0, PANEL_LIMIT).map((item) => (
              <li key={(item as { id?: number; slug?: string }).id ?? (item as { slug: string }).slug}>
                <ResultLink type={state.type} item={item} />
              </li>
            ))}
          </ul>
          <Link className="search-panel-all" to={`/search?type=${state.type}&q=${encodeURIComponent(query)}`}>
            Все результаты
          </Link>
        </>
      )}
    </section>
  );
}
