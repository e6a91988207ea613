import { Form, redirect } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import {
  asFailure,
  asSuccess,
  errorsFor,
  FieldErrors,
  FormErrors,
  SubmitButton,
  SuccessMessage,
  valueFor,
} from "#app/components/form";
import { Link } from "#app/components/link";
import { ReportedContent } from "#app/components/report-content";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { SHOUT_STYLES } from "#app/routes/bonfire/styles";
import communityCss from "#app/styles/pages/community.css?url";
import { createReport, reportFormData } from "#workers/core/reports/reports";
import { REASON_LABELS, REPORT_REASONS, REPORT_TEXT_MAX } from "#workers/core/reports/reports.constants";
import type { Route } from "./+types/report";

/** Reported shouts show their pictures and videos as the bonfire does (its styles). */
export const links: Route.LinksFunction = () => [...SHOUT_STYLES, { rel: "stylesheet", href: communityCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Пожаловаться", description: "Жалоба модераторам.", noindex: true });

function signIn(request: Request): never {
  throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) signIn(request);
  try {
    return await reportFormData(ctx, params.type, params.id);
  } catch (error) {
    loaderError(error);
  }
}

/** The form's fallback without JavaScript, and the page's only door: POST /v1/report/ does the same. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) signIn(request);
  let values: Record<string, string> = {};
  return runAction(
    async () => {
      values = formFields(await readForm(request, ctx));
      const created = await createReport(ctx, {
        target_type: params.type,
        target_id: Number(params.id),
        reason: values.reason ?? "",
        text: values.text ?? "",
      });
      return { ok: true as const, message: created.detail };
    },
    () => values,
  );
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { content, target_label, already } = loaderData;
  const failure = asFailure(actionData);
  const success = asSuccess(actionData);
  const back = content.url ?? "/";
  return (
    <main className="page page-narrow">
      <section className="card report-page">
        <h1>{`Пожаловаться на ${target_label}`}</h1>
        <ReportedContent content={content} />
        {success || already ? (
          <>
            <SuccessMessage message={success?.message ?? "Вы уже пожаловались на это. Модераторы рассмотрят жалобу."} />
            <p>
              <Link to={back}>Вернуться</Link>
            </p>
          </>
        ) : (
          <Form method="post" className="form">
            <CsrfField />
            <FormErrors failure={failure} fields={["reason", "text"]} />
            <fieldset
              className="report-reasons"
              aria-describedby={failure?.errors.reason ? "reason-errors" : undefined}
            >
              <legend>Что не так?</legend>
              {REPORT_REASONS.map((reason) => (
                <div key={reason} className="field field-checkbox">
                  <input
                    id={`reason-${reason}`}
                    type="radio"
                    name="reason"
                    value={reason}
                    required
                    defaultChecked={valueFor(failure, "reason") === reason}
                  />
                  <label htmlFor={`reason-${reason}`}>{REASON_LABELS[reason]}</label>
                </div>
              ))}
              <FieldErrors id="reason-errors" errors={errorsFor(failure, "reason")} />
            </fieldset>
            <div className="field">
              <label htmlFor="report-text">Подробности (для «Другое» — обязательно)</label>
              <textarea
                id="report-text"
                name="text"
                rows={3}
                maxLength={REPORT_TEXT_MAX}
                defaultValue={valueFor(failure, "text") ?? ""}
                aria-invalid={errorsFor(failure, "text").length ? true : undefined}
                aria-describedby={errorsFor(failure, "text").length ? "text-errors" : undefined}
              />
              <FieldErrors id="text-errors" errors={errorsFor(failure, "text")} />
            </div>
            <div className="form-actions">
              <SubmitButton pendingText="Отправляем…">Отправить жалобу</SubmitButton>
              <Link to={back}>Отмена</Link>
            </div>
          </Form>
        )}
      </section>
    </main>
  );
}
