import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { FormErrors, SubmitButton, SuccessMessage } from "#app/components/form";
import type { SessionView } from "#workers/core/accounts/sessions";
import { LocalDate } from "../profile-parts";
import { IntentField, useSection } from "./section";

/** A readable device name from a User-Agent header. */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Неизвестное устройство";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /YaBrowser/.test(userAgent)
      ? "Яндекс Браузер"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : "Браузер";
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser}, ${os}` : browser;
}

/** «Сеансы»: where the member is signed in, and signing out everywhere else. */
export function SessionsSection({ sessions, actionData }: { sessions: SessionView[]; actionData: unknown }) {
  const sessionsResult = useSection(actionData, "revoke-sessions");
  return (
    <section className="card settings-section" aria-labelledby="settings-sessions">
      <h3 id="settings-sessions">Сеансы</h3>
      <p className="muted">
        Где выполнен вход в ваш аккаунт. Если видите незнакомое устройство — завершите остальные сеансы и смените
        пароль.
      </p>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="session-item">
            <span className="session-device">{describeDevice(session.user_agent)}</span>
            <span className="muted">
              {session.is_current ? (
                "этот сеанс"
              ) : (
                <>
                  последний вход <LocalDate value={session.datetime_last_used} withTime />
                </>
              )}
              {session.ip ? ` · ${session.ip}` : ""}
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="form">
        <CsrfField />
        <IntentField intent="revoke-sessions" />
        <FormErrors failure={sessionsResult.failure} />
        <SubmitButton
          intent="revoke-sessions"
          variant="secondary"
          disabled={sessions.length < 2}
          pendingText="Завершаем…"
        >
          Завершить все другие сеансы
        </SubmitButton>
        <SuccessMessage message={sessionsResult.success?.message} />
      </Form>
    </section>
  );
}
