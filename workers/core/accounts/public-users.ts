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
