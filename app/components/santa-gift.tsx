import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { errorsFor, FormErrors, type FormFailure, SubmitButton } from "#app/components/form";
import { Link } from "#app/components/link";
import type { OwnApplication } from "#workers/core/santa/santa.read";
import { SANTA_LIMITS } from "#workers/core/santa/santa.schemas";
import { formatSantaDate } from "#workers/core/santa/santa.stage";
import { SantaTextarea } from "./santa-textarea";

const STATUS: Record<OwnApplication["gift"]["status"], string> = {
  none: "Санту вам ещё не назначили.",
  waiting: "Ваш Санта готовит подарок.",
  sent: "Подарок в пути!",
  received: "Подарок получен.",
};

/** The gift the member is to receive: its state and the form that marks it received, with a thank-you shout. */
export function SantaGift({ application, failure }: { application: OwnApplication; failure: FormFailure | null }) {
  const { gift } = application;
  return (
    <article className="card santa-gift" aria-labelledby="santa-gift-title">
      <h3 id="santa-gift-title" className="card-title">
        Ваш подарок
      </h3>
      <p>
        {STATUS[gift.status]}
        {gift.by_backup ? " Его отправит запасной Санта." : ""}
        {gift.sent_at ? ` Отправлен ${formatSantaDate(gift.sent_at)}.` : ""}
        {gift.tracking_number ? ` Трек-номер: ${gift.tracking_number}.` : ""}
        {gift.received_at ? ` Получен ${formatSantaDate(gift.received_at)}.` : ""}
      </p>
      {gift.thanks_shout_id ? (
        <p>
          <Link to={`/bonfire/${gift.thanks_shout_id}`}>Ваша благодарность у «Костра»</Link>
        </p>
      ) : null}
      {gift.status === "waiting" || gift.status === "sent" ? (
        <Form method="post" encType="multipart/form-data" className="form santa-receive" aria-label="Получение подарка">
          <CsrfField />
          <input type="hidden" name="intent" value="receive" />
          <input type="hidden" name="id" value={application.id} />
          <FormErrors failure={failure} fields={["thanks"]} />
          <SantaTextarea
            label="Спасибо Санте (по желанию — станет запиской у «Костра»)"
            name="thanks"
            maxLength={SANTA_LIMITS.thanks}
            defaultValue={failure?.values?.thanks ?? ""}
            errors={errorsFor(failure, "thanks")}
          />
          <div className="field">
            <label htmlFor="santa-thanks-photo">Фото подарка (по желанию)</label>
            <input id="santa-thanks-photo" type="file" name="files" accept="image/*" />
          </div>
          <SubmitButton intent="receive">Подарок получен</SubmitButton>
        </Form>
      ) : null}
    </article>
  );
}
