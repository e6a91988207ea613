import { and, eq, gt, isNull } from "drizzle-orm";
import { invitations, type UserRow, users } from "#drizzle/schema";
import { getConfig } from "#workers/core/config/config";
import { AppError } from "#workers/core/errors";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import { sendActivation } from "#workers/core/social/activation";
import type { RequestContext } from "#workers/platform/context";
import { hashPassword } from "#workers/platform/password";
import { hit } from "#workers/platform/rate-limit";
import { createSession } from "#workers/platform/session";
import { ZSignUp } from "./accounts.schemas";
import { assertStrongPassword } from "./passwords";
import { signUpRules } from "./rate-limits";
import { usernameConflict, usernameKeys } from "./usernames";

export const INVITATION_ERROR = "Код приглашения неверный, уже использован или истёк.";

export async function signUp(ctx: RequestContext, input: unknown) {
  if (ctx.actor) throw new AppError("conflict", "Вы уже вошли на сайт.");
  const data = parseInput(ZSignUp, input);
  const now = ctx.now();
  await hit(ctx.db, signUpRules(ctx.ip, normaliseKey(data.email)), now);
  assertStrongPassword(data.password, { username: data.username, email: data.email });

  const config = await getConfig(ctx);
  const code = data.data.code?.trim() || null;
  let invitation: typeof invitations.$inferSelect | undefined;
  if (config.is_sign_up_invitation_only || code) {
    if (!code) throw AppError.field("code", "Регистрация только по приглашениям: нужен код приглашения.");
    invitation = await ctx.db.query.invitations.findFirst({
      where: and(eq(invitations.code, code), isNull(invitations.usedAt), gt(invitations.expiresAt, now)),
    });
    if (!invitation) throw AppError.field("code", INVITATION_ERROR);
  }

  const nameKeys = usernameKeys(data.username);
  const emailKey = normaliseKey(data.email);
  const nameConflict = await usernameConflict(ctx.db, nameKeys);
  const emailTaken = await ctx.db.query.users.findFirst({ columns: { id: true }, where: eq(users.emailKey, emailKey) });
  const errors: Record<string, string[]> = {};
  if (nameConflict) errors.username = [nameConflict];
  if (emailTaken) errors.email = ["Этот адрес уже зарегистрирован."];
  if (Object.keys(errors).length) throw new AppError("invalid", Object.values(errors)[0][0], { errors });

  const passwordHash = await hashPassword(data.password);
  let user: UserRow;
  try {
    const inserted = ctx.db
      .insert(users)
      .values({
        username: data.username,
        ...nameKeys,
        email: data.email,
        emailKey,
        passwordHash,
        invitedBy: invitation?.userId ?? null,
        isActivated: !config.is_email_activation_required,
        createdAt: now,
        lastSeenAt: now,
      })
      .returning();
    if (invitation) {
      // Claim the code in the same batch; the WHERE guards against a concurrent claim.
      const claim = ctx.db
        .update(invitations)
        .set({ usedAt: now })
        .where(and(eq(invitations.code, invitation.code), isNull(invitations.usedAt)))
        .returning({ code: invitations.code });
      const [rows, claimed] = await ctx.db.batch([inserted, claim]);
      if (!claimed.length) {
        await ctx.db.delete(users).where(eq(users.id, rows[0].id));
        throw AppError.field("code", INVITATION_ERROR);
      }
      user = rows[0];
      await ctx.db.update(invitations).set({ usedBy: user.id }).where(eq(invitations.code, invitation.code));
    } else {
      [user] = await inserted;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (String(error).includes("UNIQUE")) {
      throw new AppError("invalid", "Это имя или адрес уже заняты.", {
        errors: { username: ["Это имя или адрес уже заняты."] },
      });
    }
    throw error;
  }
  // The site asks new members to confirm their address (docs/decisions/0029): the link goes out now.
  if (!user.isActivated) await sendActivation(ctx, user);
  const session = await createSession(ctx.db, user.id, {
    now,
    userAgent: ctx.request.headers.get("User-Agent"),
    ip: ctx.ip,
  });
  return { user, session };
}
