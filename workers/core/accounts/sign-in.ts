import { eq, or } from "drizzle-orm";
import { users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { isKnownDevice } from "#workers/platform/known-device";
import { hashPassword, verifyPassword } from "#workers/platform/password";
import { hit, refund } from "#workers/platform/rate-limit";
import { createSession, deleteSession } from "#workers/platform/session";
import { ZSignIn } from "./accounts.schemas";
import { signInRules } from "./rate-limits";

export const BAD_CREDENTIALS = "Неверное имя пользователя или пароль.";

let dummyHash: Promise<string> | undefined;

/**
 * Signs in by username or e-mail. Unknown names cost the same hashing time as wrong passwords. Rate limits
 * (rate-limits.ts, docs/decisions/0021): per address, per address+account, and per account for devices that never
 * signed in to it; the failure counters are refunded after a success.
 */
export async function signIn(ctx: RequestContext, input: unknown) {
  const data = parseInput(ZSignIn, input);
  const now = ctx.now();
  const key = normaliseKey(data.username);
  const user = await ctx.db.query.users.findFirst({
    where: or(eq(users.usernameKey, key), eq(users.emailKey, key)),
  });
  // The account limits count the account, however it is named (username or e-mail).
  const knownDevice = user ? await isKnownDevice(ctx.request, ctx.vars.SECRET_KEY, user.id, now) : false;
  const rules = signInRules(ctx.ip, user ? `user:${user.id}` : `name:${key}`, knownDevice);
  await hit(ctx.db, [...rules.attempts, ...rules.failures], now);
  if (!user) {
    dummyHash ??= hashPassword("timing-equaliser");
    await verifyPassword(data.password, await dummyHash);
    throw new AppError("invalid", BAD_CREDENTIALS, { errors: { non_field_errors: [BAD_CREDENTIALS] } });
  }
  if (!(await verifyPassword(data.password, user.passwordHash))) {
    throw new AppError("invalid", BAD_CREDENTIALS, { errors: { non_field_errors: [BAD_CREDENTIALS] } });
  }
  await refund(ctx.db, rules.failures, now);
  // A banned or blocked member signs in and reads; writes are refused with the reason (decision 0024).
  if (ctx.sessionId) await deleteSession(ctx.db, ctx.sessionId);
  await ctx.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id));
  const session = await createSession(ctx.db, user.id, {
    now,
    userAgent: ctx.request.headers.get("User-Agent"),
    ip: ctx.ip,
  });
  return { user: { ...user, lastSeenAt: now }, session };
}

export async function signOut(ctx: RequestContext): Promise<void> {
  if (ctx.sessionId) await deleteSession(ctx.db, ctx.sessionId);
}
