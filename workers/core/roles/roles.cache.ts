import { type SQL, sql } from "drizzle-orm";
import { users } from "#drizzle/schema";
import type { Db } from "#workers/platform/db";

/**
 * users.roles holds the names of the member's roles (JSON, by name order): a copy of user_roles kept in step by
 * the statement below, run in the same batch as every change of roles or memberships, so the current user's
 * shape (spec §3 `roles[]`) needs no join. `who` picks the members to refresh; `exceptRoleId` leaves out a role
 * about to be deleted in the same batch.
 */
export function refreshRolesCopy(db: Db, who: { userId: number } | { roleId: number }, exceptRoleId?: number) {
  const members: SQL =
    "userId" in who
      ? sql`${users.id} = ${who.userId}`
      : sql`${users.id} IN (SELECT user_id FROM user_roles WHERE role_id = ${who.roleId})`;
  const except = exceptRoleId === undefined ? sql`` : sql` AND r.id <> ${exceptRoleId}`;
  return db
    .update(users)
    .set({
      roles: sql`(SELECT json_group_array(name) FROM (
        SELECT r.name AS name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
        WHERE ur.user_id = ${users.id}${except} ORDER BY r.name_key
      ))`,
    })
    .where(members);
}
