import { pluralize } from "#workers/core/shared/plural";
import type { LimitRule } from "#workers/platform/rate-limit";

/** Wrong passwords for one account from one address, per 15 minutes. */
export const SIGN_IN_ADDRESS_ACCOUNT_LIMIT = 5;
/** Wrong passwords for one account from all unknown devices together, per 15 minutes. */
export const SIGN_IN_ACCOUNT_LIMIT = 10;
const FAILURE_WINDOW = 15 * 60;

function inMinutes(seconds: number): string {
  return pluralize(Math.max(1, Math.ceil(seconds / 60)), ["минуту", "минуты", "минут"]);
}

/**
 * Sign-in limits (docs/decisions/0021-sign-in-brute-force.md). `attempts` count every attempt: 6 a minute and 30
 * an hour per address (Discourse's max_logins_per_ip_per_minute/hour). `failures` count wrong passwords only
 * (refunded after a success): 5 per 15 minutes for one account from one address, and 10 per 15 minutes for the
 * account from all unknown devices together. A device that signed in to the account before (`knownDevice`) is
 * not counted against the account and never refused by it, so nobody can lock the owner out from elsewhere.
 */
export function signInRules(
  ip: string,
  account: string,
  knownDevice: boolean,
): { attempts: LimitRule[]; failures: LimitRule[] } {
  const failures: LimitRule[] = [
    { key: `sign-in:ip-account:${ip}:${account}`, limit: SIGN_IN_ADDRESS_ACCOUNT_LIMIT, windowSeconds: FAILURE_WINDOW },
  ];
  if (!knownDevice) {
    failures.push({
      key: `sign-in:account:${account}`,
      limit: SIGN_IN_ACCOUNT_LIMIT,
      windowSeconds: FAILURE_WINDOW,
      message: (retryAfter) =>
        "Слишком много неудачных попыток войти в этот аккаунт, поэтому с новых устройств вход в него ненадолго " +
        `закрыт. Войдите с устройства, на котором уже входили, попробуйте через ${inMinutes(retryAfter)} ` +
        "или восстановите пароль по почте: после смены пароля это устройство станет знакомым.",
    });
  }
  return {
    attempts: [
      { key: `sign-in:ip:${ip}`, limit: 6, windowSeconds: 60 },
      { key: `sign-in:ip:${ip}`, limit: 30, windowSeconds: 3600 },
    ],
    failures,
  };
}

/** Per address, and per e-mail (the account being created; also slows probing which addresses exist). */
export function signUpRules(ip: string, email: string): LimitRule[] {
  return [
    { key: `sign-up:ip:${ip}`, limit: 3, windowSeconds: 60 },
    { key: `sign-up:ip:${ip}`, limit: 10, windowSeconds: 24 * 3600 },
    { key: `sign-up:account:${email}`, limit: 5, windowSeconds: 3600 },
  ];
}

export function resetRules(ip: string, email: string): LimitRule[] {
  return [
    { key: `reset:ip:${ip}`, limit: 6, windowSeconds: 60 },
    { key: `reset:ip:${ip}`, limit: 30, windowSeconds: 3600 },
    { key: `reset:account:${email}`, limit: 3, windowSeconds: 3600 },
  ];
}

export function setPasswordRules(ip: string): LimitRule[] {
  return [{ key: `set-password:ip:${ip}`, limit: 10, windowSeconds: 60 }];
}

export function renameRules(userId: number): LimitRule[] {
  return [{ key: `rename:user:${userId}`, limit: 3, windowSeconds: 24 * 3600 }];
}
