import { safeEqual } from "#workers/platform/crypto";
import { rublesToKopecks } from "../donations.schemas";

/**
 * ЮMoney HTTP notifications about incoming transfers (their wallet API docs, «Уведомление о входящем переводе»):
 * a POST of `application/x-www-form-urlencoded` fields. Authenticity: `sha1_hash` is the hex SHA-1 of
 * `notification_type&operation_id&amount&currency&datetime&sender&codepro&notification_secret&label` — the
 * fields' values as sent, joined by «&», with the wallet's notification secret in its place.
 */
export const YOOMONEY_SIGNED_FIELDS = [
  "notification_type",
  "operation_id",
  "amount",
  "currency",
  "datetime",
  "sender",
  "codepro",
  "notification_secret",
  "label",
] as const;

/** The string ЮMoney hashes for a notification. */
export function yooMoneySignedString(fields: URLSearchParams, secret: string): string {
  return YOOMONEY_SIGNED_FIELDS.map((name) =>
    name === "notification_secret" ? secret : (fields.get(name) ?? ""),
  ).join("&");
}

export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export type YooMoneyVerdict =
  | { kind: "bad_signature" }
  | { kind: "malformed"; reason: string }
  /** Signed, but no money to record: a test from the wallet settings, or a transfer on hold (codepro/unaccepted). */
  | { kind: "skip"; reason: string }
  | {
      kind: "donation";
      operationId: string;
      /** Kopecks credited to the wallet (`amount`, after ЮMoney's fee). */
      amount: number;
      donatedAt: Date | null;
      label: string;
    };

/** Checks a notification's signature, then reads it. Never throws. */
export async function readYooMoneyNotification(fields: URLSearchParams, secret: string): Promise<YooMoneyVerdict> {
  const sent = (fields.get("sha1_hash") ?? "").trim().toLowerCase();
  const expected = await sha1Hex(yooMoneySignedString(fields, secret));
  if (!/^[0-9a-f]{40}$/.test(sent) || !safeEqual(sent, expected)) return { kind: "bad_signature" };
  if (fields.get("test_notification") === "true") return { kind: "skip", reason: "test notification" };
  if (fields.get("codepro") === "true" || fields.get("unaccepted") === "true") {
    return { kind: "skip", reason: "transfer not credited yet (codepro/unaccepted)" };
  }
  const operationId = (fields.get("operation_id") ?? "").trim();
  if (!operationId || operationId.length > 100) return { kind: "malformed", reason: "operation_id" };
  if (fields.get("currency") !== "643") return { kind: "malformed", reason: "currency is not 643 (RUB)" };
  const amount = rublesToKopecks(fields.get("amount") ?? "");
  if (amount === null || amount <= 0) return { kind: "malformed", reason: "amount" };
  const time = Date.parse(fields.get("datetime") ?? "");
  return {
    kind: "donation",
    operationId,
    amount,
    donatedAt: Number.isNaN(time) ? null : new Date(time),
    label: (fields.get("label") ?? "").trim(),
  };
}
