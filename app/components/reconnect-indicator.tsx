import { useEffect, useState } from "react";
import { useRealtime } from "#app/realtime/provider";

export const REALTIME_FAILED_TOOLTIP = "Не удалось подключиться. Нажмите, чтобы повторить попытку.";

/** Spec §4: the reconnecting banner shows a random quip. */
export const RECONNECT_QUIPS = [
  "Подкидываем дров в костёр…",
  "Ищем сигнал где-то между Нирном и Зоной…",
  "Сервер ушёл за квестом, скоро вернётся.",
  "Переподключаемся. Не выключайте консоль.",
  "Загрузка как в 2007-м: терпение, сталкер.",
  "Лисичка побежала чинить провода.",
  "Респаун через несколько секунд…",
] as const;

function randomQuip(): string {
  return RECONNECT_QUIPS[Math.floor(Math.random() * RECONNECT_QUIPS.length)] ?? RECONNECT_QUIPS[0];
}

/**
 * The realtime channel's state in the toolbar (spec §4 "Realtime channel"): nothing while connected; a
 * pulsing dot and a banner with a random quip while reconnecting; "Обновляем…" while re-syncing; a red
 * button with the spec's tooltip after the last retry — a click starts over.
 */
export function ReconnectIndicator() {
  const { status, retry } = useRealtime();
  const [quip, setQuip] = useState<string>(RECONNECT_QUIPS[0]);
  useEffect(() => {
    if (status === "reconnecting") setQuip(randomQuip());
  }, [status]);

  if (status === "failed") {
    return (
      <button
        type="button"
        className="reconnect-indicator"
        data-state="failed"
        title={REALTIME_FAILED_TOOLTIP}
        aria-label={REALTIME_FAILED_TOOLTIP}
        onClick={retry}
      >
        <span className="reconnect-dot" />
        <span className="reconnect-label">Нет связи</span>
      </button>
    );
  }
  const visible = status === "reconnecting" || status === "syncing";
  return (
    <span className="reconnect-indicator" data-state={visible ? status : "idle"} role="status" aria-live="polite">
      {visible ? (
        <>
          <span className="reconnect-dot" />
          <span className="reconnect-label">{status === "syncing" ? "Обновляем контент…" : quip}</span>
        </>
      ) : null}
    </span>
  );
}
