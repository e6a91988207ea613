import { data, Form, redirect, useActionData, useSubmit } from "react-router";
import { AdminNav } from "#app/components/admin-nav";
import { ConfirmDialog, useConfirmedSubmit } from "#app/components/confirm-dialog";
import { CsrfField } from "#app/components/csrf-field";
import { PageLinks } from "#app/components/feed-paging";
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
import { formatDate } from "#app/lib/dates";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { formatRubles } from "#app/routes/donate/money";
import {
  addManualDonation,
  deleteDonation,
  getMonthlyGoal,
  linkDonation,
  listAdminDonations,
  setDonationGoal,
} from "#workers/core/donations/donations";
import { MANUAL_PROVIDERS, PROVIDER_LABELS } from "#workers/core/donations/donations.constants";
import { can } from "#workers/core/donations/donations.policy";
import { AppError } from "#workers/core/errors";
import { pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/donations";
import adminCss from "./donations-medals.css?url";

const DAYS = ["день", "дня", "дней"] as const;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Пожертвования", description: "Учёт пожертвований и цель месяца.", noindex: true });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) {
    const url = new URL(request.url);
    throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(url.pathname)}`);
  }
  if (!can(ctx.actor, "manage")) throw data({ detail: "Нет доступа." }, { status: 403 });
  const page = new URL(request.url).searchParams.get("page") || undefined;
  const [donations, goal] = await Promise.all([listAdminDonations(ctx, page), getMonthlyGoal(ctx)]);
  return { donations, goal };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      switch (fields.intent) {
        case "goal":
          await setDonationGoal(ctx, { goal_rub: fields.goal_rub ?? "" });
          return { ok: true as const, intent: "goal", message: "Цель месяца сохранена." };
        case "add": {
          const donation = await addManualDonation(ctx, {
            provider: fields.provider ?? "",
            amount_rub: fields.amount_rub ?? "",
            username: fields.username ?? "",
            name: fields.name ?? "",
            is_anonymous: fields.is_anonymous === "on",
            message: fields.message ?? "",
            donated_at: fields.donated_at ?? "",
            reference: fields.reference ?? "",
          });
          return {
            ok: true as const,
            intent: "add",
            message: `Пожертвование на ${formatRubles(donation.amount)} внесено.`,
          };
        }
        case "link":
          await linkDonation(ctx, fields.id, { username: fields.username ?? "" });
          return { ok: true as const, intent: "link", message: "Пожертвование привязано." };
        case "delete":
          await deleteDonation(ctx, fields.id);
          return { ok: true as const, intent: "delete", message: "Запись удалена." };
        default:
          throw new AppError("invalid", "Неизвестное действие.");
      }
    },
    () => fields,
  );
}

/** Deleting asks first (JavaScript on): a mistaken entry goes, and with it the supporter days it gave. */
function DeleteDonation({ id, what }: { id: number; what: string }) {
  const submit = useSubmit();
  const confirm = useConfirmedSubmit((form) => submit(form));
  return (
    <>
      <Form method="post" ref={confirm.form} onSubmit={confirm.ask}>
        <CsrfField />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="btn btn-sm btn-danger" aria-label={`Удалить пожертвование ${what}`}>
          Удалить
        </button>
      </Form>
      <ConfirmDialog
        {...confirm.dialog}
        title={`Удалить пожертвование ${what}?`}
        text="Участник потеряет дни поддержки, которые оно дало."
        confirmLabel="Удалить"
      />
    </>
  );
}

export default function AdminDonations({ loaderData }: Route.ComponentProps) {
  const { donations, goal } = loaderData;
  const result = useActionData<typeof action>();
  const goalFailure = asFailure(result, "goal");
  const addFailure = asFailure(result, "add");
  const rowFailure = asFailure(result, "link") ?? asFailure(result, "delete");
  return (
    <main className="page admin-page">
      <AdminNav />
      <h1>Пожертвования</h1>
      <section className="card" aria-labelledby="goal-heading">
        <h2 id="goal-heading">Цель месяца</h2>
        <Form method="post" className="form">
          <CsrfField />
          <input type="hidden" name="intent" value="goal" />
          <FormErrors failure={goalFailure} fields={["goal_rub"]} />
          <Field
            label="Сколько нужно собрать за месяц, ₽"
            name="goal_rub"
            inputMode="decimal"
            defaultValue={valueFor(goalFailure, "goal_rub") ?? String(goal / 100)}
            errors={errorsFor(goalFailure, "goal_rub")}
          />
          <SubmitButton intent="goal">Сохранить цель</SubmitButton>
          <SuccessMessage message={asSuccess(result, "goal")?.message} />
        </Form>
      </section>
      <section className="card" aria-labelledby="add-heading">
        <h2 id="add-heading">Внести вручную</h2>
        <p className="muted">
          Переводы на счёт, Boosty и всё, что приходит без уведомления. ЮMoney и Stripe вносятся сами.
        </p>
        <Form method="post" className="form" key={asSuccess(result, "add")?.message}>
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          <FormErrors
            failure={addFailure}
            fields={["provider", "amount_rub", "username", "name", "message", "donated_at", "reference"]}
          />
          <SelectField
            label="Откуда"
            name="provider"
            defaultValue={valueFor(addFailure, "provider") ?? "bank"}
            errors={errorsFor(addFailure, "provider")}
          >
            {MANUAL_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {PROVIDER_LABELS[provider]}
              </option>
            ))}
          </SelectField>
          <Field
            label="Сумма, ₽"
            name="amount_rub"
            inputMode="decimal"
            required
            defaultValue={valueFor(addFailure, "amount_rub")}
            errors={errorsFor(addFailure, "amount_rub")}
          />
          <Field
            label="Участник (имя на сайте)"
            name="username"
            hint="Станет меценатом: монетка на аватаре на срок по сумме."
            defaultValue={valueFor(addFailure, "username")}
            errors={errorsFor(addFailure, "username")}
          />
          <Field
            label="Имя для списка"
            name="name"
            hint="Пусто — имя участника или «Аноним»."
            defaultValue={valueFor(addFailure, "name")}
            errors={errorsFor(addFailure, "name")}
          />
          <CheckboxField label="Показывать как «Аноним»" name="is_anonymous" />
          <Field
            label="Сообщение"
            name="message"
            defaultValue={valueFor(addFailure, "message")}
            errors={errorsFor(addFailure, "message")}
          />
          <Field
            label="Дата"
            name="donated_at"
            type="date"
            hint="Пусто — сегодня."
            defaultValue={valueFor(addFailure, "donated_at")}
            errors={errorsFor(addFailure, "donated_at")}
          />
          <Field
            label="Номер платежа"
            name="reference"
            hint="Из выписки или Boosty: один платёж не внесётся дважды."
            defaultValue={valueFor(addFailure, "reference")}
            errors={errorsFor(addFailure, "reference")}
          />
          <SubmitButton intent="add">Внести</SubmitButton>
          <SuccessMessage message={asSuccess(result, "add")?.message} />
        </Form>
      </section>
      <section className="card" aria-labelledby="list-heading">
        <h2 id="list-heading">Все пожертвования</h2>
        <FormErrors failure={rowFailure} fields={[]} />
        <SuccessMessage message={asSuccess(result, "link")?.message ?? asSuccess(result, "delete")?.message} />
        {donations.results.length ? (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Дата</th>
                  <th scope="col">Сумма</th>
                  <th scope="col">Откуда</th>
                  <th scope="col">В списке</th>
                  <th scope="col">Участник</th>
                  <th scope="col">Действия</th>
                </tr>
              </thead>
              <tbody>
                {donations.results.map((d) => (
                  <tr key={d.id}>
                    <td>{formatDate(d.datetime)}</td>
                    <td>{formatRubles(d.amount)}</td>
                    <td>
                      {d.provider_label}
                      {d.external_id ? <div className="muted">№ {d.external_id}</div> : null}
                    </td>
                    <td>
                      {d.name}
                      {d.message ? <div className="muted">{d.message}</div> : null}
                    </td>
                    <td>
                      <Form method="post" className="admin-inline-form">
                        <CsrfField />
                        <input type="hidden" name="intent" value="link" />
                        <input type="hidden" name="id" value={d.id} />
                        <label className="visually-hidden" htmlFor={`member-${d.id}`}>
                          Участник пожертвования №{d.id}
                        </label>
                        <input id={`member-${d.id}`} name="username" defaultValue={d.member?.username ?? ""} />
                        <button type="submit" className="btn btn-sm">
                          Привязать
                        </button>
                      </Form>
                      {d.supporter_days ? <div className="muted">+{pluralize(d.supporter_days, DAYS)}</div> : null}
                    </td>
                    <td>
                      <DeleteDonation id={d.id} what={`${formatRubles(d.amount)} от ${formatDate(d.datetime)}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">Пожертвований пока нет.</p>
        )}
        <PageLinks next={donations.next} previous={donations.previous} nextLabel="Раньше" />
      </section>
    </main>
  );
}
