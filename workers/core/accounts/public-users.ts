import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { type UserRow, users } from "#drizzle/schema";

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

/** A column under another name, decoded as the column is. */
function renamed<C extends AnySQLiteColumn>(column: C, name: string): SQL.Aliased<C["_"]["data"]> {
  return sql<C["_"]["data"]>`${column}`.mapWith(column).as(name);
}

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
