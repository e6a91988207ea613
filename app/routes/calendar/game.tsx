import { Form, redirect } from "react-router";
import { ReleaseFields } from "#app/components/calendar-forms";
import {
  GameCover,
  PlatformBadges,
  platformMap,
  SubscribeButton,
  SubscribeForm,
} from "#app/components/calendar-release";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, asSuccess } from "#app/components/form/action-result";
import { CheckboxField, Field } from "#app/components/form/field";
import { FormErrors, SuccessMessage } from "#app/components/form/form-errors";
import { SubmitButton } from "#app/components/form/submit-button";
import { Link } from "#app/components/link";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { useRootData } from "#app/lib/root-data";
import calendarCss from "#app/styles/pages/calendar.css?url";
import { can } from "#workers/core/calendar/calendar.policy";
import { getGame, listPlatforms } from "#workers/core/calendar/calendar.read";
import { gameUrl, monthUrl } from "#workers/core/calendar/calendar.urls";
import { addRelease, deleteRelease, updateGame } from "#workers/core/calendar/calendar.write";
import { AppError } from "#workers/core/errors";
import type { Route } from "./+types/game";
import { coverFromForm, releaseFieldsFromForm } from "./forms.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarCss }];

export const meta: Route.MetaFunction = (args) => {
  const game = args.loaderData?.game;
  return pageMeta(args, {
    title: game ? game.title : "Игра",
    description: game ? `${game.title}: даты выхода — ${game.releases.map((r) => r.date_label).join(", ")}.` : null,
  });
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const [game, platforms] = await Promise.all([getGame(ctx, params.id).catch(loaderError), listPlatforms(ctx)]);
  return { game, platforms };
}

/** The editors' forms of the page: the game (title, cover), one release (date, platforms, note), a new date, deletion. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let values: Record<string, string> = {};
  return runAction(
    async () => {
      const form = await readForm(request, ctx);
      values = formFields(form);
      switch (values.intent) {
        case "update-game":
          await updateGame(
            ctx,
            params.id,
            { title: values.title ?? "", remove_cover: values.remove_cover === "on" },
            coverFromForm(form),
          );
          return { ok: true as const, intent: "update-game", message: "Игра сохранена." };
        case "update-release":
          await updateGame(ctx, params.id, { release: values.release, ...releaseFieldsFromForm(form) });
          return { ok: true as const, intent: `release-${values.release}`, message: "Дата выхода сохранена." };
        case "add-release":
          await addRelease(ctx, { game: params.id, ...releaseFieldsFromForm(form) });
          return { ok: true as const, intent: "add-release", message: "Дата выхода добавлена." };
        case "delete-release": {
          const result = await deleteRelease(ctx, { release: values.release });
          if (result.game_deleted) throw redirect("/calendar");
          return { ok: true as const, intent: "delete-release", message: "Дата выхода удалена." };
        }
        default:
          throw new AppError("invalid", "Неизвестное действие.");
      }
    },
    () => values,
  );
}

export default function GamePage({ loaderData, actionData }: Route.ComponentProps) {
  const { game, platforms } = loaderData;
  const { user } = useRootData();
  const byId = platformMap(platforms);
  const canSubscribe = !!user && !user.is_banned;
  const isEditor =
    !!user && can({ isBanned: user.is_banned, isDbEditor: user.is_db_editor, isAdmin: user.is_admin }, "edit");
  const first = game.releases[0];
  const back = first ? monthUrl(first.month) : "/calendar";
  const failure = (intent: string) => asFailure(actionData, intent);
  return (
    <main className="page page-calendar page-game">
      {canSubscribe ? <SubscribeForm /> : null}
      <p className="cal-back">
        <Link to={back}>← Календарь релизов</Link>
      </p>
      <article className="card cal-game">
        <GameCover cover={game.cover} />
        <div className="cal-game-text">
          <h1 className="page-title">{game.title}</h1>
          <h2 className="cal-section-title">Даты выхода</h2>
          <ul className="cal-game-releases">
            {game.releases.map((release) => (
              <li key={release.id} className="cal-game-release">
                <div className="cal-game-release-head">
                  <Link to={monthUrl(release.month)} className="cal-game-date">
                    {release.date_label}
                  </Link>
                  {release.note ? <span className="cal-release-note">{release.note}</span> : null}
                  {release.day ? null : <span className="cal-release-note">Дата уточняется</span>}
                </div>
                <PlatformBadges ids={release.platforms.map((p) => p.id)} platforms={byId} />
                {canSubscribe ? <SubscribeButton release={release} /> : null}
                {isEditor ? (
                  <details
                    className="cal-editor cal-release-editor"
                    open={
                      !!failure("update-release") && failure("update-release")?.values?.release === String(release.id)
                    }
                  >
                    <summary>Изменить эту дату</summary>
                    <Form method="post" className="form">
                      <CsrfField />
                      <input type="hidden" name="intent" value="update-release" />
                      <input type="hidden" name="release" value={release.id} />
                      <FormErrors
                        failure={failure("update-release")}
                        fields={["datetime_released", "platforms", "note"]}
                      />
                      <ReleaseFields platforms={platforms} release={release} failure={failure("update-release")} />
                      <SuccessMessage message={asSuccess(actionData, `release-${release.id}`)?.message} />
                      <div className="form-actions">
                        <SubmitButton intent="update-release">Сохранить дату</SubmitButton>
                      </div>
                    </Form>
                    <Form method="post" className="form-inline">
                      <CsrfField />
                      <input type="hidden" name="intent" value="delete-release" />
                      <input type="hidden" name="release" value={release.id} />
                      <SubmitButton intent="delete-release" variant="danger">
                        {game.releases.length > 1 ? "Удалить эту дату" : "Удалить игру"}
                      </SubmitButton>
                    </Form>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
          {!user ? (
            <p className="muted">
              <Link to={`/auth/sign-in?redirectTo=${encodeURIComponent(gameUrl(game.id))}`}>Войдите</Link>, чтобы
              следить за релизом: напомним в день выхода и скажем, если дата сдвинется.
            </p>
          ) : null}
        </div>
      </article>

      {isEditor ? (
        <section className="cal-editors" aria-label="Редактирование">
          <details className="card cal-editor" open={!!failure("update-game")}>
            <summary className="cal-editor-summary">Название и обложка</summary>
            <Form method="post" encType="multipart/form-data" className="form">
              <CsrfField />
              <input type="hidden" name="intent" value="update-game" />
              <FormErrors failure={failure("update-game")} fields={["title", "cover"]} />
              <Field
                label="Название"
                name="title"
                required
                maxLength={150}
                defaultValue={game.title}
                errors={failure("update-game")?.errors.title}
              />
              <Field
                label="Новая обложка"
                name="cover"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                errors={failure("update-game")?.errors.cover}
              />
              {game.cover ? <CheckboxField label="Убрать обложку" name="remove_cover" /> : null}
              <SuccessMessage message={asSuccess(actionData, "update-game")?.message} />
              <div className="form-actions">
                <SubmitButton intent="update-game">Сохранить</SubmitButton>
              </div>
            </Form>
          </details>
          <details className="card cal-editor" open={!!failure("add-release")}>
            <summary className="cal-editor-summary">Добавить дату выхода</summary>
            <Form method="post" className="form">
              <CsrfField />
              <input type="hidden" name="intent" value="add-release" />
              <FormErrors failure={failure("add-release")} fields={["datetime_released", "platforms", "note"]} />
              <ReleaseFields platforms={platforms} failure={failure("add-release")} />
              <SuccessMessage message={asSuccess(actionData, "add-release")?.message} />
              <div className="form-actions">
                <SubmitButton intent="add-release">Добавить дату</SubmitButton>
              </div>
            </Form>
          </details>
        </section>
      ) : null}
    </main>
  );
}
