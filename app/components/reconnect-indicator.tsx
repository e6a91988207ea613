/**
 * Placeholder of the realtime reconnect indicator (spec §4 "Realtime channel"); the realtime client fills it
 * in a later issue (states: idle, reconnecting, syncing, failed). Renders nothing visible while idle.
 */
export function ReconnectIndicator({ state = "idle" }: { state?: "idle" | "reconnecting" | "syncing" | "failed" }) {
  return <span className="reconnect-indicator" data-state={state} aria-live="polite" hidden={state === "idle"} />;
}
