import { type UserRow, users } from "#drizzle/schema";
import { normaliseKey } from "#workers/core/shared/text";
import { hashPassword } from "#workers/platform/password";
import { createSession } from "#workers/platform/session";
import { db } from "./db";

/** Every factory user has this password (hashed once per test file, ~100 ms). */
export const PASSWORD = "Костёр-горит-2024";

let hash: Promise<string> | undefined;
export function knownHash(): Promise<string> {
  hash ??= hashPassword(PASSWORD);
  return hash;
}

let seq = 0;
/** A unique name that passes the username rules (letters, digits, `_`; at most 32 characters). */
export function uniqueName(prefix = "user"): string {
  seq += 1;
  return `${prefix}_${Date.now().toString(36).slice(-5)}${seq}${Math.random().toString(36).slice(2, 6)}`;
}

/** A random IPv4 address, so rate limits of one test never touch another's. */
export function randomIp(): string {
  const b = () => 1 + Math.floor(Math.random() * 254);
  return `10.${b()}.${b()}.${b()}`;
}

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/** Inserts a member directly (no API, no rate limits) with the known password unless one is given. */
export async function createUser(overrides: UserOverrides = {}): Promise<UserRow> {
  const { password, ...rest } = overrides;
  const username = rest.username ?? uniqueName();
  const email = rest.email ?? `${username.toLowerCase()}@example.test`;
  const [row] = await db()
    .insert(users)
    .values({
      ...rest,
      username,
      usernameKey: normaliseKey(username),
      email,
      emailKey: normaliseKey(email),
      passwordHash: password ? await hashPassword(password) : await knownHash(),
    })
    .returning();
  return row;
}

export function createAdmin(overrides: UserOverrides = {}): Promise<UserRow> {
  return createUser({ isAdmin: true, ...overrides });
}

/** A session row for the user, as sign-in would create it; returns the cookie token. */
export async function createSessionFor(user: Pick<UserRow, "id">, now = new Date()): Promise<string> {
  const { token } = await createSession(db(), user.id, { now, userAgent: "vitest", ip: "10.0.0.1" });
  return token;
}
