import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, asSuccess, type FormFailure } from "#app/components/form/action-result";
import { Field, SelectField } from "#app/components/form/field";
import { FormErrors, SuccessMessage } from "#app/components/form/form-errors";
import { SubmitButton } from "#app/components/form/submit-button";
import { Link } from "#app/components/link";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import calendarCss from "#app/styles/pages/calendar.css?url";
import { can } from "#workers/core/calendar/calendar.policy";
import { listPlatforms } from "#workers/core/calendar/calendar.read";
import { PLATFORM_ICONS } from "#workers/core/calendar/calendar.schemas";
import type { PlatformShape } from "#workers/core/calendar/calendar.serializers";
import { createPlatform, updatePlatform } from "#workers/core/calendar/calendar.write";
import { AppError } from "#workers/core/errors";
import type { Route } from "./+types/platforms";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarCss }];

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Платформы календаря", noindex: true });

const ICON_TITLES: Record<(typeof PLATFORM_ICONS)[number], string> = {
  pc: "Компьютер",
  playstation: "PlayStation",
  xbox: "Xbox",
  nintendo: "Nintendo",
  mobile: "Телефоны",
  vr: "VR",
  other: "Другое",
};

/** /calendar/platforms: the editors' list of platforms (title, address, badge, order). Others get a 403. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) loaderError(new AppError("unauthenticated"));
  if (!can(ctx.actor, "edit")) loaderError(new AppError("forbidden", "Платформы правят редакторы базы игр."));
  return { platforms: await listPlatforms(ctx) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let values: Record<string, string> = {};
  return runAction(
    async () => {
      const form = await readForm(request, ctx);
      values = formFields(form);
      const fields = { title: values.title, slug: values.slug, icon: values.icon, position: values.position };
      if (values.intent === "create") {
        await createPlatform(ctx, fields);
        return { ok: true as const, intent: "create", message: "Платформа добавлена." };
      }
      await updatePlatform(ctx, values.id, fields);
      return { ok: true as const, intent: `platform-${values.id}`, message: "Сохранено." };
    },
    () => values,
  );
}

function PlatformFields({ platform, failure }: { platform?: PlatformShape; failure: FormFailure | null }) {
  const errors = failure?.errors ?? {};
  return (
    <div className="form-row cal-date-row">
      <Field
        label="Название"
        name="title"
        required
        maxLength={40}
        defaultValue={platform?.title}
        errors={errors.title}
      />
      <Field
        label="Адрес"
        name="slug"
        required
        maxLength={30}
        pattern="[a-z0-9][a-z0-9\-]*"
        defaultValue={platform?.slug}
        errors={errors.slug}
      />
      <SelectField label="Значок" name="icon" defaultValue={platform?.icon ?? "other"} errors={errors.icon}>
        {PLATFORM_ICONS.map((icon) => (
          <option key={icon} value={icon}>
            {ICON_TITLES[icon]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Порядок"
        name="position"
        type="number"
        min={0}
        max={10000}
        defaultValue={platform?.position ?? 0}
        errors={errors.position}
      />
    </div>
  );
}

export default function PlatformsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { platforms } = loaderData;
  const failure = (intent: string) => asFailure(actionData, intent);
  return (
    <main className="page page-calendar">
      <p className="cal-back">
        <Link to="/calendar">← Календарь релизов</Link>
      </p>
      <header className="page-header">
        <div className="page-header-text">
          <h1 className="page-title">Платформы</h1>
          <p className="page-subtitle">Фильтр и значки календаря идут в этом порядке.</p>
        </div>
      </header>
      <ul className="cal-game-releases">
        {platforms.map((platform) => {
          const own = failure("update")?.values?.id === String(platform.id) ? failure("update") : null;
          return (
            <li key={platform.id} className="cal-game-release">
              <Form method="post" className="form">
                <CsrfField />
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={platform.id} />
                <FormErrors failure={own} fields={["title", "slug", "icon", "position"]} />
                <PlatformFields platform={platform} failure={own} />
                <SuccessMessage message={asSuccess(actionData, `platform-${platform.id}`)?.message} />
                <div className="form-actions">
                  <SubmitButton intent="update">Сохранить «{platform.title}»</SubmitButton>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
      <section className="card cal-editor" aria-labelledby="new-platform">
        <h2 id="new-platform" className="cal-section-title">
          Новая платформа
        </h2>
        <Form method="post" className="form">
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <FormErrors failure={failure("create")} fields={["title", "slug", "icon", "position"]} />
          <PlatformFields failure={failure("create")} />
          <SuccessMessage message={asSuccess(actionData, "create")?.message} />
          <div className="form-actions">
            <SubmitButton intent="create">Добавить платформу</SubmitButton>
          </div>
        </Form>
      </section>
    </main>
  );
}
