import { Avatar } from "#app/components/avatar";
import { Link } from "#app/components/link";
import type { MemberRecap, RecapPostRef, SiteRecap } from "#workers/core/recap/recap";
import { pluralize } from "#workers/core/shared/plural";

/** The yearly recap's building blocks, shared by /year and a shared recap's page. */

const FORMS = {
  post: ["статья", "статьи", "статей"],
  shout: ["записка", "записки", "записок"],
  comment: ["комментарий", "комментария", "комментариев"],
  paw: ["лапка", "лапки", "лапок"],
  member: ["новый участник", "новых участника", "новых участников"],
  day: ["день", "дня", "дней"],
  time: ["раз", "раза", "раз"],
  action: ["запись", "записи", "записей"],
} as const;

/** «1 234»: made once (`toLocaleString` builds a formatter on every call). */
const NUMBER = new Intl.NumberFormat("ru-RU");

/** «12 статей»: the number big, its word beside it. */
export function Figure({ n, forms }: { n: number; forms: keyof typeof FORMS }) {
  const [, word] = /^\S+\s(.*)$/.exec(pluralize(n, FORMS[forms])) ?? [];
  return (
    <li className="recap-figure">
      <span className="recap-figure-number">{NUMBER.format(n)}</span>
      <span className="recap-figure-word">{word}</span>
    </li>
  );
}

function PostLine({ post, extra }: { post: RecapPostRef; extra?: string }) {
  return (
    <li className="recap-item">
      <Link to={post.url}>{post.title || "Без названия"}</Link>
      <span className="recap-item-meta">
        {post.user.username} · {pluralize(post.pwnd, FORMS.paw)}
        {extra ? ` · ${extra}` : ""}
      </span>
    </li>
  );
}

function Tags({ tags }: { tags: { slug: string; name: string; count: number }[] }) {
  return (
    <ul className="recap-tags">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link to={`/tags/${encodeURIComponent(tag.slug)}`} className="recap-tag">
            #{tag.name} <span className="recap-tag-count">{tag.count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A member's year: only the parts present (a shared recap carries the chosen ones). */
export function MemberYear({ recap, title }: { recap: Partial<MemberRecap>; title: string }) {
  const rhythm = recap.rhythm;
  return (
    <section className="card recap-section recap-me" aria-labelledby="recap-me-title">
      <h2 id="recap-me-title" className="card-title">
        {title}
      </h2>
      {recap.counts ? (
        <ul className="recap-figures" aria-label="Что написано">
          <Figure n={recap.counts.posts} forms="post" />
          <Figure n={recap.counts.shouts} forms="shout" />
          <Figure n={recap.counts.comments} forms="comment" />
        </ul>
      ) : null}
      {recap.paws ? (
        <p className="recap-line">
          Лапки: отдано — <strong>{NUMBER.format(recap.paws.given)}</strong>, получено —{" "}
          <strong>{NUMBER.format(recap.paws.received)}</strong>.
        </p>
      ) : null}
      {recap.best_post !== undefined ? (
        <div className="recap-block">
          <h3 className="recap-subtitle">Лучшая статья</h3>
          {recap.best_post ? (
            <ul className="recap-list">
              <PostLine post={recap.best_post} />
            </ul>
          ) : (
            <p className="recap-empty">В этом году статей не было.</p>
          )}
        </div>
      ) : null}
      {recap.favourite_tags && recap.favourite_tags.length > 0 ? (
        <div className="recap-block">
          <h3 className="recap-subtitle">Любимые теги</h3>
          <Tags tags={recap.favourite_tags} />
        </div>
      ) : null}
      {rhythm && (rhythm.most_active_month || rhythm.longest_streak) ? (
        <div className="recap-block">
          <h3 className="recap-subtitle">Ритм года</h3>
          <ul className="recap-list">
            {rhythm.most_active_month ? (
              <li>
                Самый активный месяц — <strong>{rhythm.most_active_month.name}</strong> (
                {pluralize(rhythm.most_active_month.count, FORMS.action)})
              </li>
            ) : null}
            {rhythm.most_active_weekday ? (
              <li>
                Любимый день недели — <strong>{rhythm.most_active_weekday.name}</strong>
              </li>
            ) : null}
            {rhythm.longest_streak ? (
              <li>
                Самая длинная серия — <strong>{pluralize(rhythm.longest_streak.days, FORMS.day)}</strong> подряд (
                {rhythm.longest_streak.label})
              </li>
            ) : null}
            {rhythm.most_active_month ? <li>Активных дней за год: {rhythm.active_days}</li> : null}
          </ul>
        </div>
      ) : null}
      {recap.talked_with && recap.talked_with.length > 0 ? (
        <div className="recap-block">
          <h3 className="recap-subtitle">Больше всего общались</h3>
          <ul className="recap-people">
            {recap.talked_with.map(({ user, count }) => (
              <li key={user.id} className="recap-person">
                <Avatar user={user} size={40} decorative />
                <Link to={`/users/${user.id}`}>{user.username}</Link>
                <span className="recap-item-meta">{pluralize(count, FORMS.time)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function SiteYear({ site, year, siteName }: { site: SiteRecap; year: number; siteName: string }) {
  return (
    <section className="card recap-section" aria-labelledby="recap-site-title">
      <h2 id="recap-site-title" className="card-title">
        {year} год на сайте «{siteName}»
      </h2>
      <ul className="recap-figures" aria-label="Год в цифрах">
        <Figure n={site.counts.posts} forms="post" />
        <Figure n={site.counts.shouts} forms="shout" />
        <Figure n={site.counts.comments} forms="comment" />
        <Figure n={site.counts.paws} forms="paw" />
        <Figure n={site.counts.new_members} forms="member" />
      </ul>
      {site.busiest_day ? (
        <p className="recap-line">
          Самый жаркий день — <strong>{site.busiest_day.label}</strong>:{" "}
          {pluralize(site.busiest_day.count, FORMS.action)} за сутки.
        </p>
      ) : null}
      {site.top_posts.length > 0 ? (
        <div className="recap-block">
          <h3 className="recap-subtitle">Статьи, собравшие больше всего лапок</h3>
          <ol className="recap-list recap-ranked">
            {site.top_posts.map((post) => (
              <PostLine key={post.id} post={post} />
            ))}
          </ol>
        </div>
      ) : null}
      {site.top_shouts.length > 0 ? (
        <div className="recap-block">
          <h3 className="recap-subtitle">Записки года</h3>
          <ol className="recap-list recap-ranked">
            {site.top_shouts.map((shout) => (
              <li key={shout.id} className="recap-item">
                <Link to={shout.url}>{shout.text || "Записка с картинкой"}</Link>
                <span className="recap-item-meta">
                  {shout.user.username} · {pluralize(shout.pwnd, FORMS.paw)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {site.most_discussed ? (
        <div className="recap-block">
          <h3 className="recap-subtitle">Самое горячее обсуждение</h3>
          <ul className="recap-list">
            <PostLine
              post={site.most_discussed}
              extra={pluralize(site.most_discussed.comments_in_year, FORMS.comment)}
            />
          </ul>
        </div>
      ) : null}
      {site.top_tags.length > 0 ? (
        <div className="recap-block">
          <h3 className="recap-subtitle">Теги года</h3>
          <Tags tags={site.top_tags} />
        </div>
      ) : null}
    </section>
  );
}
