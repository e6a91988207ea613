import { useRef } from "react";
import { Avatar, useMarkupPresence } from "#app/components/avatar";
import { CommentResult } from "#app/components/comment-result";
import { Link } from "#app/components/link";
import { MarkedText } from "#app/components/marked-text";
import { PostCard } from "#app/components/post-card";
import { SearchBox } from "#app/components/search-box";
import { SHOUT_FORMS, ShoutCard } from "#app/components/shout-card";
import { getCtx } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { SEARCH_EMPTY, SEARCH_TYPES } from "#app/lib/search";
import { useSidecar } from "#app/lib/sidecar";
import { sidecar } from "#app/lib/sidecar.server";
import commentsCss from "#app/styles/pages/comments.css?url";
import searchCss from "#app/styles/search.css?url";
import type { PublicUser } from "#workers/core/accounts/accounts.serializers";
import type { UserCommentView } from "#workers/core/comments/comments.serializers";
import { AppError } from "#workers/core/errors";
import type { FeedGroupView } from "#workers/core/feed/feed.read";
import type { PostCard as PostCardData } from "#workers/core/posts/posts.serializers";
import type { Highlight } from "#workers/core/search/highlight";
import { search } from "#workers/core/search/search";
import { pluralize } from "#workers/core/shared/plural";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import type { Tag } from "#workers/core/tags/tags";
import { SHOUT_STYLES } from "../bonfire/styles";
import type { Route } from "./+types/index";

const POST_FORMS = ["статья", "статьи", "статей"] as const;

export const links: Route.LinksFunction = () => [
  ...SHOUT_STYLES,
  { rel: "stylesheet", href: commentsCss },
  { rel: "stylesheet", href: searchCss },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.q ? `Поиск: ${args.loaderData.q}` : "Поиск",
    description: "Поиск по статьям, запискам, комментариям, тегам и участникам.",
    noindex: true,
  });

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const input = {
    type: url.searchParams.get("type") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
    verbatim: url.searchParams.get("verbatim") ?? undefined,
  };
  const ctx = getCtx(context);
  try {
    const found = await search(ctx, input);
    // The results (cards, shouts, comments with their marks) beside the hydration data (app/lib/sidecar.tsx).
    return { ...found, results: sidecar(ctx, "results", found.results), error: null as string | null };
  } catch (error) {
    if (error instanceof AppError)
      return {
        type: "post" as const,
        q: input.q ?? "",
        corrected: null as string | null,
        results: [] as unknown[],
        error: error.message,
      };
    throw error;
  }
}

/** The search page the header box submits to (spec §2 search types; §8 empty text). */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { type, q, corrected, error } = loaderData;
  const { value: results, script } = useSidecar<unknown[]>(loaderData.results);
  const typeTitle = SEARCH_TYPES.find((t) => t.value === type)?.title ?? "";
  return (
    <main className="page page-search">
      <header className="page-header">
        <h1 className="page-title">Поиск</h1>
      </header>
      <SearchBox className="search-box-page" label="Уточнить поиск" />
      {error ? (
        <p className="form-errors" role="alert">
          {error}
        </p>
      ) : !q ? (
        <p className="empty muted">Введите запрос и выберите, где искать.</p>
      ) : results.length === 0 ? (
        <div className="card empty">
          <p>{SEARCH_EMPTY}</p>
        </div>
      ) : (
        <section className="search-found" aria-label={`Найдено: ${typeTitle}`}>
          {corrected ? (
            <p className="search-corrected" role="status">
              Показаны результаты по запросу «<strong>{corrected}</strong>».{" "}
              <Link to={`/search?type=${type}&q=${encodeURIComponent(q)}&verbatim=1`}>Искать «{q}»</Link>
            </p>
          ) : null}
          <Results type={type} results={results} />
        </section>
      )}
      {script}
    </main>
  );
}

/** A search result with what matched in it (workers/core/search/highlight.ts). */
type Found<T> = T & { highlight?: Highlight };

/** Where a post's text matched: a fragment around the words, marked (the card shows title and headline). */
function Fragment({ highlight }: { highlight?: Highlight }) {
  if (!highlight?.text) return null;
  return (
    <p className="search-fragment">
      <MarkedText marked={highlight.text} />
    </p>
  );
}

/** Posts found: their cards, each with the fragment where its text matched; the authors' online dots for the list. */
function PostResults({ posts }: { posts: Found<PostCardData>[] }) {
  const list = useRef<HTMLDivElement>(null);
  useMarkupPresence(list, posts);
  return (
    <div className="post-list" ref={list}>
      {posts.map((post) => (
        <div key={post.id} className="search-result-post">
          <PostCard post={post} />
          <Fragment highlight={post.highlight} />
        </div>
      ))}
    </div>
  );
}

/** The results of one type, each in the form its own pages show it, with what matched marked. */
function Results({ type, results }: { type: string; results: unknown[] }) {
  switch (type) {
    case "post":
      return <PostResults posts={results as Found<PostCardData>[]} />;
    case "shout":
      return (
        <div className="shout-list">
          {(results as ShoutView[]).map((shout) => (
            <ShoutCard key={shout.id} shout={shout} />
          ))}
        </div>
      );
    case "comment":
      return (
        <ul className="user-comment-list">
          {(results as Found<UserCommentView>[]).map((comment) => (
            <CommentResult key={comment.id} comment={comment} showAuthor>
              {comment.highlight?.text ? <MarkedText marked={comment.highlight.text} /> : null}
            </CommentResult>
          ))}
        </ul>
      );
    case "tag":
      return (
        <ul className="card search-results">
          {(results as Tag[]).map((tag) => (
            <li key={tag.slug} className="search-result search-result-tag">
              <Link className="tag-chip" to={`/tags/${encodeURIComponent(tag.slug)}`}>
                #{tag.name}
              </Link>
              <span className="muted">
                {pluralize(tag.posts_count, POST_FORMS)}, {pluralize(tag.shouts_count, SHOUT_FORMS)}
              </span>
            </li>
          ))}
        </ul>
      );
    case "news":
      return (
        <ul className="card search-results">
          {(results as FeedGroupView[]).map((group) => (
            <li key={group.id} className="search-result search-result-news">
              <Link to={group.url}>{group.headline}</Link>
              <span className="muted">{group.sources.map((s) => s.name).join(", ")}</span>
            </li>
          ))}
        </ul>
      );
    default:
      return (
        <ul className="card search-results">
          {(results as PublicUser[]).map((user) => (
            <li key={user.id} className="search-result">
              <Link to={`/users/${user.id}`} className="search-result-user">
                <Avatar user={user} size={40} decorative />
                <span>{user.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      );
  }
}
