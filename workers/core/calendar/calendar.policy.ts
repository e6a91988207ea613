import type { UserRow } from "#drizzle/schema";

/**
 * Who may do what in the release calendar. Deny by default: everyone reads; a signed-in member who is not
 * banned subscribes and keeps a feed; database editors (is_db_editor) and admins add and change games,
 * releases and platforms. Mirrored on the client only to show the forms.
 */
export type CalendarAction = "subscribe" | "edit";

export function can(
  actor: Pick<UserRow, "isBanned" | "isDbEditor" | "isAdmin"> | null,
  action: CalendarAction,
): boolean {
  if (!actor || actor.isBanned) return false;
  switch (action) {
    case "subscribe":
      return true;
    case "edit":
      return actor.isDbEditor || actor.isAdmin;
    default:
      return false;
  }
}
