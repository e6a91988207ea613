import { data, Form, redirect, useActionData } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, asSuccess, errorsFor, FormErrors, SubmitButton, SuccessMessage } from "#app/components/form";
import { Link } from "#app/components/link";
import { formatDateTime } from "#app/lib/dates";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import moderationCss from "#app/styles/pages/moderation.css?url";
import { AppError } from "#workers/core/errors";
import { setFingerprintRequired } from "#workers/core/moderation/fingerprints";
import { activateUser, banUser, blockUser } from "#workers/core/moderation/sanctions";
import { BLOCK_TERMS, MAX_BLOCK_DAYS, REASON_MAX } from "#workers/core/moderation/sanctions.constants";
import { memberModeration } from "#workers/core/moderation/sanctions.member";
import { pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/user";
import { AuditList, SanctionHistory, SanctionStatus } from "./user-parts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: moderationCss }];

export function meta(args: Route.MetaArgs) {
  const name = args.loaderData?.view.user.username;
  return pageMeta(args, {
    title: name ? `Модерация: ${name}` : "Модерация участника",
    description: "Ограничения участника, журнал и устройства.",
    noindex: true,
  });
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const url = new URL(request.url);
  if (!ctx.actor) throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  try {
    const view = await memberModeration(ctx, params.id);
    // The reports page links here with the report's reason: `/admin/users/<id>?reason=<text>`.
    const reason = (url.searchParams.get("reason") ?? "").slice(0, REASON_MAX);
    return data({ view, reason }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    loaderError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      switch (fields.intent) {
        case "sanction": {
          const reason = fields.reason ?? "";
          if (fields.term === "ban") {
            await banUser(ctx, params.id, { reason });
            return { ok: true as const, intent: "sanction", message: "Участник забанен." };
          }
          const raw = fields.term === "custom" ? fields.days : fields.term;
          if (!raw) throw AppError.field("days", "Выберите срок.");
          const result = await blockUser(ctx, params.id, { reason, days: raw });
          return {
            ok: true as const,
            intent: "sanction",
            message: `Участник заблокирован на ${pluralize(result.days ?? 0, ["день", "дня", "дней"])}.`,
          };
        }
        case "activate":
          await activateUser(ctx, params.id);
          return { ok: true as const, intent: "activate", message: "Ограничение снято." };
        case "fp-required": {
          const { is_fp_required } = await setFingerprintRequired(ctx, params.id, {
            is_fp_required: fields.value === "on",
          });
          return {
            ok: true as const,
            intent: "fp-required",
            message: is_fp_required
              ? "Отпечаток устройства теперь требуется."
              : "Отпечаток устройства больше не требуется.",
          };
        }
        default:
          throw new AppError("invalid", "Неизвестное действие.");
      }
    },
    () => fields,
  );
}

function SanctionForm({ reason, failure }: { reason: string; failure: ReturnType<typeof asFailure> }) {
  const values = failure?.values;
  const term = values?.term ?? "3";
  return (
    <Form method="post" className="form moderation-form" aria-labelledby="moderation-sanction">
      <CsrfField />
      <input type="hidden" name="intent" value="sanction" />
      <FormErrors failure={failure} fields={["reason", "days"]} />
      <div className="field">
        <label htmlFor="sanction-reason">Причина (её увидит участник)</label>
        <textarea
          id="sanction-reason"
          name="reason"
          rows={3}
          required
          maxLength={REASON_MAX}
          defaultValue={values?.reason ?? reason}
          aria-invalid={errorsFor(failure, "reason").length ? true : undefined}
        />
        {errorsFor(failure, "reason").map((m) => (
          <p key={m} className="field-error">
            {m}
          </p>
        ))}
      </div>
      <fieldset className="moderation-terms">
        <legend>Срок</legend>
        {BLOCK_TERMS.map((days) => (
          <label key={days} className="checkbox">
            <input type="radio" name="term" value={String(days)} defaultChecked={term === String(days)} />
            {pluralize(days, ["день", "дня", "дней"])}
          </label>
        ))}
        <label className="checkbox">
          <input type="radio" name="term" value="custom" defaultChecked={term === "custom"} />
          другой срок:
        </label>
        <input
          type="number"
          name="days"
          min={1}
          max={MAX_BLOCK_DAYS}
          className="moderation-days"
          aria-label="Срок в днях"
          defaultValue={values?.days ?? ""}
        />
        <label className="checkbox">
          <input type="radio" name="term" value="ban" defaultChecked={term === "ban"} />
          навсегда (бан)
        </label>
        {errorsFor(failure, "days").map((m) => (
          <p key={m} className="field-error">
            {m}
          </p>
        ))}
      </fieldset>
      <SubmitButton intent="sanction" variant="danger">
        Ограничить
      </SubmitButton>
    </Form>
  );
}

export default function MemberModeration({ loaderData }: Route.ComponentProps) {
  const { view, reason } = loaderData;
  const result = useActionData<typeof action>();
  const active = view.sanctions.find((s) => s.is_active) ?? null;
  return (
    <main className="page admin-page moderation-member">
      <h1>
        Модерация: <Link to={`/users/${view.user.id}`}>{view.user.username}</Link>
      </h1>
      <p className="moderation-meta">
        На сайте с {formatDateTime(view.user.datetime_created)}
        {view.user.datetime_last_seen ? `, последний визит ${formatDateTime(view.user.datetime_last_seen)}` : ""}
        {view.user.is_admin ? " · администратор" : view.user.is_mod ? " · модератор" : ""}
      </p>

      <section className="card" aria-labelledby="moderation-status">
        <h2 id="moderation-status">Сейчас</h2>
        <SanctionStatus sanction={active} />
        {active && view.can.sanction ? (
          <Form method="post" className="form form-inline">
            <CsrfField />
            <input type="hidden" name="intent" value="activate" />
            <SubmitButton intent="activate" variant="secondary">
              Снять досрочно
            </SubmitButton>
          </Form>
        ) : null}
        <FormErrors failure={asFailure(result, "activate")} />
        <SuccessMessage message={asSuccess(result, "activate")?.message} />
      </section>

      {view.can.sanction ? (
        <section className="card" aria-labelledby="moderation-sanction">
          <h2 id="moderation-sanction">{active ? "Заменить ограничение" : "Ограничить"}</h2>
          <SanctionForm reason={reason} failure={asFailure(result, "sanction")} />
          <SuccessMessage message={asSuccess(result, "sanction")?.message} />
        </section>
      ) : (
        <p className="moderation-note">
          Ограничить этого участника вы не можете: модераторы ограничивают участников, администраторы — ещё и
          модераторов; администраторов и себя не ограничивает никто.
        </p>
      )}

      <section className="card" aria-labelledby="moderation-history">
        <h2 id="moderation-history">История ограничений</h2>
        <SanctionHistory sanctions={view.sanctions} />
      </section>

      <section className="card" aria-labelledby="moderation-devices">
        <h2 id="moderation-devices">Устройства</h2>
        <p>
          {view.user.is_fp_required ? "Отпечаток устройства требуется. " : "Отпечаток устройства не требуется. "}
          {view.fingerprints.count
            ? `Известно ${pluralize(view.fingerprints.count, ["устройство", "устройства", "устройств"])}.`
            : "Устройств пока нет."}
        </p>
        {view.fingerprints.matches.length ? (
          <>
            <h3>Другие аккаунты с теми же устройствами</h3>
            <ul className="moderation-matches">
              {view.fingerprints.matches.map((m) => (
                <li key={m.user.id}>
                  <Link to={`/admin/users/${m.user.id}`}>{m.user.username}</Link>
                  {m.user.is_banned ? <span className="badge badge-danger">ограничен</span> : null} —{" "}
                  {pluralize(m.shared, ["общее устройство", "общих устройства", "общих устройств"])}, последний раз{" "}
                  {formatDateTime(m.datetime_last_seen)}
                </li>
              ))}
            </ul>
          </>
        ) : view.fingerprints.count ? (
          <p>Других аккаунтов с этими устройствами нет.</p>
        ) : null}
        {view.can.set_fp_required ? (
          <Form method="post" className="form form-inline">
            <CsrfField />
            <input type="hidden" name="intent" value="fp-required" />
            <input type="hidden" name="value" value={view.user.is_fp_required ? "" : "on"} />
            <SubmitButton intent="fp-required" variant="secondary">
              {view.user.is_fp_required ? "Не требовать отпечаток" : "Требовать отпечаток устройства"}
            </SubmitButton>
            <FormErrors failure={asFailure(result, "fp-required")} />
            <SuccessMessage message={asSuccess(result, "fp-required")?.message} />
          </Form>
        ) : null}
      </section>

      <section className="card" aria-labelledby="moderation-audit">
        <h2 id="moderation-audit">Журнал действий об участнике</h2>
        <AuditList entries={view.audit} />
      </section>
    </main>
  );
}
