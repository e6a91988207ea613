import type { LimitRule } from "#workers/platform/rate-limit";

/**
 * Limits for account endpoints, at least as strict as Discourse's defaults
 * (max_logins_per_ip_per_minute 6, max_logins_per_ip_per_hour 30).
 */
export function signInRules(ip: string, account: string): LimitRule[] {
  return [
    { key: `sign-in:ip:${ip}`, limit: 6, windowSeconds: 60 },
    { key: `sign-in:ip:${ip}`, limit: 30, windowSeconds: 3600 },
    { key: `sign-in:account:${account}`, limit: 10, windowSeconds: 15 * 60 },
  ];
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
