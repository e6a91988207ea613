import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { errorsFor, Field, FormErrors, type FormFailure, SubmitButton } from "#app/components/form";
import { Link } from "#app/components/link";
import type { RecipientView } from "#workers/core/santa/santa.read";
import { SANTA_LIMITS } from "#workers/core/santa/santa.schemas";
import { formatSantaDate } from "#workers/core/santa/santa.stage";

/** What a santa sees of a recipient — name, address, wishes — and the form that marks the gift sent. */
export function SantaRecipient({ recipient, failure }: { recipient: RecipientView; failure: FormFailure | null }) {
  const mine = failure?.values?.id === String(recipient.id) ? failure : null;
  return (
    <article className="card santa-recipient" aria-labelledby={`santa-recipient-${recipient.id}`}>
      <h3 id={`santa-recipient-${recipient.id}`} className="card-title">
        {recipient.is_backup_assignment ? "Вы — запасной Санта для " : "Ваш получатель — "}
        <Link to={`/users/${recipient.user.id}`}>{recipient.user.username}</Link>
      </h3>
      <dl className="santa-details">
        <dt>Имя</dt>
        <dd>{recipient.full_name || "удалено"}</dd>
        <dt>Адрес</dt>
        <dd className="santa-address">
          {recipient.address ? `${recipient.address}, ${recipient.city}, ${recipient.country}` : "удалён после обмена"}
        </dd>
        <dt>Пожелания</dt>
        <dd>{recipient.wishes || "Получатель ничего не написал — удивите!"}</dd>
        {recipient.dislikes ? (
          <>
            <dt>Не дарить</dt>
            <dd>{recipient.dislikes}</dd>
          </>
        ) : null}
      </dl>
      {recipient.received_at ? (
        <p className="success">
          Подарок получен {formatSantaDate(recipient.received_at)}.{" "}
          {recipient.thanks_shout_id ? (
            <Link to={`/bonfire/${recipient.thanks_shout_id}`}>Благодарность у «Костра»</Link>
          ) : null}
        </p>
      ) : (
        <Form method="post" className="form santa-send" aria-label={`Отправка подарка для ${recipient.user.username}`}>
          <CsrfField />
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="id" value={recipient.id} />
          {recipient.sent_at ? (
            <p className="info">
              Отправлено {formatSantaDate(recipient.sent_at)}
              {recipient.tracking_number ? `, трек-номер ${recipient.tracking_number}` : ""}.
            </p>
          ) : null}
          <FormErrors failure={mine} fields={["tracking_number"]} />
          <Field
            label="Трек-номер (по желанию)"
            name="tracking_number"
            maxLength={SANTA_LIMITS.tracking}
            defaultValue={recipient.tracking_number}
            errors={errorsFor(mine, "tracking_number")}
          />
          <SubmitButton intent="send">{recipient.sent_at ? "Обновить трек-номер" : "Подарок отправлен"}</SubmitButton>
        </Form>
      )}
    </article>
  );
}
