import { type UserRow, users } from "#drizzle/schema";
import { renamed } from "#workers/platform/db";

/**
 * The columns of a member's public shape (`serializePublicUser`). Pages that show authors — cards, comments, shouts —
 * select these and never the whole row: the password hash, e-mail and settings stay in D1, and a page of authors
 * moves a third of the bytes through D1 and Drizzle.
 */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  avatarKey: users.avatarKey,
  backgroundKey: users.backgroundKey,
  isSupporter: users.isSupporter,
  isMod: users.isMod,
  lastSeenAt: users.lastSeenAt,
  createdAt: users.createdAt,
} as const;

export type PublicUserRow = Pick<UserRow, keyof typeof publicUserColumns>;

/**
 * The same columns for reading authors in a join with the rows they wrote (comments): such a join can go through a
 * coalesced D1 batch, whose rows are objects keyed by column name, only when no two columns share a name, so `id`
 * and `created_at` are read as `author_*`. The join reads the rows once instead of once per table.
 */
export const authorColumns = {
  ...publicUserColumns,
  id: renamed(users.id, "author_id"),
  createdAt: renamed(users.createdAt, "author_created_at"),
};

/**
 * Gives the rows of a join (a comment tree and its authors) one author object per member. Drizzle makes each row's
 * `author` anew, and `serializePublicUser` hands out one shape per row object: without this a discussion's page
 * carried its regular's profile once per comment in its hydration data (React Router's encoder writes an object once
 * and refers to it after, by identity). Changes the rows in place and returns them.
 */
export function oneObjectPerAuthor<T extends { author: PublicUserRow }>(rows: T[]): T[] {
  const seen = new Map<number, PublicUserRow>();
  for (const row of rows) {
    const known = seen.get(row.author.id);
    if (known) row.author = known;
    else seen.set(row.author.id, row.author);
  }
  return rows;
}
