import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { Link } from "#app/components/link";
import type { IgnoredMember } from "#workers/core/notifications/ignores";
import { LocalDate } from "../profile-parts";

/** «Игнорируемые»: the members whose notifications the member does not get, with a way to stop. */
export function IgnoresSection({ userId, ignored }: { userId: number; ignored: IgnoredMember[] }) {
  const back = `/users/${userId}/settings`;
  return (
    <section className="card settings-section" aria-labelledby="settings-ignores">
      <h3 id="settings-ignores">Игнорируемые</h3>
      {ignored.length ? (
        <ul className="session-list ignore-list">
          {ignored.map((member) => (
            <li key={member.id} className="session-item">
              <Link to={`/users/${member.id}`}>{member.username}</Link>
              <span className="muted">
                {member.datetime_until ? (
                  <>
                    до <LocalDate value={member.datetime_until} />
                  </>
                ) : (
                  "навсегда"
                )}
              </span>
              <Form method="post" action={`/users/${member.id}/ignore`} className="form-inline">
                <CsrfField />
                <input type="hidden" name="intent" value="stop" />
                <input type="hidden" name="redirectTo" value={back} />
                <button type="submit" className="btn btn-sm">
                  Перестать игнорировать
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          Вы никого не игнорируете. Игнорировать участника можно в его профиле: его действия перестанут приходить вам в
          уведомления.
        </p>
      )}
    </section>
  );
}
