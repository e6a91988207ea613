import { passwordResets, type UserRow } from "#drizzle/schema";
import { randomToken, sha256 } from "#workers/platform/crypto";
import { db } from "./db";

/** A live password-reset link for the user, as the mailed one (2 hours); returns its uid and token. */
export async function createResetLink(
  user: Pick<UserRow, "id">,
  now = new Date(),
): Promise<{ uid: string; token: string }> {
  const token = randomToken();
  await db()
    .insert(passwordResets)
    .values({
      id: await sha256(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 2 * 3600_000),
    });
  return { uid: String(user.id), token };
}
