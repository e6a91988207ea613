import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { errorsFor, FormErrors, SelectField, SubmitButton, SuccessMessage } from "#app/components/form";
import { THEME_TITLES, THEMES, type Theme } from "#workers/core/accounts/appearance.constants";
import { IntentField, type SectionProps, useSection } from "./section";

/** «Оформление»: the member's theme. */
export function ThemeSection({ theme: current, actionData, readOnly }: SectionProps & { theme: Theme }) {
  const theme = useSection(actionData, "theme");
  return (
    <section className="card settings-section" aria-labelledby="settings-theme">
      <h3 id="settings-theme">Оформление</h3>
      <Form method="post" className="form" aria-labelledby="settings-theme">
        <fieldset disabled={readOnly}>
          <CsrfField />
          <IntentField intent="theme" />
          <FormErrors failure={theme.failure} fields={["theme"]} />
          <SelectField
            label="Тема"
            name="theme"
            defaultValue={current}
            key={current}
            errors={errorsFor(theme.failure, "theme")}
          >
            {THEMES.map((name) => (
              <option key={name} value={name}>
                {THEME_TITLES[name]}
              </option>
            ))}
          </SelectField>
          <div className="form-actions">
            <SubmitButton intent="theme" pendingText="Сохраняем…">
              Сохранить тему
            </SubmitButton>
            <SuccessMessage message={theme.success?.message} />
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
