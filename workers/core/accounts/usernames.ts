import { and, eq, isNull, ne, or } from "drizzle-orm";
import { users } from "#drizzle/schema";
import { normaliseKey } from "#workers/core/shared/text";
import type { Db } from "#workers/platform/db";
import { usernameSkeleton } from "./confusables";

/** Whether a username is free, for sign-up and rename (the one place both ask). */

export const USERNAME_TAKEN = "Это имя уже занято.";
export const USERNAME_LOOKS_ALIKE = "Это имя слишком похоже на имя другого участника.";

/** The stored forms of a username: its case-insensitive key and its look-alike skeleton. */
export function usernameKeys(username: string): { usernameKey: string; usernameSkeleton: string } {
  const usernameKey = normaliseKey(username);
  return { usernameKey, usernameSkeleton: usernameSkeleton(usernameKey) };
}

const BACKFILL_BATCH = 100;

/**
 * Fills username_skeleton of members from before migration 0006 (SQLite cannot compute it in the migration).
 * Once every row has one this is a single indexed query that finds nothing.
 */
async function fillMissingSkeletons(db: Db): Promise<void> {
  for (;;) {
    const rows = await db
      .select({ id: users.id, usernameKey: users.usernameKey })
      .from(users)
      .where(isNull(users.usernameSkeleton))
      .limit(BACKFILL_BATCH);
    if (!rows.length) return;
    const [first, ...rest] = rows.map((row) =>
      db
        .update(users)
        .set({ usernameSkeleton: usernameSkeleton(row.usernameKey) })
        .where(eq(users.id, row.id)),
    );
    await db.batch([first, ...rest]);
    if (rows.length < BACKFILL_BATCH) return;
  }
}

/**
 * Why another member's name stands in the way (taken in another case or with ё for е, or alike by the TR39
 * skeleton), or null when the name is free. `selfId`: the renaming member, whose own name never counts.
 */
export async function usernameConflict(
  db: Db,
  keys: { usernameKey: string; usernameSkeleton: string },
  selfId?: number,
): Promise<string | null> {
  await fillMissingSkeletons(db);
  const same = or(eq(users.usernameKey, keys.usernameKey), eq(users.usernameSkeleton, keys.usernameSkeleton));
  const rows = await db
    .select({ usernameKey: users.usernameKey })
    .from(users)
    .where(selfId === undefined ? same : and(same, ne(users.id, selfId)))
    .limit(10);
  if (rows.some((row) => row.usernameKey === keys.usernameKey)) return USERNAME_TAKEN;
  return rows.length ? USERNAME_LOOKS_ALIKE : null;
}
