import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import {
  CheckboxField,
  errorsFor,
  Field,
  FormErrors,
  type FormFailure,
  SubmitButton,
  valueFor,
} from "#app/components/form";
import type { OwnApplication } from "#workers/core/santa/santa.read";
import { SANTA_LIMITS } from "#workers/core/santa/santa.schemas";
import { SantaTextarea } from "./santa-textarea";

const FIELDS = ["full_name", "address", "country", "city", "wishes", "dislikes"] as const;
const COUNTRIES = [
  "Россия",
  "Беларусь",
  "Казахстан",
  "Армения",
  "Грузия",
  "Узбекистан",
  "Кыргызстан",
  "Израиль",
  "Германия",
];

/** The application form: a new application (`apply`) or the member's own, until applications close (`update`). */
export function SantaApplicationForm({
  application,
  failure,
}: {
  application: OwnApplication | null;
  failure: FormFailure | null;
}) {
  const intent = application ? "update" : "apply";
  const value = (name: (typeof FIELDS)[number]) => valueFor(failure, name) ?? application?.[name] ?? "";
  const checked = (name: "same_country" | "is_backup") =>
    failure ? failure.values?.[name] === "on" : (application?.[name] ?? false);
  return (
    <Form method="post" className="form santa-form" aria-label={application ? "Изменить заявку" : "Заявка на участие"}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {application ? <input type="hidden" name="id" value={application.id} /> : null}
      <FormErrors failure={failure} fields={FIELDS} />
      <Field
        label="Имя и фамилия получателя"
        name="full_name"
        autoComplete="name"
        maxLength={SANTA_LIMITS.fullName}
        defaultValue={value("full_name")}
        errors={errorsFor(failure, "full_name")}
        required
      />
      <div className="santa-form-row">
        <Field
          label="Страна"
          name="country"
          list="santa-countries"
          autoComplete="country-name"
          maxLength={SANTA_LIMITS.country}
          defaultValue={value("country")}
          errors={errorsFor(failure, "country")}
          required
        />
        <Field
          label="Город"
          name="city"
          autoComplete="address-level2"
          maxLength={SANTA_LIMITS.city}
          defaultValue={value("city")}
          errors={errorsFor(failure, "city")}
          required
        />
      </div>
      <datalist id="santa-countries">
        {COUNTRIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <SantaTextarea
        label="Почтовый адрес"
        name="address"
        autoComplete="street-address"
        maxLength={SANTA_LIMITS.address}
        defaultValue={value("address")}
        errors={errorsFor(failure, "address")}
        hint="Улица, дом, квартира и индекс. Адрес хранится зашифрованным; его увидят только ваш Санта и администраторы."
        required
      />
      <SantaTextarea
        label="Пожелания"
        name="wishes"
        maxLength={SANTA_LIMITS.wishes}
        defaultValue={value("wishes")}
        errors={errorsFor(failure, "wishes")}
        hint="Во что играете, что любите, что давно хотели."
      />
      <SantaTextarea
        label="Что не дарить"
        name="dislikes"
        rows={2}
        maxLength={SANTA_LIMITS.dislikes}
        defaultValue={value("dislikes")}
        errors={errorsFor(failure, "dislikes")}
        hint="Аллергии, то, что уже есть, то, что не нравится."
      />
      <CheckboxField
        label="Дарить и получать по возможности в своей стране"
        name="same_country"
        defaultChecked={checked("same_country")}
      />
      <CheckboxField
        label="Готов(а) стать запасным Сантой, если чей-то подарок не отправят вовремя"
        name="is_backup"
        defaultChecked={checked("is_backup")}
      />
      <div className="form-actions">
        <SubmitButton intent={intent}>{application ? "Сохранить заявку" : "Подать заявку"}</SubmitButton>
      </div>
    </Form>
  );
}
