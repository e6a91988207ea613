import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "#workers/core/errors";
import { normaliseKey } from "#workers/core/shared/text";

/** Common Russian-keyboard and Russian-word passwords the English-centric list lacks. */
const RUSSIAN_COMMON = [
  "йцукенгш",
  "йцукенгшщз",
  "йцукенгшщзхъ",
  "пароль123",
  "парольпароль",
  "qwertyйцукен",
  "1q2w3e4r5t",
  "любовьморковь",
  "наташа123",
  "привет123",
  "пароль12345",
  "zxcvbnm123",
  "ytrewq123",
  "q1w2e3r4t5y6",
];

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set([...dictionary["passwords-common"], ...RUSSIAN_COMMON].map((p) => p.toLowerCase()));
  return common;
}

/** Refuses the most common passwords and ones equal to the username or e-mail. */
export function assertStrongPassword(password: string, related: { username?: string; email?: string } = {}): void {
  const key = normaliseKey(password);
  if (commonPasswords().has(key) || /^(.)\1+$/.test(key) || /^(0123456789|1234567890|9876543210)/.test(key)) {
    throw AppError.field("password", "Этот пароль слишком распространён. Придумайте другой.");
  }
  if (
    (related.username && key === normaliseKey(related.username)) ||
    (related.email && (key === normaliseKey(related.email) || key === normaliseKey(related.email.split("@")[0])))
  ) {
    throw AppError.field("password", "Пароль не должен совпадать с именем или адресом почты.");
  }
}
