import { useActionData } from "react-router";
import { asFailure, asSuccess, SuccessMessage } from "#app/components/form";
import { Link } from "#app/components/link";
import { SantaApplicationForm } from "#app/components/santa-application-form";
import { SantaGift } from "#app/components/santa-gift";
import { SantaRecipient } from "#app/components/santa-recipient";
import { formFields, formFiles, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { AppError } from "#workers/core/errors";
import { getMySanta, getSantaFaq, getSantaMeta, getSantaSteps } from "#workers/core/santa/santa.read";
import { formatSantaDate } from "#workers/core/santa/santa.stage";
import { applyToSanta, markGiftReceived, markGiftSent, updateSantaApplication } from "#workers/core/santa/santa.write";
import { plural } from "#workers/core/shared/plural";
import type { Route } from "./+types/index";
import santaCss from "./santa.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: santaCss }];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Тайный Санта",
    description: "Новогодний обмен подарками сообщества: заявки, жеребьёвка, отправка и получение подарков.",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const [meta, steps, faq] = await Promise.all([getSantaMeta(ctx), getSantaSteps(ctx), getSantaFaq(ctx)]);
  const my = ctx.actor && !ctx.sharedRender ? await getMySanta(ctx) : null;
  return { meta, steps, faq, my, signedIn: !!ctx.actor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      const form = await readForm(request, ctx);
      fields = formFields(form);
      const input = {
        full_name: fields.full_name,
        address: fields.address,
        country: fields.country,
        city: fields.city,
        wishes: fields.wishes,
        dislikes: fields.dislikes,
        same_country: fields.same_country === "on",
        is_backup: fields.is_backup === "on",
      };
      switch (fields.intent) {
        case "apply":
          await applyToSanta(ctx, input);
          return {
            ok: true as const,
            intent: "apply",
            message: "Заявка принята! До конца приёма заявок её можно изменить.",
          };
        case "update":
          await updateSantaApplication(ctx, fields.id, input);
          return { ok: true as const, intent: "update", message: "Заявка сохранена." };
        case "send":
          await markGiftSent(ctx, fields.id, { tracking_number: fields.tracking_number });
          return {
            ok: true as const,
            intent: "send",
            message: "Отмечено: подарок отправлен. Получатель узнает об этом.",
          };
        case "receive":
          await markGiftReceived(ctx, fields.id, { thanks: fields.thanks, files: formFiles(form, "files") });
          return { ok: true as const, intent: "receive", message: "Отмечено: подарок получен. Санта узнает об этом." };
        default:
          throw new AppError("invalid", "Неизвестное действие.");
      }
    },
    () => fields,
  );
}

const DRAWN_STAGES = ["sending", "receiving", "finished"];

export default function SecretSanta({ loaderData }: Route.ComponentProps) {
  const { meta, steps, faq, my, signedIn } = loaderData;
  const result = useActionData<typeof action>();
  const failure = asFailure(result);
  const success = asSuccess(result);
  const application = my?.application ?? null;
  const applicationFailure = failure && ["apply", "update"].includes(failure.values?.intent ?? "") ? failure : null;
  return (
    <main className="page santa-page">
      <header className="page-header santa-hero">
        <div>
          <h1 className="page-title">Тайный Санта{meta.year ? ` ${meta.year}` : ""}</h1>
          <p className="page-subtitle" data-stage={meta.stage}>
            {meta.stage_label}
          </p>
        </div>
        {meta.year ? (
          <ul className="santa-counts" aria-label="Обмен в цифрах">
            <li>
              <strong>{meta.counts.applied}</strong> {plural(meta.counts.applied, ["заявка", "заявки", "заявок"])}
            </li>
            <li>
              <strong>{meta.counts.sent}</strong>{" "}
              {plural(meta.counts.sent, ["подарок отправлен", "подарка отправлено", "подарков отправлено"])}
            </li>
            <li>
              <strong>{meta.counts.received}</strong>{" "}
              {plural(meta.counts.received, ["подарок получен", "подарка получено", "подарков получено"])}
            </li>
          </ul>
        ) : null}
      </header>

      <SuccessMessage message={success?.message} />

      {steps.length ? (
        <section className="card" aria-labelledby="santa-steps-title">
          <h2 id="santa-steps-title" className="card-title">
            Как это устроено
          </h2>
          <ol className="santa-steps">
            {steps.map((step) => (
              <li
                key={step.id}
                className={["santa-step", step.is_current ? "is-current" : null, step.is_done ? "is-done" : null]
                  .filter(Boolean)
                  .join(" ")}
                aria-current={step.is_current ? "step" : undefined}
              >
                <span className="santa-step-title">{step.title}</span>
                {step.starts_at ? <time dateTime={step.starts_at}>{formatSantaDate(step.starts_at)}</time> : null}
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          {meta.closes_at && meta.send_by && meta.receive_by ? (
            <p className="faint">
              Заявки — до {formatSantaDate(meta.closes_at)}, отправить подарок — до {formatSantaDate(meta.send_by)},
              получить — до {formatSantaDate(meta.receive_by)}.
            </p>
          ) : null}
        </section>
      ) : (
        <section className="card">
          <p>Обмен этого года ещё не объявлен. Загляните позже!</p>
        </section>
      )}

      {my?.recipients.length ? (
        <section className="santa-section" aria-labelledby="santa-recipients-title">
          <h2 id="santa-recipients-title">{my.recipients.length > 1 ? "Ваши получатели" : "Кому вы дарите"}</h2>
          {my.recipients.map((recipient) => (
            <SantaRecipient
              key={recipient.id}
              recipient={recipient}
              failure={failure?.values?.intent === "send" ? failure : null}
            />
          ))}
        </section>
      ) : null}

      {application && my && DRAWN_STAGES.includes(my.stage) ? (
        <section className="santa-section">
          <SantaGift application={application} failure={failure?.values?.intent === "receive" ? failure : null} />
        </section>
      ) : null}

      {meta.stage === "applications" ? (
        <section className="card" aria-labelledby="santa-apply-title">
          <h2 id="santa-apply-title" className="card-title">
            {application ? "Ваша заявка" : "Заявка на участие"}
          </h2>
          {!signedIn ? (
            <p>
              <Link to="/auth/sign-in?redirectTo=/secret-santa">Войдите</Link>, чтобы подать заявку.
            </p>
          ) : application ? (
            <>
              <p className="info">Заявка принята. До конца приёма заявок её можно изменить.</p>
              <SantaApplicationForm application={application} failure={applicationFailure} />
            </>
          ) : my?.eligibility.eligible ? (
            <SantaApplicationForm application={null} failure={applicationFailure} />
          ) : (
            <div className="santa-not-eligible">
              <p>Пока подать заявку нельзя:</p>
              <ul>
                {my?.eligibility.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
      ) : application && my?.stage === "drawing" ? (
        <section className="card">
          <p>Заявка принята. Скоро жеребьёвка — мы пришлём уведомление.</p>
        </section>
      ) : meta.stage === "upcoming" && meta.opens_at ? (
        <section className="card">
          <p>Приём заявок начнётся {formatSantaDate(meta.opens_at)}.</p>
        </section>
      ) : meta.stage === "cancelled" ? (
        <section className="card">
          <p>
            Заявок было меньше трёх, а дарить по кругу можно только втроём и больше. Обмен в этом году не состоялся,
            адреса удалены.
          </p>
        </section>
      ) : null}

      {application?.is_address_deleted && my?.stage === "finished" ? (
        <p className="faint">Имя и адрес из вашей заявки удалены.</p>
      ) : null}

      {faq.length ? (
        <section className="card" aria-labelledby="santa-faq-title">
          <h2 id="santa-faq-title" className="card-title">
            Вопросы и ответы
          </h2>
          {faq.map((item) => (
            <details key={item.id} className="santa-faq">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </section>
      ) : null}
    </main>
  );
}
