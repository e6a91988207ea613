import { useEffect } from "react";
import { api } from "#app/lib/api";
import { useRootData } from "#app/lib/root-data";

/** Spec §4: the fingerprint goes 1 s after the page loads. */
const DELAY_MS = 1000;
/** Components longer than this (as JSON) are sent as a marker only: the server keeps none of them anyway. */
const COMPONENT_MAX = 400;
const SENT_KEY = "kostyor-fp-sent";

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * Device fingerprint (decision 0025), only for members an admin marked `is_fp_required`: 1 s after load the
 * ThumbmarkJS library (MIT, loaded lazily as its own chunk, so nobody else downloads it) computes the device's
 * hash, and `PATCH /v1/user/fp/` stores it. Its telemetry (`logging`) is off: nothing leaves for a third party,
 * and the CSP would refuse it. Once a tab session.
 */
export function FingerprintSender() {
  const { user } = useRootData();
  const required = !!user?.is_fp_required;
  const userId = user?.id;
  useEffect(() => {
    if (!required || !userId) return;
    const key = `${SENT_KEY}:${userId}`;
    try {
      if (sessionStorage.getItem(key)) return;
    } catch {}
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const { Thumbmark } = await import("@thumbmarkjs/thumbmarkjs");
        const result = await new Thumbmark({ logging: false, exclude: ["webrtc", "permissions"] }).get();
        if (cancelled || !result.thumbmark) return;
        const components = Object.fromEntries(
          Object.entries(result.components ?? {}).map(([name, value]) => {
            const json = JSON.stringify(value) ?? "";
            return [name, json.length > COMPONENT_MAX ? "…" : value];
          }),
        );
        const data = toBase64(JSON.stringify({ hash: result.thumbmark, components }));
        await api("/v1/user/fp/", { method: "PATCH", json: { data } });
        try {
          sessionStorage.setItem(key, "1");
        } catch {}
      } catch {
        // Best effort: a device that cannot compute it (old browser, blocked canvas) just sends nothing.
      }
    }, DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [required, userId]);
  return null;
}
