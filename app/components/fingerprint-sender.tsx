import { useEffect } from "react";
import { useRootData } from "#app/lib/root-data";

/** Spec §4: the fingerprint goes 1 s after the page loads. */
const DELAY_MS = 1000;
const SENT_KEY = "kostyor-fp-sent";

/**
 * Device fingerprint (decision 0025), only for members an admin marked `is_fp_required`: 1 s after load the
 * fingerprint module (app/lib/fingerprint.ts, loaded then) computes the device's hash and stores it. Once a tab
 * session.
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
    const timer = setTimeout(() => {
      import("#app/lib/fingerprint")
        .then(({ sendFingerprint }) => sendFingerprint(key, () => cancelled))
        .catch(() => {});
    }, DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [required, userId]);
  return null;
}
