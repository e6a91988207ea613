import { and, eq, inArray } from "drizzle-orm";
import { roles, type UserRow, userRoles, users } from "#drizzle/schema";
import { withSettingDefaults } from "#workers/core/accounts/accounts.constants";
import { AppError } from "#workers/core/errors";
import { mentionedNames } from "#workers/core/notifications/mentions";
import { normaliseKey } from "#workers/core/shared/text";
import type { RequestContext } from "#workers/platform/context";
import { hit } from "#workers/platform/rate-limit";

/**
 * @role mentions: "@Стримеры" in a post, comment or shout tells the members of a mentionable role who keep
 * `is_role_mention_enabled` on. A mention reaches many members at once, so an author may mention roles in at most
 * ROLE_MENTION_LIMIT items an hour (further items notify nobody through their roles), and one mention reaches at
 * most ROLE_MENTION_MAX_MEMBERS members of each role.
 */
export const ROLE_MENTION_LIMIT = { limit: 5, windowSeconds: 3600 } as const;
export const ROLE_MENTION_MAX_MEMBERS = 200;

export interface RoleRecipient {
  recipientId: number;
  /** The role through which they are told (the first one named, if they hold several). */
  roleName: string;
}

/** The pre-title of a role mention from the one of a personal mention: "упомянул(а) вас в …" → "… роль @X в …". */
export function rolePreTitle(preTitle: string, roleName: string): string {
  return preTitle.replace(" вас ", ` роль @${roleName} `);
}

/**
 * Members to tell about the roles mentioned in `text` (each once, never those in `except`), after counting the
 * item against the author's role-mention limit; over the limit, nobody.
 */
export async function roleMentionRecipients(
  ctx: RequestContext,
  actor: Pick<UserRow, "id">,
  text: string,
  except: ReadonlySet<number>,
): Promise<RoleRecipient[]> {
  const keys = [...new Set(mentionedNames(text).map(normaliseKey))];
  if (!keys.length) return [];
  const named = await ctx.db
    .select({ id: roles.id, name: roles.name, nameKey: roles.nameKey })
    .from(roles)
    .where(and(inArray(roles.nameKey, keys), eq(roles.isMentionable, true)));
  if (!named.length) return [];
  try {
    await hit(ctx.db, [{ key: `role-mention:user:${actor.id}`, ...ROLE_MENTION_LIMIT }], ctx.now());
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      console.warn(`role mentions of member ${actor.id} over the limit: nobody told`);
      return [];
    }
    throw error;
  }
  // In the order the text names them.
  named.sort((a, b) => keys.indexOf(a.nameKey) - keys.indexOf(b.nameKey));
  const out: RoleRecipient[] = [];
  const told = new Set(except);
  told.add(actor.id);
  for (const role of named) {
    const members = await ctx.db
      .select({ id: users.id, settings: users.settings })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.roleId, role.id), eq(users.isBanned, false)))
      .orderBy(userRoles.userId)
      .limit(ROLE_MENTION_MAX_MEMBERS + told.size);
    let added = 0;
    for (const member of members) {
      if (added >= ROLE_MENTION_MAX_MEMBERS) break;
      if (told.has(member.id) || !withSettingDefaults(member.settings).is_role_mention_enabled) continue;
      told.add(member.id);
      out.push({ recipientId: member.id, roleName: role.name });
      added += 1;
    }
  }
  return out;
}
