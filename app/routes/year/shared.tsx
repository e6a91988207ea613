import { Link } from "#app/components/link";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import yearCss from "#app/styles/pages/year.css?url";
import { CARD_HEIGHT, CARD_WIDTH } from "#workers/core/recap/recap.constants";
import { getSharedRecap } from "#workers/core/recap/recap.shares";
import { pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/shared";
import { MemberYear } from "./recap-parts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: yearCss }];

/** What the link's preview says (OpenGraph): only figures the member chose to share. */
function summary(data: Awaited<ReturnType<typeof loader>>): string {
  const { recap } = data;
  const bits: string[] = [];
  if (recap.counts) {
    bits.push(
      `${pluralize(recap.counts.posts, ["статья", "статьи", "статей"])}, ${pluralize(recap.counts.shouts, ["записка", "записки", "записок"])}, ${pluralize(recap.counts.comments, ["комментарий", "комментария", "комментариев"])}`,
    );
  }
  if (recap.paws) bits.push(`${pluralize(recap.paws.received, ["лапка", "лапки", "лапок"])} получено`);
  if (recap.rhythm?.longest_streak) {
    bits.push(`серия ${pluralize(recap.rhythm.longest_streak.days, ["день", "дня", "дней"])} подряд`);
  }
  return bits.length ? `${bits.join("; ")}.` : `Итоги ${data.year} года участника ${data.user.username}.`;
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return pageMeta(args, { title: "Итоги года", noindex: true });
  const title = `Итоги ${args.loaderData.year} года — ${args.loaderData.user.username}`;
  const description = summary(args.loaderData);
  return [
    ...pageMeta(args, {
      title,
      description,
      noindex: true,
      card: { image: `/year/shared/${args.loaderData.id}/card.png`, width: CARD_WIDTH, height: CARD_HEIGHT },
    }),
    { property: "og:type", content: "article" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
};

/** /year/shared/{id}: the parts of a member's recap they chose to share (docs/decisions/0033-yearly-recap.md). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return getSharedRecap(getCtx(context), params.id).catch(loaderError);
}

export default function SharedYearPage({ loaderData }: Route.ComponentProps) {
  const { year, user, recap } = loaderData;
  return (
    <main className="page recap-page">
      <header className="recap-header">
        <h1 className="page-title">
          Итоги {year} года: <Link to={`/users/${user.id}`}>{user.username}</Link>
        </h1>
      </header>
      <MemberYear recap={recap} title={`Год участника ${user.username}`} />
      <p className="recap-note">
        <Link to={`/year?year=${year}`}>Итоги {year} года всего сайта</Link>
      </p>
    </main>
  );
}
