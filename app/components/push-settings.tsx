import { useEffect, useState } from "react";
import { ApiError } from "#app/lib/api";
import { getPushState, type PushState, subscribeToPush, unsubscribeFromPush } from "#app/lib/push";

const STATE_TEXT: Record<PushState, string> = {
  unsupported: "Браузер не поддерживает push-уведомления.",
  unavailable: "Push-уведомления на сайте пока не настроены.",
  denied:
    "Уведомления для сайта запрещены в настройках браузера. Разрешите их в свойствах сайта (значок слева от адреса) и обновите страницу.",
  subscribed: "Уведомления включены в этом браузере: они придут, когда сайт не открыт ни в одной вкладке.",
  unsubscribed: "Уведомления сайта могут приходить в этот браузер, когда сайт не открыт ни в одной вкладке.",
};

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof DOMException && error.name === "NotAllowedError") return STATE_TEXT.denied;
  return "Не удалось изменить подписку на уведомления. Попробуйте ещё раз.";
}

/**
 * Settings section «Push-уведомления» (member's own settings page): turns web push on or off for this browser.
 * The state is only known in the browser, so the server render shows the section as «Проверяем…».
 */
export function PushSettings() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getPushState()
      .then((next) => live && setState(next))
      .catch(() => live && setState("unsubscribed"));
    return () => {
      live = false;
    };
  }, []);

  async function run(action: () => Promise<PushState>) {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  const canToggle = state === "subscribed" || state === "unsubscribed";
  return (
    <section className="card settings-section push-settings" aria-labelledby="settings-push" aria-busy={busy}>
      <h3 id="settings-push">Push-уведомления</h3>
      <p className={state === "unsupported" || state === "denied" ? "info" : "muted"} role="status">
        {state ? STATE_TEXT[state] : "Проверяем…"}
      </p>
      {error ? (
        <div className="form-errors" role="alert">
          {error}
        </div>
      ) : null}
      {canToggle ? (
        <div className="form-actions">
          {state === "subscribed" ? (
            <button type="button" className="btn" disabled={busy} onClick={() => run(unsubscribeFromPush)}>
              {busy ? "Отключаем…" : "Отключить"}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run(subscribeToPush)}>
              {busy ? "Включаем…" : "Включить уведомления в браузере"}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
