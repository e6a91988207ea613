import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { errorsFor, Field, FormErrors, SubmitButton, SuccessMessage, valueFor } from "#app/components/form";
import { USERNAME_MAX, USERNAME_MIN } from "#workers/core/accounts/accounts.constants";
import { IntentField, type SectionProps, useSection } from "./section";

/** «Имя»: renaming. */
export function NameSection({ username, actionData, readOnly }: SectionProps & { username: string }) {
  const rename = useSection(actionData, "rename");
  return (
    <section className="card settings-section" aria-labelledby="settings-name">
      <h3 id="settings-name">Имя</h3>
      <Form method="post" className="form" aria-labelledby="settings-name">
        <fieldset disabled={readOnly}>
          <CsrfField />
          <IntentField intent="rename" />
          <FormErrors failure={rename.failure} fields={["username"]} />
          <Field
            label="Имя пользователя"
            name="username"
            autoComplete="username"
            required
            minLength={USERNAME_MIN}
            maxLength={USERNAME_MAX}
            defaultValue={valueFor(rename.failure, "username") ?? username}
            key={rename.failure ? "failed" : username}
            hint={`От ${USERNAME_MIN} до ${USERNAME_MAX} символов: буквы, цифры, «_», «-», «.».`}
            errors={errorsFor(rename.failure, "username")}
          />
          <div className="form-actions">
            <SubmitButton intent="rename" pendingText="Сохраняем…">
              Сменить имя
            </SubmitButton>
            <SuccessMessage message={rename.success?.message} />
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
