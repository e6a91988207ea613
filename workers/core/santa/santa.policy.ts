import type { SantaApplicationRow, UserRow } from "#drizzle/schema";

/**
 * Who may do what in Secret Santa (deny by default). An application's name and address are seen by its member,
 * by the santa the draw (or a backup hand-over) gave it, and by admins — nobody else.
 */
export type SantaAction = "view" | "edit" | "send" | "receive" | "manage";

type Application = Pick<SantaApplicationRow, "userId" | "santaUserId">;

export function can(actor: UserRow | null, action: SantaAction, application?: Application): boolean {
  if (!actor) return false;
  const admin = actor.isAdmin && !actor.isBanned;
  switch (action) {
    case "manage":
      return admin;
    case "view":
      return !!application && (application.userId === actor.id || application.santaUserId === actor.id || admin);
    case "edit":
    case "receive":
      return !!application && application.userId === actor.id;
    case "send":
      return !!application && application.santaUserId === actor.id;
    default:
      return false;
  }
}
