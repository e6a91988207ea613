import { DEVICE_COOKIE, readCookies } from "./cookies";
import { hmacSha256, safeEqual } from "./crypto";

/** A device stays known this long after its last sign-in (as long as a session can live). */
export const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function signature(secret: string, userId: number, issuedSec: number): Promise<string> {
  // "device!" keeps these MACs apart from the CSRF tokens signed with the same SECRET_KEY.
  return hmacSha256(secret, `device!${userId}!${issuedSec}`);
}

/**
 * The known-device token a browser gets at a successful sign-in (docs/decisions/0021-sign-in-brute-force.md):
 * `userId.issuedAt.HMAC-SHA256(SECRET_KEY, …)`. It names one account; only this server can make one.
 */
export async function mintDeviceToken(secret: string, userId: number, now: Date): Promise<string> {
  const issuedSec = Math.floor(now.getTime() / 1000);
  return `${userId}.${issuedSec}.${await signature(secret, userId, issuedSec)}`;
}

/** Whether the request comes from a browser that signed in to `userId` before (a valid, unexpired token). */
export async function isKnownDevice(request: Request, secret: string, userId: number, now: Date): Promise<boolean> {
  const token = readCookies(request)[DEVICE_COOKIE];
  if (!token || token.length > 200) return false;
  const [id, issued, mac, ...rest] = token.split(".");
  const issuedSec = Number(issued);
  if (rest.length || id !== String(userId) || !mac || !/^\d{1,12}$/.test(issued ?? "")) return false;
  const age = now.getTime() / 1000 - issuedSec;
  if (age < -60 || age > DEVICE_MAX_AGE_SECONDS) return false;
  return safeEqual(mac, await signature(secret, userId, issuedSec));
}
