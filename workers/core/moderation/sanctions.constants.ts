/**
 * Sanction rules and texts without zod (client-safe: the shell's banner and the admin pages import these; zod
 * stays out of the first-load JavaScript). The request schemas are in sanctions.schemas.ts.
 */
import { ruDateTime } from "#workers/core/shared/ru-dates";

/** The terms a moderator picks from (days); any other whole number of days up to MAX_BLOCK_DAYS is allowed too. */
export const BLOCK_TERMS = [1, 3, 7, 30] as const;
export const MAX_BLOCK_DAYS = 365;
export const REASON_MAX = 500;

export type SanctionKind = "ban" | "block";

/** What the sanctioned member (and their tabs) are told: kind, reason and end. */
export interface SanctionNotice {
  kind: SanctionKind;
  reason: string;
  /** ISO time the block ends; null for a ban. */
  ends_at: string | null;
}

/** Whether a users row says its member is banned or blocked at `now` (the block's end decides). */
export function isSanctioned(user: { isBanned: boolean; blockedUntil: Date | null }, now: Date): boolean {
  return user.isBanned || (!!user.blockedUntil && user.blockedUntil.getTime() > now.getTime());
}

/** «28 ноября 2026 г. в 14:05 (мск)» */
export function formatSanctionEnd(iso: string): string {
  return `${ruDateTime(new Date(iso), "moscow")} (мск)`;
}

/** The 403 text (and the banner's title) every write of a sanctioned member gets: «Вы заблокированы до …: причина» / «Вы забанены: причина». */
export function sanctionMessage(notice: SanctionNotice): string {
  return notice.kind === "ban" || !notice.ends_at
    ? `Вы забанены: ${notice.reason}`
    : `Вы заблокированы до ${formatSanctionEnd(notice.ends_at)}: ${notice.reason}`;
}
