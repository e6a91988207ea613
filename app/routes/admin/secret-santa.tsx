import { data, Form, redirect, useActionData } from "react-router";
import { AdminNav } from "#app/components/admin-nav";
import { CsrfField } from "#app/components/csrf-field";
import {
  asFailure,
  asSuccess,
  errorsFor,
  Field,
  FormErrors,
  SubmitButton,
  SuccessMessage,
  valueFor,
} from "#app/components/form";
import { Link } from "#app/components/link";
import { SantaTextarea } from "#app/components/santa-textarea";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { exchangeForEditing, saveSantaExchange } from "#workers/core/santa/santa.admin";
import { can } from "#workers/core/santa/santa.policy";
import { countApplications, listApplicationsForAdmin, stageOf } from "#workers/core/santa/santa.read";
import { formatSantaDate, STAGE_LABELS, STEP_STAGES } from "#workers/core/santa/santa.stage";
import santaCss from "../secret-santa/santa.css?url";
import type { Route } from "./+types/secret-santa";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: santaCss }];

/** Extra empty FAQ rows the form offers for new questions. */
const NEW_FAQ_ROWS = 2;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Тайный Санта: настройка",
    description: "Даты, тексты и условия обмена подарками.",
    noindex: true,
  });
}

/** A Moscow `datetime-local` value (the form's dates are Moscow time). */
function moscowInput(value: Date | string): string {
  return new Date(new Date(value).getTime() + 3 * 3_600_000).toISOString().slice(0, 16);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (!can(ctx.actor, "manage")) throw data({ detail: "Нет доступа." }, { status: 403 });
  const { exchange, draft } = await exchangeForEditing(ctx);
  return {
    isNew: !exchange,
    stage: STAGE_LABELS[stageOf(exchange, ctx.now())],
    form: {
      year: draft.year,
      opens_at: moscowInput(draft.opensAt),
      closes_at: moscowInput(draft.closesAt),
      send_by: moscowInput(draft.sendBy),
      receive_by: moscowInput(draft.receiveBy),
      min_account_days: draft.minAccountDays,
      min_activity: draft.minActivity,
      steps: draft.steps,
      faq: draft.faq,
    },
    drawnAt: exchange?.drawnAt?.toISOString() ?? null,
    counts: exchange ? await countApplications(ctx.db, exchange.id) : null,
    applications: exchange ? await listApplicationsForAdmin(ctx, exchange) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      const faq = Object.keys(fields)
        .map((key) => /^faq\.(\d+)\.question$/.exec(key)?.[1])
        .filter((i): i is string => i !== undefined)
        .map((i) => ({ question: fields[`faq.${i}.question`] ?? "", answer: fields[`faq.${i}.answer`] ?? "" }))
        .filter((item) => item.question.trim() || item.answer.trim());
      await saveSantaExchange(ctx, {
        year: fields.year,
        opens_at: fields.opens_at,
        closes_at: fields.closes_at,
        send_by: fields.send_by,
        receive_by: fields.receive_by,
        min_account_days: fields.min_account_days,
        min_activity: fields.min_activity,
        steps: STEP_STAGES.map((stage) => ({
          stage,
          title: fields[`steps.${stage}.title`],
          text: fields[`steps.${stage}.text`],
        })),
        faq,
      });
      return { ok: true as const, message: "Обмен сохранён." };
    },
    () => fields,
  );
}

const GIFT_LABELS = { none: "без Санты", waiting: "ждёт отправки", sent: "отправлен", received: "получен" } as const;

export default function SantaAdmin({ loaderData }: Route.ComponentProps) {
  const { form, isNew, stage, counts, applications, drawnAt } = loaderData;
  const result = useActionData<typeof action>();
  const failure = asFailure(result);
  const v = (name: string, fallback: string | number) => valueFor(failure, name) ?? String(fallback);
  const stepFor = (stage: string) => form.steps.find((s) => s.stage === stage);
  const dateFields = [
    ["opens_at", "Начало приёма заявок"],
    ["closes_at", "Конец приёма заявок (и жеребьёвка)"],
    ["send_by", "Отправить подарки до"],
    ["receive_by", "Получить подарки до"],
  ] as const;
  // Each question's form row (`faq.N`): the saved ones, then empty rows for new questions.
  const faqRows = [...form.faq, ...Array.from({ length: NEW_FAQ_ROWS }, () => ({ question: "", answer: "" }))].map(
    (item, n) => ({
      ...item,
      name: `faq.${n}`,
      legend: `Вопрос ${n + 1}`,
    }),
  );
  const shown = ["year", "min_account_days", "min_activity", ...dateFields.map(([name]) => name)];
  return (
    <main className="page admin-page santa-page">
      <AdminNav />
      <h1>Тайный Санта: настройка</h1>
      <p>
        {isNew ? "Обмена ещё нет: заполните форму, чтобы объявить его." : `Сейчас: ${stage}.`}{" "}
        {drawnAt ? `Жеребьёвка прошла ${formatSantaDate(drawnAt)}.` : null}{" "}
        <Link to="/secret-santa">Страница обмена</Link>
      </p>
      <section className="card">
        <h2>Даты, условия и тексты</h2>
        <Form method="post" className="form">
          <CsrfField />
          <FormErrors failure={failure} fields={shown} />
          <Field
            label="Год"
            name="year"
            type="number"
            defaultValue={v("year", form.year)}
            errors={errorsFor(failure, "year")}
          />
          <p className="field-hint">Время — московское. Год другого обмена создаёт новый обмен.</p>
          {dateFields.map(([name, label]) => (
            <Field
              key={name}
              label={label}
              name={name}
              type="datetime-local"
              defaultValue={v(name, form[name])}
              errors={errorsFor(failure, name)}
            />
          ))}
          <Field
            label="Аккаунту не меньше, дней"
            name="min_account_days"
            type="number"
            min={0}
            defaultValue={v("min_account_days", form.min_account_days)}
            errors={errorsFor(failure, "min_account_days")}
          />
          <Field
            label="Статей, комментариев и записок не меньше"
            name="min_activity"
            type="number"
            min={0}
            defaultValue={v("min_activity", form.min_activity)}
            errors={errorsFor(failure, "min_activity")}
          />
          <p className="field-hint">Участники с действующим баном или блокировкой подать заявку не могут.</p>
          <h3>Этапы</h3>
          {STEP_STAGES.map((step, i) => (
            <fieldset key={step} className="santa-admin-step">
              <legend>Этап {i + 1}</legend>
              <Field
                label="Название"
                name={`steps.${step}.title`}
                defaultValue={v(`steps.${step}.title`, stepFor(step)?.title ?? "")}
                errors={errorsFor(failure, `steps.${i}.title`)}
              />
              <SantaTextarea
                label="Текст"
                name={`steps.${step}.text`}
                defaultValue={v(`steps.${step}.text`, stepFor(step)?.text ?? "")}
                errors={errorsFor(failure, `steps.${i}.text`)}
              />
            </fieldset>
          ))}
          <h3>Вопросы и ответы</h3>
          {faqRows.map((row) => (
            <fieldset key={row.name} className="santa-admin-step">
              <legend>{row.question ? row.legend : "Новый вопрос"}</legend>
              <Field
                label="Вопрос"
                name={`${row.name}.question`}
                defaultValue={v(`${row.name}.question`, row.question)}
                errors={errorsFor(failure, `${row.name}.question`)}
              />
              <SantaTextarea
                label="Ответ"
                name={`${row.name}.answer`}
                defaultValue={v(`${row.name}.answer`, row.answer)}
                errors={errorsFor(failure, `${row.name}.answer`)}
              />
            </fieldset>
          ))}
          <p className="field-hint">Пустой вопрос с пустым ответом удаляется.</p>
          <SubmitButton>Сохранить обмен</SubmitButton>
          <SuccessMessage message={asSuccess(result)?.message} />
        </Form>
      </section>
      {counts ? (
        <section className="card">
          <h2>Заявки</h2>
          <p>
            Заявок: {counts.applied}, отправлено: {counts.sent}, получено: {counts.received}.
          </p>
          {applications.length ? (
            <div className="santa-admin-scroll">
              <table className="santa-admin-table">
                <thead>
                  <tr>
                    <th scope="col">Участник</th>
                    <th scope="col">Имя и адрес</th>
                    <th scope="col">Санта</th>
                    <th scope="col">Подарок</th>
                  </tr>
                </thead>
                <tbody>
                  {applications.map((a) => (
                    <tr key={a.id}>
                      <td>
                        <Link to={`/users/${a.user.id}`}>{a.user.username}</Link>
                        {a.is_backup ? " (запасной Санта)" : ""}
                      </td>
                      <td>
                        {a.is_address_deleted ? "удалены" : `${a.full_name}, ${a.address}, ${a.city}, ${a.country}`}
                      </td>
                      <td>
                        {a.santa ? a.santa.username : "—"}
                        {a.gift.by_backup && a.original_santa ? ` (вместо ${a.original_santa.username})` : ""}
                      </td>
                      <td>
                        {GIFT_LABELS[a.gift.status]}
                        {a.gift.tracking_number ? `, ${a.gift.tracking_number}` : ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>Заявок пока нет.</p>
          )}
        </section>
      ) : null}
    </main>
  );
}
