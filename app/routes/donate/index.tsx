import { Avatar } from "#app/components/avatar";
import { PageLinks } from "#app/components/feed-paging";
import { IconCoin, IconHeart } from "#app/components/icons";
import { Link } from "#app/components/link";
import { formatDate } from "#app/lib/dates";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { DONATION_CONFIG } from "#workers/core/config/donations.config";
import { getDonationSummary, listDonations } from "#workers/core/donations/donations";
import type { DonationItem } from "#workers/core/donations/donations.serializers";
import { plural } from "#workers/core/shared/plural";
import type { Route } from "./+types/index";
import donateCss from "./donate.css?url";
import { formatMonth, formatRubles } from "./money";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: donateCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Поддержать проект",
    description: "На что идут пожертвования, цель месяца, список пожертвований и главные меценаты года.",
    canonical: ["page"],
  });

/** Spec §2 /donate: what the money pays for, the month's goal, the donations, the year's top supporters. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const page = new URL(request.url).searchParams.get("page") || undefined;
  const [summary, donations] = await Promise.all([
    getDonationSummary(ctx),
    listDonations(ctx, page).catch(loaderError),
  ]);
  // Guests share one cached page: the member's own payment label appears only for a signed-in member.
  return { summary, donations, memberId: ctx.actor?.id ?? null };
}

/** What the money pays for (the site's real bills, roughly in the order of their size). */
const COSTS = [
  "серверы и база данных, на которых работает сайт;",
  "хранение и раздача картинок и видео из записок и статей;",
  "почта: письма о входе, восстановлении пароля и напоминания;",
  "домен и резервные копии;",
  "призы в конкурсах и подарки участникам «Тайного Санты».",
];

function Donation({ donation }: { donation: DonationItem }) {
  return (
    <li className="donation">
      {donation.user ? (
        <Avatar user={donation.user} size={40} decorative />
      ) : (
        <span className="donation-anon" aria-hidden="true">
          <IconHeart size={20} />
        </span>
      )}
      <div>
        {donation.user ? (
          <Link className="donation-name" to={`/users/${donation.user.id}`}>
            {donation.name}
          </Link>
        ) : (
          <span className="donation-name">{donation.name}</span>
        )}
        <time className="donation-date" dateTime={donation.datetime}>
          {formatDate(donation.datetime)}
        </time>
      </div>
      <span className="donation-amount">{formatRubles(donation.amount)}</span>
      {donation.message ? <p className="donation-message">{donation.message}</p> : null}
    </li>
  );
}

export default function Donate({ loaderData }: Route.ComponentProps) {
  const { summary, donations, memberId } = loaderData;
  const month = formatMonth(summary.month_start);
  const raised = formatRubles(summary.month_total);
  const goal = formatRubles(summary.goal);
  const left = Math.max(0, summary.goal - summary.month_total);
  const count = summary.month_count;
  return (
    <main className="page page-donate">
      <header className="page-header">
        <h1 className="page-title">Поддержать проект</h1>
        <p className="page-subtitle">Костёр живёт на пожертвования участников: без рекламы и без платных подписок.</p>
      </header>
      <div className="donate-grid">
        <div className="donate-main">
          <section className="card donate-goal" aria-labelledby="donate-goal-title">
            <h2 className="card-title" id="donate-goal-title">
              Цель на {month}
            </h2>
            <div className="donate-goal-figures">
              <span className="donate-goal-raised">{raised}</span>
              <span className="donate-goal-of">из {goal}</span>
            </div>
            <div
              className="donate-meter"
              role="progressbar"
              aria-labelledby="donate-goal-title"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={summary.percent}
              aria-valuetext={`Собрано ${raised} из ${goal} (${summary.percent}%)`}
            >
              <div className="donate-meter-fill" style={{ width: `${summary.percent}%` }} />
            </div>
            <p className="donate-goal-note">
              {count
                ? `${count} ${plural(count, ["пожертвование", "пожертвования", "пожертвований"])} в этом месяце. `
                : "В этом месяце пожертвований ещё не было. "}
              {left > 0 ? `До цели осталось ${formatRubles(left)}.` : "Цель месяца достигнута — спасибо!"}
            </p>
          </section>
          <section className="card" aria-labelledby="donate-list-title">
            <h2 className="card-title" id="donate-list-title">
              <IconCoin size={20} /> Пожертвования
            </h2>
            {donations.results.length ? (
              <ul className="donation-list">
                {donations.results.map((donation) => (
                  <Donation key={donation.id} donation={donation} />
                ))}
              </ul>
            ) : (
              <p className="donate-goal-note">Пожертвований пока нет.</p>
            )}
            <PageLinks next={donations.next} previous={donations.previous} nextLabel="Раньше" />
          </section>
        </div>
        <aside className="donate-aside" aria-label="О пожертвованиях">
          <section className="card" aria-labelledby="donate-costs-title">
            <h2 className="card-title" id="donate-costs-title">
              На что идут деньги
            </h2>
            <ul className="donate-costs">
              {COSTS.map((cost) => (
                <li key={cost}>{cost}</li>
              ))}
            </ul>
          </section>
          <section className="card" aria-labelledby="donate-ways-title">
            <h2 className="card-title" id="donate-ways-title">
              Как помочь
            </h2>
            <ul className="donate-ways">
              <li>переводом через ЮMoney или картой (Stripe) — пожертвование появится здесь само;</li>
              <li>через Boosty или банковским переводом — администраторы внесут его вручную.</li>
            </ul>
            <p className="donate-goal-note">
              {memberId ? (
                <>
                  Укажите в комментарии к платежу <span className="donate-label">user:{memberId}</span> — и на вашем
                  аватаре появится монетка: {DONATION_CONFIG.daysPerPeriod} дней за каждые{" "}
                  {DONATION_CONFIG.rublesPerPeriod} ₽.
                </>
              ) : (
                <>
                  Участники, указавшие в платеже свой код (он виден здесь после входа), получают монетку на аватаре:{" "}
                  {DONATION_CONFIG.daysPerPeriod} дней за каждые {DONATION_CONFIG.rublesPerPeriod} ₽.
                </>
              )}
            </p>
          </section>
          <section className="card" aria-labelledby="donate-top-title">
            <h2 className="card-title" id="donate-top-title">
              Меценаты года
            </h2>
            {summary.top_supporters.length ? (
              <ol className="supporter-list">
                {summary.top_supporters.map((top, i) => (
                  <li className="supporter" key={top.user.id}>
                    <span className="supporter-rank">{i + 1}</span>
                    <Avatar user={top.user} size={20} decorative />
                    <Link className="supporter-name" to={`/users/${top.user.id}`}>
                      {top.user.username}
                    </Link>
                    <span className="supporter-amount">{formatRubles(top.amount)}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="donate-goal-note">В этом году меценатов пока нет — станьте первым.</p>
            )}
          </section>
        </aside>
      </div>
    </main>
  );
}
