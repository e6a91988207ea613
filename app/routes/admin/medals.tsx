import { data, Form, redirect, useActionData } from "react-router";
import { AdminNav } from "#app/components/admin-nav";
import { CsrfField } from "#app/components/csrf-field";
import {
  asFailure,
  asSuccess,
  CheckboxField,
  errorsFor,
  Field,
  FormErrors,
  SelectField,
  SubmitButton,
  SuccessMessage,
  valueFor,
} from "#app/components/form";
import { MedalPicture } from "#app/components/medal-picture";
import { formFields, formFiles, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { AppError } from "#workers/core/errors";
import { awardMedal, createMedal, listMedals, updateMedal } from "#workers/core/medals/medals";
import { MEDAL_RULE_LABELS, MEDAL_RULES } from "#workers/core/medals/medals.constants";
import { can } from "#workers/core/medals/medals.policy";
import type { MedalItem } from "#workers/core/medals/medals.serializers";
import type { Route } from "./+types/medals";
import adminCss from "./donations-medals.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Медали", description: "Медали сайта: создание и вручение.", noindex: true });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) {
    const url = new URL(request.url);
    throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(url.pathname)}`);
  }
  if (!can(ctx.actor, "manage")) throw data({ detail: "Нет доступа." }, { status: 403 });
  return { medals: await listMedals(ctx) };
}

function medalInput(fields: Record<string, string>) {
  return {
    name: fields.name ?? "",
    description: fields.description ?? "",
    is_automatic: fields.is_automatic === "on",
    rule: fields.rule ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      const form = await readForm(request, ctx);
      fields = formFields(form);
      const [picture] = formFiles(form, "picture");
      switch (fields.intent) {
        case "create": {
          const medal = await createMedal(ctx, medalInput(fields), picture);
          return { ok: true as const, intent: "create", message: `Медаль «${medal.name}» создана.` };
        }
        case "update": {
          const medal = await updateMedal(ctx, fields.id, medalInput(fields), picture);
          return { ok: true as const, intent: `update-${medal.id}`, message: "Медаль сохранена." };
        }
        case "award": {
          const award = await awardMedal(ctx, fields.id, { username: fields.username ?? "", note: fields.note ?? "" });
          return {
            ok: true as const,
            intent: `award-${award.medal.id}`,
            message: `Медаль «${award.medal.name}» вручена участнику ${fields.username}.`,
          };
        }
        default:
          throw new AppError("invalid", "Неизвестное действие.");
      }
    },
    () => ({ ...fields, intent: fields.intent === "create" ? "create" : `${fields.intent}-${fields.id}` }),
  );
}

type Failure = ReturnType<typeof asFailure>;

function MedalFields({ medal, failure }: { medal: MedalItem | null; failure: Failure }) {
  const value = (name: string, fallback: string) => valueFor(failure, name) ?? fallback;
  return (
    <>
      <Field
        label="Название"
        name="name"
        required
        defaultValue={value("name", medal?.name ?? "")}
        errors={errorsFor(failure, "name")}
      />
      <Field
        label="Описание"
        name="description"
        defaultValue={value("description", medal?.description ?? "")}
        errors={errorsFor(failure, "description")}
      />
      <Field
        label="Картинка"
        name="picture"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hint="Квадратная, JPEG, PNG, GIF или WebP до 5 МБ."
        errors={errorsFor(failure, "picture")}
      />
      <CheckboxField
        label="Автоматическая (выдаётся ежедневной проверкой)"
        name="is_automatic"
        defaultChecked={medal?.is_automatic}
      />
      <SelectField
        label="Правило"
        name="rule"
        defaultValue={value("rule", medal?.rule ?? "")}
        errors={errorsFor(failure, "rule")}
      >
        <option value="">Без правила — вручают администраторы</option>
        {MEDAL_RULES.map((rule) => (
          <option key={rule} value={rule}>
            {MEDAL_RULE_LABELS[rule]}
          </option>
        ))}
      </SelectField>
    </>
  );
}

export default function AdminMedals({ loaderData }: Route.ComponentProps) {
  const { medals } = loaderData;
  const result = useActionData<typeof action>();
  const createFailure = asFailure(result, "create");
  return (
    <main className="page admin-page">
      <AdminNav />
      <h1>Медали</h1>
      <section className="card" aria-labelledby="medals-heading">
        <h2 id="medals-heading">Все медали</h2>
        <ul className="medal-admin-list">
          {medals.map((medal) => {
            const updateFailure = asFailure(result, `update-${medal.id}`);
            const awardFailure = asFailure(result, `award-${medal.id}`);
            return (
              <li className="medal-admin" key={medal.id}>
                <MedalPicture medal={medal} size={64} />
                <div>
                  <h3 className="medal-admin-name">{medal.name}</h3>
                  {medal.description ? <p>{medal.description}</p> : null}
                  <p className="medal-admin-rule">
                    {medal.is_automatic && medal.rule
                      ? `Автоматическая: ${MEDAL_RULE_LABELS[medal.rule]}`
                      : "Вручают администраторы"}
                  </p>
                  <SuccessMessage
                    message={
                      asSuccess(result, `award-${medal.id}`)?.message ??
                      asSuccess(result, `update-${medal.id}`)?.message
                    }
                  />
                  <details open={!!awardFailure || undefined}>
                    <summary>Вручить «{medal.name}»</summary>
                    <Form method="post" className="form" key={asSuccess(result, `award-${medal.id}`)?.message}>
                      <CsrfField />
                      <input type="hidden" name="intent" value="award" />
                      <input type="hidden" name="id" value={medal.id} />
                      <FormErrors failure={awardFailure} fields={["username", "note"]} />
                      <Field
                        label="Участник (имя на сайте)"
                        name="username"
                        required
                        defaultValue={valueFor(awardFailure, "username")}
                        errors={errorsFor(awardFailure, "username")}
                      />
                      <Field
                        label="Примечание"
                        name="note"
                        hint="За что: участник увидит его в уведомлении."
                        defaultValue={valueFor(awardFailure, "note")}
                        errors={errorsFor(awardFailure, "note")}
                      />
                      <SubmitButton intent="award">Вручить</SubmitButton>
                    </Form>
                  </details>
                  <details open={!!updateFailure || undefined}>
                    <summary>Изменить «{medal.name}»</summary>
                    <Form method="post" encType="multipart/form-data" className="form">
                      <CsrfField />
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="id" value={medal.id} />
                      <FormErrors failure={updateFailure} fields={["name", "description", "picture", "rule"]} />
                      <MedalFields medal={medal} failure={updateFailure} />
                      <SubmitButton intent="update">Сохранить</SubmitButton>
                    </Form>
                  </details>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="card" aria-labelledby="create-heading">
        <h2 id="create-heading">Новая медаль</h2>
        <Form method="post" encType="multipart/form-data" className="form" key={asSuccess(result, "create")?.message}>
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <FormErrors failure={createFailure} fields={["name", "description", "picture", "rule"]} />
          <MedalFields medal={null} failure={createFailure} />
          <SubmitButton intent="create">Создать медаль</SubmitButton>
          <SuccessMessage message={asSuccess(result, "create")?.message} />
        </Form>
      </section>
    </main>
  );
}
