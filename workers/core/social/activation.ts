import { and, eq, gt, isNull } from "drizzle-orm";
import { emailActivations, type UserRow, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";
import { randomToken, sha256 } from "#workers/platform/crypto";
import { sendMail } from "#workers/platform/mail";
import { hit } from "#workers/platform/rate-limit";

/**
 * E-mail activation (docs/decisions/0029-social-sign-in.md): a member whose address nobody vouched for yet (a
 * provider that does not verify e-mail, or sign-up while the site asks for activation) gets a single-use link
 * valid for two days; until it is opened the member can read but not write (requireWriter says why).
 */
export const ACTIVATION_TTL_MS = 2 * 24 * 60 * 60 * 1000;
export const ACTIVATION_INVALID = "Ссылка для активации недействительна или устарела. Запросите новую в настройках.";
export { NOT_ACTIVATED } from "./activation.constants";

export async function sendActivation(
  ctx: RequestContext,
  user: Pick<UserRow, "id" | "email" | "username">,
): Promise<void> {
  if (!user.email) return;
  const now = ctx.now();
  const token = randomToken();
  await ctx.db.insert(emailActivations).values({
    id: await sha256(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS),
  });
  const link = `${new URL(ctx.request.url).origin}/auth/activate?uid=${user.id}&token=${encodeURIComponent(token)}`;
  await sendMail(
    { db: ctx.db, mail: ctx.env.MAIL, from: ctx.vars.MAIL_FROM, siteName: ctx.vars.SITE_NAME },
    {
      kind: "activation",
      to: user.email,
      subject: `Активация аккаунта на сайте ${ctx.vars.SITE_NAME}`,
      text: [
        `Здравствуйте, ${user.username}!`,
        "",
        "Чтобы активировать аккаунт и подтвердить этот адрес, откройте ссылку:",
        link,
        "",
        "Ссылка действует двое суток и сработает один раз. Если вы не регистрировались, просто удалите это письмо.",
      ].join("\n"),
    },
  );
}

/** Sends a new link to the signed-in member who is not activated yet (a few times an hour). */
export async function resendActivation(ctx: RequestContext): Promise<{ detail: string }> {
  const actor = ctx.actor;
  if (!actor) throw new AppError("unauthenticated");
  if (actor.isActivated) throw new AppError("conflict", "Аккаунт уже активирован.");
  if (!actor.email) throw new AppError("invalid", "У аккаунта нет адреса электронной почты.");
  await hit(ctx.db, [{ key: `activation:${actor.id}`, limit: 3, windowSeconds: 60 * 60 }], ctx.now());
  await sendActivation(ctx, actor);
  return { detail: `Письмо со ссылкой для активации отправлено на ${actor.email}.` };
}

/** Opens a mailed link: single use; the member's other links stop working too. */
export async function activateAccount(ctx: RequestContext, params: { uid: string; token: string }): Promise<UserRow> {
  const now = ctx.now();
  await hit(ctx.db, [{ key: `activate:${ctx.ip}`, limit: 20, windowSeconds: 60 * 60 }], now);
  const uid = Number(params.uid);
  if (!Number.isSafeInteger(uid) || !params.token || params.token.length > 100) {
    throw new AppError("invalid", ACTIVATION_INVALID);
  }
  const id = await sha256(params.token);
  const claimed = await ctx.db
    .update(emailActivations)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailActivations.id, id),
        eq(emailActivations.userId, uid),
        isNull(emailActivations.usedAt),
        gt(emailActivations.expiresAt, now),
      ),
    )
    .returning({ id: emailActivations.id });
  if (!claimed.length) throw new AppError("invalid", ACTIVATION_INVALID);
  const [[user]] = await ctx.db.batch([
    ctx.db.update(users).set({ isActivated: true }).where(eq(users.id, uid)).returning(),
    ctx.db
      .update(emailActivations)
      .set({ usedAt: now })
      .where(and(eq(emailActivations.userId, uid), isNull(emailActivations.usedAt))),
  ]);
  if (!user) throw new AppError("invalid", ACTIVATION_INVALID);
  return user;
}
