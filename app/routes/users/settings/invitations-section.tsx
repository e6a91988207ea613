import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { errorsFor, FormErrors, SelectField, SubmitButton, SuccessMessage, valueFor } from "#app/components/form";
import { INVITATION_DAYS, INVITATION_QUOTA } from "#workers/core/accounts/accounts.constants";
import type { InvitationView } from "#workers/core/accounts/profile";
import { pluralize } from "#workers/core/shared/plural";
import { LocalDate } from "../profile-parts";
import { IntentField, useSection } from "./section";

const DAY_FORMS = ["день", "дня", "дней"] as const;

/** «Приглашения»: the member's invitation codes and a form for a new one. */
export function InvitationsSection({
  invitations,
  actionData,
}: {
  invitations: InvitationView[];
  actionData: unknown;
}) {
  const invitation = useSection(actionData, "invitation");
  return (
    <section className="card settings-section" aria-labelledby="settings-invitations">
      <h3 id="settings-invitations">Приглашения</h3>
      <p className="muted">
        Пригласите друга: код действует один раз. Одновременно можно держать до{" "}
        {pluralize(INVITATION_QUOTA, [
          "действующего приглашения",
          "действующих приглашений",
          "действующих приглашений",
        ])}
        .
      </p>
      {invitations.length ? (
        <table className="invitations">
          <thead>
            <tr>
              <th scope="col">Код</th>
              <th scope="col">Ссылка</th>
              <th scope="col">Срок</th>
              <th scope="col">Состояние</th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((item) => {
              const state = item.is_used ? "used" : item.is_expired ? "expired" : "active";
              return (
                <tr key={item.code} className={`invitation invitation-${state}`}>
                  <td>
                    <code>{item.code}</code>
                  </td>
                  <td>
                    {state === "active" ? (
                      <input
                        className="invitation-link"
                        type="text"
                        readOnly
                        value={item.url}
                        aria-label={`Ссылка приглашения ${item.code}`}
                        onFocus={(event) => event.currentTarget.select()}
                      />
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td>
                    до <LocalDate value={item.datetime_expires} withTime />
                  </td>
                  <td>{state === "used" ? "Использовано" : state === "expired" ? "Истекло" : "Действует"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="empty">Вы ещё никого не приглашали.</p>
      )}
      <Form method="post" className="form form-row" aria-labelledby="settings-invitations">
        <CsrfField />
        <IntentField intent="invitation" />
        <SelectField
          label="Срок действия"
          name="days"
          defaultValue={valueFor(invitation.failure, "days") ?? "7"}
          errors={errorsFor(invitation.failure, "days")}
        >
          {INVITATION_DAYS.map((days) => (
            <option key={days} value={days}>
              {pluralize(days, DAY_FORMS)}
            </option>
          ))}
        </SelectField>
        <div className="form-actions">
          <SubmitButton intent="invitation" pendingText="Создаём…">
            Создать приглашение
          </SubmitButton>
        </div>
        <FormErrors failure={invitation.failure} fields={["days"]} />
        <SuccessMessage message={invitation.success?.message} />
      </Form>
    </section>
  );
}
