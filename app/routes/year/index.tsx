import { Form, redirect, useActionData } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { CheckboxField, FormErrors, SubmitButton } from "#app/components/form";
import { Link } from "#app/components/link";
import { getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { useRootData } from "#app/lib/root-data";
import yearCss from "#app/styles/pages/year.css?url";
import { getYearRecap, recapYear } from "#workers/core/recap/recap";
import { SHARE_PART_KEYS, SHARE_PARTS } from "#workers/core/recap/recap.constants";
import { myRecapShare, shareRecap, stopSharingRecap } from "#workers/core/recap/recap.shares";
import type { Route } from "./+types/index";
import { MemberYear, SiteYear } from "./recap-parts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: yearCss }];

export const meta: Route.MetaFunction = (args) => {
  const year = args.loaderData?.recap.year;
  return pageMeta(args, {
    title: year ? `Итоги ${year} года` : "Итоги года",
    description: year
      ? `Итоги ${year} года: сколько написано, лучшие статьи и записки, самые жаркие обсуждения и теги года.`
      : "Итоги года сообщества.",
    canonical: ["year"],
  });
};

/**
 * /year (spec §2), `?year=2025` for earlier years (docs/decisions/0033-yearly-recap.md): the site's year for
 * everyone and, for a signed-in member, their own on top with a form to share chosen parts of it.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const year = new URL(request.url).searchParams.get("year") ?? undefined;
  // The member's share is read beside the recap (one round trip), and shown only with their own recap.
  const [recap, share] = await Promise.all([
    getYearRecap(ctx, { year }),
    ctx.actor ? Promise.resolve().then(() => myRecapShare(ctx, recapYear(ctx, { year }))) : null,
  ]).catch(loaderError);
  return { recap, share: recap.me ? share : null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  return runAction(async () => {
    const form = await readForm(request, ctx);
    const year = form.get("year");
    if (form.get("intent") === "unshare") {
      await stopSharingRecap(ctx, { year });
      throw redirect(`/year?year=${encodeURIComponent(String(year))}#recap-share`);
    }
    const share = await shareRecap(ctx, { year, parts: form.getAll("parts") });
    return { ok: true as const, url: share.url };
  });
}

function ShareForm({ year, share }: { year: number; share: { url: string; parts: string[] } | null }) {
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : null;
  const chosen = new Set(share?.parts ?? ["counts", "paws", "best_post", "streak"]);
  return (
    <section className="card recap-section" id="recap-share" aria-labelledby="recap-share-title">
      <h2 id="recap-share-title" className="card-title">
        Поделиться итогами
      </h2>
      <p className="recap-note">
        Ваши итоги видны только вам. По ссылке откроются лишь те части, которые вы отметите; новая ссылка заменяет
        прежнюю.
      </p>
      <Form method="post" className="form" aria-labelledby="recap-share-title">
        <CsrfField />
        <input type="hidden" name="year" value={year} />
        <FormErrors failure={failure} fields={["parts", "year"]} />
        <fieldset className="recap-parts">
          <legend>Что показать</legend>
          {SHARE_PART_KEYS.map((part) => (
            <CheckboxField
              key={part}
              name="parts"
              value={part}
              id={`share-${part}`}
              label={SHARE_PARTS[part]}
              defaultChecked={chosen.has(part)}
            />
          ))}
        </fieldset>
        <div className="form-actions">
          <SubmitButton intent="share" name="intent" value="share" pendingText="Создаём ссылку…">
            {share ? "Обновить ссылку" : "Поделиться"}
          </SubmitButton>
          {share ? (
            <SubmitButton intent="unshare" name="intent" value="unshare" variant="secondary">
              Перестать делиться
            </SubmitButton>
          ) : null}
        </div>
      </Form>
      {share ? (
        <p className="recap-share-link">
          Ссылка: <Link to={share.url}>{share.url}</Link>
        </p>
      ) : null}
    </section>
  );
}

export default function YearPage({ loaderData }: Route.ComponentProps) {
  const { recap, share } = loaderData;
  const { config } = useRootData();
  return (
    <main className="page recap-page">
      <header className="recap-header">
        <h1 className="page-title">Итоги {recap.year} года</h1>
        {recap.years.length > 1 ? (
          <nav aria-label="Другие годы" className="recap-years">
            {recap.years.map((year) =>
              year === recap.year ? (
                <span key={year} aria-current="page" className="recap-year recap-year-current">
                  {year}
                </span>
              ) : (
                <Link key={year} to={`/year?year=${year}`} className="recap-year">
                  {year}
                </Link>
              ),
            )}
          </nav>
        ) : null}
      </header>
      {!recap.is_open ? (
        <section className="card recap-section">
          <p className="recap-line">Итоги {recap.year} года откроются 1 декабря.</p>
          <Link to={`/year?year=${recap.year - 1}`}>Итоги {recap.year - 1} года</Link>
        </section>
      ) : null}
      {recap.me ? (
        <>
          <MemberYear recap={recap.me} title="Ваш год" />
          {recap.is_hidden ? (
            <p className="recap-note">
              Вас нет в итогах других участников и в списках лучших: так выбрано в{" "}
              <Link to={`/users/${recap.me.user.id}/settings`}>настройках</Link>.
            </p>
          ) : null}
          <ShareForm year={recap.year} share={share} />
        </>
      ) : null}
      {recap.site ? <SiteYear site={recap.site} year={recap.year} siteName={config.site_name} /> : null}
    </main>
  );
}
