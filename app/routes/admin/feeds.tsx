import { data, Form, redirect, useActionData } from "react-router";
import { AdminNav } from "#app/components/admin-nav";
import { CsrfField } from "#app/components/csrf-field";
import { SourceIcon } from "#app/components/feed-group";
import {
  asFailure,
  asSuccess,
  CheckboxField,
  errorsFor,
  Field,
  FormErrors,
  SubmitButton,
  SuccessMessage,
} from "#app/components/form";
import { TimeAgo } from "#app/components/time-ago";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import feedCss from "#app/routes/feed/feed.css?url";
import {
  createSource,
  deleteSource,
  type FeedSourceAdminView,
  listSources,
  pollSourceNow,
  updateSource,
} from "#workers/core/feed/feed.admin";
import { feedImagePath } from "#workers/core/feed/feed.urls";
import { pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/feeds";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: feedCss }];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Источники ленты",
    description: "Ленты новостей, которые собирает сайт.",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (!ctx.actor.isAdmin) throw data({ detail: "Нет доступа." }, { status: 403 });
  return { sources: await listSources(ctx) };
}

const ENTRY_FORMS = ["запись", "записи", "записей"] as const;
const FAILURE_FORMS = ["неудача", "неудачи", "неудач"] as const;

/** The source form's fields as the service takes them. */
function sourceInput(fields: Record<string, string>) {
  return {
    name: fields.name ?? "",
    url: fields.url ?? "",
    domain: fields.domain ?? "",
    icon_url: fields.icon_url ?? "",
    is_enabled: fields.is_enabled === "on",
    interval_minutes: fields.interval_minutes ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      const intent = fields.intent ?? "";
      if (intent === "create") {
        const source = await createSource(ctx, sourceInput(fields));
        return {
          ok: true as const,
          intent,
          message: `Источник «${source.name}» добавлен: он будет проверен в ближайшие минуты.`,
        };
      }
      const id = fields.id ?? "";
      if (intent === "update") {
        const source = await updateSource(ctx, id, sourceInput(fields));
        return { ok: true as const, intent: `update-${id}`, message: `Источник «${source.name}» сохранён.` };
      }
      if (intent === "delete") {
        await deleteSource(ctx, id);
        return { ok: true as const, intent: "deleted", message: "Источник и его записи удалены." };
      }
      if (intent === "poll") {
        const result = await pollSourceNow(ctx, id);
        const message =
          result.status === "failed"
            ? `Не получилось: ${result.error}`
            : result.status === "not_modified"
              ? "Лента не изменилась с прошлой проверки."
              : result.added
                ? `Добавлено: ${pluralize(result.added, ENTRY_FORMS)}.`
                : "Новых записей нет.";
        return { ok: true as const, intent: `update-${id}`, message };
      }
      return { ok: true as const, intent: "none", message: "" };
    },
    () => ({ ...fields, intent: fields.intent === "update" ? `update-${fields.id}` : (fields.intent ?? "") }),
  );
}

function SourceFields({ source, errors }: { source: FeedSourceAdminView | null; errors: (field: string) => string[] }) {
  return (
    <div className="feed-source-form">
      <Field label="Название" name="name" required defaultValue={source?.name ?? ""} errors={errors("name")} />
      <Field
        label="Адрес ленты (RSS, Atom, RDF, JSON Feed)"
        name="url"
        type="url"
        required
        defaultValue={source?.url ?? ""}
        errors={errors("url")}
      />
      <Field
        label="Домен"
        name="domain"
        placeholder="по адресу ленты"
        defaultValue={source?.domain ?? ""}
        errors={errors("domain")}
      />
      <Field
        label="Значок (адрес картинки)"
        name="icon_url"
        type="url"
        defaultValue={source?.icon_url ?? ""}
        errors={errors("icon_url")}
      />
      <Field
        label="Проверять раз в, минут"
        name="interval_minutes"
        type="number"
        min={5}
        max={1440}
        required
        defaultValue={String(source?.interval_minutes ?? 30)}
        errors={errors("interval_minutes")}
      />
      <CheckboxField label="Включён" name="is_enabled" defaultChecked={source?.is_enabled ?? true} />
    </div>
  );
}

function SourceCard({ source, result }: { source: FeedSourceAdminView; result: unknown }) {
  const intent = `update-${source.id}`;
  const failure = asFailure(result, intent);
  return (
    <li className="card feed-source" id={`source-${source.id}`}>
      <div className="feed-source-head">
        <SourceIcon
          source={{
            name: source.name,
            domain: source.domain,
            image_url: source.icon_url ? feedImagePath("source", source.id) : null,
          }}
          size={24}
        />
        <h2 className="feed-source-name">{source.name}</h2>
        <span className="muted">{source.domain}</span>
        {source.is_enabled ? null : <span className="badge">Выключен</span>}
      </div>
      <p className="feed-source-stats">
        <span>{pluralize(source.entries_count, ENTRY_FORMS)}</span>
        <span>
          Последний успех:{" "}
          {source.datetime_last_success ? <TimeAgo date={source.datetime_last_success} /> : "ещё не было"}
        </span>
        {source.is_enabled ? (
          <span>
            Следующая проверка: <TimeAgo date={source.datetime_next_poll} />
          </span>
        ) : null}
        {source.failures ? <span>{pluralize(source.failures, FAILURE_FORMS)} подряд</span> : null}
      </p>
      {source.last_error ? (
        <p className="feed-source-error">
          Последняя ошибка
          {source.datetime_last_error ? (
            <>
              {" "}
              (<TimeAgo date={source.datetime_last_error} />)
            </>
          ) : null}
          : {source.last_error}
        </p>
      ) : null}
      <Form method="post" className="form">
        <CsrfField />
        <input type="hidden" name="id" value={source.id} />
        <FormErrors failure={failure} fields={["name", "url", "domain", "icon_url", "interval_minutes"]} />
        <SourceFields source={source} errors={(field) => errorsFor(failure, field)} />
        <div className="feed-source-actions">
          <SubmitButton intent="update" name="intent" value="update">
            Сохранить
          </SubmitButton>
          <SubmitButton intent="poll" name="intent" value="poll" variant="secondary" pendingText="Проверяем…">
            Проверить сейчас
          </SubmitButton>
          <SubmitButton intent="delete" name="intent" value="delete" variant="danger">
            Удалить
          </SubmitButton>
        </div>
        <SuccessMessage message={asSuccess(result, intent)?.message} />
      </Form>
    </li>
  );
}

/** /admin/feeds: the feed's sources — add, change, switch off, delete, check now; each with its health. */
export default function FeedSources({ loaderData }: Route.ComponentProps) {
  const { sources } = loaderData;
  const result = useActionData<typeof action>();
  const createFailure = asFailure(result, "create");
  return (
    <main className="page admin-page">
      <AdminNav />
      <h1>Источники ленты</h1>
      <SuccessMessage message={asSuccess(result, "deleted")?.message} />
      <section className="card">
        <h2>Новый источник</h2>
        <Form method="post" className="form">
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <FormErrors failure={createFailure} fields={["name", "url", "domain", "icon_url", "interval_minutes"]} />
          <SourceFields source={null} errors={(field) => errorsFor(createFailure, field)} />
          <SubmitButton intent="create">Добавить</SubmitButton>
          <SuccessMessage message={asSuccess(result, "create")?.message} />
        </Form>
      </section>
      {sources.length ? (
        <ul className="feed-sources">
          {sources.map((source) => (
            <SourceCard key={source.id} source={source} result={result} />
          ))}
        </ul>
      ) : (
        <p className="muted">Источников пока нет.</p>
      )}
    </main>
  );
}
