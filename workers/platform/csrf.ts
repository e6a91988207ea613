import { AppError } from "#workers/core/errors";
import { safeEqual } from "./crypto";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
export const CSRF_FIELD = "csrf";
export const CSRF_ERROR = "CSRF-токен отсутствует или неверен. Обновите страницу и попробуйте ещё раз.";

/**
 * Double-submit check: an unsafe request must echo the `csrftoken` cookie, in the X-CSRFTOKEN header (API)
 * or the hidden `csrf` form field (HTML forms). Applies to every unsafe request, sign-in included
 * (login CSRF), so the session cookie can never be ridden by another site.
 */
export function checkCsrf(request: Request, cookieToken: string | null, sentToken: string | null): void {
  if (SAFE.has(request.method)) return;
  if (!cookieToken || !sentToken || !safeEqual(cookieToken, sentToken)) {
    throw new AppError("csrf", CSRF_ERROR);
  }
}
