import type { UserRow } from "#drizzle/schema";

/**
 * Who may read and change notifications and ignores. Deny by default. Notifications belong to one member:
 * nobody else may see or mark them, not even moderators.
 */
export type NotificationAction = "list" | "view" | "ignore";

export function can(
  actor: UserRow | null,
  action: NotificationAction,
  target?: { userId: number } | { id: number },
): boolean {
  // A sanctioned member still reads and clears their notifications and ignores others (decision 0024).
  if (!actor) return false;
  switch (action) {
    case "list":
      return true;
    case "view":
      // A notification: only its recipient.
      return !!target && "userId" in target && target.userId === actor.id;
    case "ignore":
      // Another member; never yourself.
      return !!target && "id" in target && target.id !== actor.id;
    default:
      return false;
  }
}

/** Whether a member may be notified about `actorId`'s action (checked again in SQL when writing). */
export function shouldNotify(input: {
  recipientId: number;
  actorId: number;
  enabled: boolean;
  ignoresActor: boolean;
}): boolean {
  return input.recipientId !== input.actorId && input.enabled && !input.ignoresActor;
}
