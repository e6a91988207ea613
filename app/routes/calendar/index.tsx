import { useMemo } from "react";
import { Form, redirect } from "react-router";
import { NewGameForm } from "#app/components/calendar-forms";
import { CalendarMonthView } from "#app/components/calendar-month";
import { platformMap, ReleaseList, SubscribeForm } from "#app/components/calendar-release";
import { asFailure } from "#app/components/form/action-result";
import { IconCalendar } from "#app/components/icons";
import { Link } from "#app/components/link";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { useRootData } from "#app/lib/root-data";
import { sidecar } from "#app/lib/sidecar.server";
import calendarCss from "#app/styles/pages/calendar.css?url";
import { can } from "#workers/core/calendar/calendar.policy";
import { listMonth, listPlatforms, searchReleases } from "#workers/core/calendar/calendar.read";
import { serializeTile } from "#workers/core/calendar/calendar.serializers";
import { gameUrl, MY_RELEASES_URL, monthUrl, platformFeedUrl } from "#workers/core/calendar/calendar.urls";
import { createGame } from "#workers/core/calendar/calendar.write";
import { pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/index";
import { coverFromForm, releaseFieldsFromForm } from "./forms.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarCss }];

const RELEASE_FORMS = ["релиз", "релиза", "релизов"] as const;

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  const title = data
    ? data.search
      ? `Поиск игр: ${data.search.q}`
      : `Календарь релизов: ${data.month.title.toLowerCase()}`
    : "Календарь релизов";
  return pageMeta(args, {
    title,
    description: "Календарь выхода игр по месяцам: даты релизов на PC и консолях, напоминания в день выхода.",
    canonical: ["date", "platform"],
  });
};

/**
 * /calendar (spec §2): a Moscow month of releases (`?date=YYYY-M`, the current month by default), a platform
 * filter (`?platform=`) and a title filter box (`?q=`); editors get the form that adds a game.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const [month, platforms, found] = await Promise.all([
    listMonth(
      ctx,
      { date: params.get("date") ?? undefined, platform: params.get("platform") ?? undefined },
      serializeTile,
    ).catch(loaderError),
    listPlatforms(ctx),
    q
      ? searchReleases(ctx, q, serializeTile).catch((error) => ({
          error: error instanceof Error ? error.message : "Ошибка поиска.",
        }))
      : null,
  ]);
  const search = q
    ? { q, results: Array.isArray(found) ? found : [], error: Array.isArray(found) ? null : (found?.error ?? null) }
    : null;
  // The month's releases (up to ~200 tiles) stay out of the hydration data: a document carries them only as the
  // month's markup (CalendarMonthView, `sidecarMarkup`). Their count is the header's.
  const { releases, undated, ...head } = month;
  const total = Object.values(releases).reduce((n, list) => n + list.length, 0) + undated.length;
  return { month: head, releases: sidecar(ctx, "month", { releases, undated }), total, platforms, search };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let values: Record<string, string> = {};
  return runAction(
    async () => {
      const form = await readForm(request, ctx);
      values = formFields(form);
      const game = await createGame(
        ctx,
        { title: values.title ?? "", ...releaseFieldsFromForm(form) },
        coverFromForm(form),
      );
      throw redirect(gameUrl(game.id));
    },
    () => values,
  );
}

export default function CalendarPage({ loaderData, actionData }: Route.ComponentProps) {
  const { month, releases, total, platforms, search } = loaderData;
  const { user } = useRootData();
  const byId = useMemo(() => platformMap(platforms), [platforms]);
  const canSubscribe = !!user && !user.is_banned;
  const isEditor =
    !!user && can({ isBanned: user.is_banned, isDbEditor: user.is_db_editor, isAdmin: user.is_admin }, "edit");
  const platformSlug = month.platform?.slug ?? null;
  return (
    <main className="page page-calendar">
      {canSubscribe ? <SubscribeForm /> : null}
      <header className="page-header cal-header">
        <div className="page-header-text">
          <h1 className="page-title">Календарь релизов</h1>
          <p className="page-subtitle">
            {user ? (
              <>
                Нажмите на колокольчик — напомним в день выхода. <Link to={MY_RELEASES_URL}>Мои релизы</Link>
              </>
            ) : (
              <>
                <Link to="/auth/sign-in?redirectTo=%2Fcalendar">Войдите</Link>, чтобы следить за релизами и получать
                напоминания.
              </>
            )}
          </p>
        </div>
        <span className="cal-header-icon" aria-hidden="true">
          <IconCalendar size={36} />
        </span>
      </header>

      <Form method="get" action="/calendar" className="cal-search" role="search" aria-label="Поиск игр в календаре">
        <label htmlFor="cal-q" className="visually-hidden">
          Название игры
        </label>
        <input
          id="cal-q"
          className="input"
          type="search"
          name="q"
          defaultValue={search?.q ?? ""}
          placeholder="Найти игру по названию"
          minLength={2}
          maxLength={100}
        />
        <button type="submit" className="btn">
          Найти
        </button>
      </Form>

      {search ? (
        <section className="cal-search-results" aria-labelledby="cal-search-title">
          <h2 id="cal-search-title" className="cal-section-title">
            {search.error ??
              (search.results.length
                ? `Найдено: ${pluralize(search.results.length, RELEASE_FORMS)}`
                : "Ничего не нашлось")}
          </h2>
          {search.results.length ? (
            <ReleaseList releases={search.results} platforms={byId} canSubscribe={canSubscribe} />
          ) : null}
          <p>
            <Link to={monthUrl(month.date, platformSlug)}>← К календарю</Link>
          </p>
        </section>
      ) : (
        <>
          <nav className="cal-platforms" aria-label="Платформа">
            <Link
              to={monthUrl(month.date)}
              className={`cal-chip${platformSlug ? "" : " is-active"}`}
              aria-current={platformSlug ? undefined : "page"}
            >
              Все платформы
            </Link>
            {platforms.map((p) => (
              <Link
                key={p.id}
                to={monthUrl(month.date, p.slug)}
                className={`cal-chip cal-chip-${p.icon}${platformSlug === p.slug ? " is-active" : ""}`}
                aria-current={platformSlug === p.slug ? "page" : undefined}
              >
                {p.title}
              </Link>
            ))}
          </nav>

          <nav className="cal-months" aria-label="Месяцы">
            <Link to={monthUrl(month.previous, platformSlug)} className="btn cal-month-link" rel="prev">
              ← <span className="cal-month-link-text">Раньше</span>
            </Link>
            <h2 className="cal-month-title">
              {month.title}
              <span className="cal-month-count">{total ? pluralize(total, RELEASE_FORMS) : "нет релизов"}</span>
            </h2>
            <Link to={monthUrl(month.next, platformSlug)} className="btn cal-month-link" rel="next">
              <span className="cal-month-link-text">Позже</span> →
            </Link>
          </nav>

          <CalendarMonthView month={month} releases={releases} platforms={byId} canSubscribe={canSubscribe} />
        </>
      )}

      {isEditor ? (
        <>
          <NewGameForm platforms={platforms} failure={asFailure(actionData)} />
          <p className="cal-editor-links">
            <Link to="/calendar/platforms">Платформы: названия, значки, порядок</Link>
          </p>
        </>
      ) : null}

      <footer className="cal-feeds">
        <h2 className="cal-section-title">Календарь в вашем календаре</h2>
        <p>
          Ленты iCalendar для Google, Apple и Outlook:{" "}
          {platforms.map((p, i) => (
            <span key={p.id}>
              {i ? ", " : ""}
              <a href={platformFeedUrl(p.slug)}>{p.title}</a>
            </span>
          ))}
          . {user ? <Link to={MY_RELEASES_URL}>Личная лента — в «Моих релизах».</Link> : null}
        </p>
      </footer>
    </main>
  );
}
