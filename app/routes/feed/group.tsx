import { FeedEntryRow, OUTBOUND_REL } from "#app/components/feed-group";
import { Link } from "#app/components/link";
import { PinnedStrip } from "#app/components/pinned-strip";
import { TimeAgo } from "#app/components/time-ago";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import postsListCss from "#app/styles/pages/posts-list.css?url";
import { getGroup } from "#workers/core/feed/feed.read";
import { listPinnedPosts } from "#workers/core/posts/posts.lists";
import { pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/group";
import feedCss from "./feed.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: postsListCss },
  { rel: "stylesheet", href: feedCss },
];

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return pageMeta(args, { title: "Новость", canonical: false });
  const { group } = args.loaderData;
  return pageMeta(args, {
    title: group.headline,
    description: `${group.headline} — ${pluralize(group.sources.length, SOURCE_FORMS)} в ленте.`,
  });
};

/** Spec §2 /feed/{id}: one story with all its entries linking out; the pinned strip. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const [group, pinned] = await Promise.all([getGroup(ctx, params.id), listPinnedPosts(ctx)]).catch(loaderError);
  return { group, pinned: pinned.results };
}

const NEWS_FORMS = ["новость", "новости", "новостей"] as const;
const SOURCE_FORMS = ["источник", "источника", "источников"] as const;

export default function FeedGroupPage({ loaderData }: Route.ComponentProps) {
  const { group, pinned } = loaderData;
  // The site that told it first, and the first summary any of them gave.
  const first = group.entries[0];
  const summary = group.entries.find((e) => e.summary)?.summary;
  return (
    <main className="page page-feed page-feed-group">
      <PinnedStrip posts={pinned} />
      <nav className="feed-back">
        <Link to="/feed">← Лента</Link>
      </nav>
      <article className="card feed-story">
        {group.image_url ? (
          <img
            className="feed-story-image"
            src={group.image_url}
            alt=""
            decoding="async"
            referrerPolicy="no-referrer"
          />
        ) : null}
        <div className="feed-story-body">
          <h1 className="feed-story-title">{group.headline}</h1>
          <p className="feed-story-meta">
            <TimeAgo date={group.datetime_published} /> · {pluralize(group.entries_count, NEWS_FORMS)}
          </p>
          {summary ? <p className="feed-story-summary">{summary}</p> : null}
          {first ? (
            <a className="btn btn-primary feed-story-read" href={first.url} rel={OUTBOUND_REL} target="_blank">
              Читать на {first.source.domain}
            </a>
          ) : null}
        </div>
      </article>
      <section className="feed-story-entries" aria-labelledby="feed-sources-title">
        <h2 id="feed-sources-title" className="feed-section-title">
          Об этом пишут
        </h2>
        {group.entries.map((entry) => (
          <FeedEntryRow key={entry.id} entry={entry} />
        ))}
      </section>
    </main>
  );
}
