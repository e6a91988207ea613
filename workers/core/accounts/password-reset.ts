import { and, eq, exists, gt, isNull } from "drizzle-orm";
import { passwordResets, type UserRow, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { randomToken, sha256 } from "#workers/platform/crypto";
import { sendMail } from "#workers/platform/mail";
import { hashPassword } from "#workers/platform/password";
import { hit } from "#workers/platform/rate-limit";
import { deleteUserSessions } from "#workers/platform/session";
import { ZResetRequest, ZSetPassword } from "./accounts.schemas";
import { assertStrongPassword } from "./passwords";
import { resetRules, setPasswordRules } from "./rate-limits";

export const RESET_TTL_MS = 2 * 60 * 60 * 1000;
export const RESET_SENT = "Если такой адрес зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля.";
export const RESET_INVALID = "Ссылка для смены пароля недействительна или устарела. Запросите новую.";

/** Always answers the same, whether or not the address exists. */
export async function requestPasswordReset(ctx: RequestContext, input: unknown): Promise<{ detail: string }> {
  const { email } = parseInput(ZResetRequest, input);
  const now = ctx.now();
  const emailKey = normaliseKey(email);
  await hit(ctx.db, resetRules(ctx.ip, emailKey), now);
  const user = await ctx.db.query.users.findFirst({ where: eq(users.emailKey, emailKey) });
  // The token and the mail are made after the response, so a known address answers no slower than an unknown one.
  if (user && !user.isBanned) {
    ctx.waitUntil(mailResetLink(ctx, user, now).catch((error) => console.error("password reset mail", error)));
  }
  return { detail: RESET_SENT };
}

async function mailResetLink(ctx: RequestContext, user: UserRow, now: Date): Promise<void> {
  const token = randomToken();
  await ctx.db.insert(passwordResets).values({
    id: await sha256(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  const origin = new URL(ctx.request.url).origin;
  const link = `${origin}/auth/set?uid=${user.id}&token=${encodeURIComponent(token)}`;
  await sendMail(
    { db: ctx.db, mail: ctx.env.MAIL, from: ctx.vars.MAIL_FROM, siteName: ctx.vars.SITE_NAME },
    {
      kind: "password_reset",
      to: user.email,
      subject: `Смена пароля на сайте ${ctx.vars.SITE_NAME}`,
      text: [
        `Здравствуйте, ${user.username}!`,
        "",
        "Кто-то (надеемся, вы) попросил сменить пароль. Чтобы задать новый пароль, откройте ссылку:",
        link,
        "",
        "Ссылка действует 2 часа и сработает один раз. Если вы ничего не просили, просто удалите это письмо.",
      ].join("\n"),
    },
  );
}

/** Sets a new password from a mailed link; the token is single-use, and every session of the member ends. */
export async function setPassword(ctx: RequestContext, params: { uid: string; token: string }, input: unknown) {
  const now = ctx.now();
  await hit(ctx.db, setPasswordRules(ctx.ip), now);
  const uid = Number(params.uid);
  if (!Number.isSafeInteger(uid) || !params.token || params.token.length > 100) {
    throw new AppError("invalid", RESET_INVALID, { errors: { token: [RESET_INVALID] } });
  }
  const id = await sha256(params.token);
  const reset = await ctx.db.query.passwordResets.findFirst({
    where: and(
      eq(passwordResets.id, id),
      eq(passwordResets.userId, uid),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, now),
    ),
  });
  if (!reset) throw new AppError("invalid", RESET_INVALID, { errors: { token: [RESET_INVALID] } });
  const { password } = parseInput(ZSetPassword, input);
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, uid) });
  if (!user) throw new AppError("invalid", RESET_INVALID, { errors: { token: [RESET_INVALID] } });
  assertStrongPassword(password, { username: user.username, email: user.email });
  const passwordHash = await hashPassword(password);
  // One transaction: claim this token, set the password only if the claim is ours, void the member's other links.
  const [claimed] = await ctx.db.batch([
    ctx.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id }),
    ctx.db
      .update(users)
      .set({ passwordHash })
      .where(
        and(
          eq(users.id, uid),
          exists(
            ctx.db
              .select({ id: passwordResets.id })
              .from(passwordResets)
              .where(and(eq(passwordResets.id, id), eq(passwordResets.usedAt, now))),
          ),
        ),
      ),
    ctx.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, uid), isNull(passwordResets.usedAt))),
  ]);
  if (!claimed.length) throw new AppError("invalid", RESET_INVALID, { errors: { token: [RESET_INVALID] } });
  await deleteUserSessions(ctx.db, uid);
  return { detail: "Пароль изменён. Теперь войдите с новым паролем." };
}
