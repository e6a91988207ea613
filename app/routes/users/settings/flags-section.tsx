import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { CheckboxField, errorsFor, FormErrors, SubmitButton, SuccessMessage } from "#app/components/form";
import { SETTING_KEYS, SETTINGS, type Settings } from "#workers/core/accounts/accounts.constants";
import { IntentField, type SectionProps, useSection } from "./section";

/** «Настройки»: the member's on/off settings, saved together. */
export function FlagsSection({ settings, actionData, readOnly }: SectionProps & { settings: Settings }) {
  const flags = useSection(actionData, "settings");
  return (
    <section className="card settings-section" aria-labelledby="settings-flags">
      <h3 id="settings-flags">Настройки</h3>
      <Form method="post" className="form" aria-labelledby="settings-flags">
        <fieldset disabled={readOnly}>
          <CsrfField />
          <IntentField intent="settings" />
          <FormErrors failure={flags.failure} />
          <div className="settings-flags">
            {SETTING_KEYS.map((key) => (
              <CheckboxField
                key={`${key}-${settings[key]}`}
                name={key}
                label={SETTINGS[key].label}
                defaultChecked={settings[key]}
                errors={errorsFor(flags.failure, `settings.${key}`)}
              />
            ))}
          </div>
          <div className="form-actions">
            <SubmitButton intent="settings" pendingText="Сохраняем…">
              Сохранить настройки
            </SubmitButton>
            <SuccessMessage message={flags.success?.message} />
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
