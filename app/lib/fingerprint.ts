import { api } from "#app/lib/api";

/** Components longer than this (as JSON) are sent as a marker only: the server keeps none of them anyway. */
const COMPONENT_MAX = 400;

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * Computes the device's hash with ThumbmarkJS (MIT, a chunk of its own) and stores it with `PATCH /v1/user/fp/`
 * (decision 0025); `sentKey` marks the tab's session as done. Its telemetry (`logging`) is off: nothing leaves for
 * a third party, and the CSP would refuse it. Loaded only by the members an admin marked (FingerprintSender), so
 * no page's first load carries it.
 */
export async function sendFingerprint(sentKey: string, cancelled: () => boolean): Promise<void> {
  try {
    const { Thumbmark } = await import("@thumbmarkjs/thumbmarkjs");
    const result = await new Thumbmark({ logging: false, exclude: ["webrtc", "permissions"] }).get();
    if (cancelled() || !result.thumbmark) return;
    const components = Object.fromEntries(
      Object.entries(result.components ?? {}).map(([name, value]) => {
        const json = JSON.stringify(value) ?? "";
        return [name, json.length > COMPONENT_MAX ? "…" : value];
      }),
    );
    const data = toBase64(JSON.stringify({ hash: result.thumbmark, components }));
    await api("/v1/user/fp/", { method: "PATCH", json: { data } });
    try {
      sessionStorage.setItem(sentKey, "1");
    } catch {}
  } catch {
    // Best effort: a device that cannot compute it (old browser, blocked canvas) just sends nothing.
  }
}
