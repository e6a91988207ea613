import { and, eq, inArray } from "drizzle-orm";
import { notifications, type UserRow, users } from "#drizzle/schema";
import { roleMentionRecipients, rolePreTitle } from "#workers/core/roles/role-mentions";
import { normaliseKey } from "#workers/core/shared/text";
import { fanOutNotification } from "#workers/jobs/queue.producer";
import type { RequestContext } from "#workers/platform/context";
import { mentionedNames } from "../mentions";
import { type Notified, notify } from "../notifications";
import { MENTIONS_MAX, STREAM_TYPE } from "../notifications.constants";
import type { StreamTexts } from "../notifications.serializers";
import { bestEffort, notifyAll } from "./best-effort";

/** @mentions in comments and shouts: who is mentioned, telling them, and telling those an edit adds. */

/** Members mentioned in the text, by their case-insensitive username key (never `except`). */
async function mentionedMembers(ctx: RequestContext, text: string, except: Set<number>): Promise<number[]> {
  const names = mentionedNames(text);
  if (!names.length) return [];
  const keys = [...new Set(names.map(normaliseKey))];
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.usernameKey, keys), eq(users.isBanned, false)));
  return rows
    .map((r) => r.id)
    .filter((id) => !except.has(id))
    .slice(0, MENTIONS_MAX);
}

/** Notifies the members @mentioned in a comment, shout or shout comment (never those in `told`). */
export async function notifyMentions(
  ctx: RequestContext,
  input: { actor: UserRow; text: string; told: Set<number>; preTitle: string; texts: StreamTexts; key: string },
): Promise<Promise<Notified | null>[]> {
  const mentioned = await bestEffort("looking up mentions", () => mentionedMembers(ctx, input.text, input.told), []);
  const jobs = mentioned.map((recipientId) => {
    input.told.add(recipientId);
    return notify(ctx, {
      recipientId,
      actor: input.actor,
      type: STREAM_TYPE.mention,
      texts: { ...input.texts, pre_title: input.preTitle },
      sourceKey: input.key,
    });
  });
  await notifyRoleMentions(ctx, input);
  return jobs;
}

/**
 * @role mentions (workers/core/roles/role-mentions.ts): one notification per member of the mentioned roles (not
 * those in `told`, who heard about the item already), its pre-title naming the role. They may be many, so they go
 * through the queue (docs/decisions/0037-queues-fan-out.md): one message per role and hundred members, delivered
 * after the response, each member once (delivery key `role:<item>:<member>`).
 */
export async function notifyRoleMentions(
  ctx: RequestContext,
  input: { actor: UserRow; text: string; told: Set<number>; preTitle: string; texts: StreamTexts; key: string },
): Promise<void> {
  const recipients = await bestEffort(
    "looking up role mentions",
    () => roleMentionRecipients(ctx, input.actor, input.text, input.told),
    [],
  );
  const byRole = new Map<string, number[]>();
  for (const { recipientId, roleName } of recipients) {
    input.told.add(recipientId);
    byRole.set(roleName, [...(byRole.get(roleName) ?? []), recipientId]);
  }
  await bestEffort(
    "queueing role mention notifications",
    () =>
      Promise.all(
        [...byRole].map(([roleName, members]) =>
          fanOutNotification(ctx.env, {
            key: `role:${input.key}`,
            recipients: members,
            actorId: input.actor.id,
            type: STREAM_TYPE.mention,
            texts: { ...input.texts, pre_title: rolePreTitle(input.preTitle, roleName) },
            sourceKey: input.key,
            at: ctx.now().getTime(),
          }),
        ),
      ),
    [],
  );
}

/** Mentions added by an edit: notified unless already told about this item. */
export async function newMentions(
  ctx: RequestContext,
  input: { author: UserRow; oldText: string; text: string; key: string; texts: StreamTexts },
): Promise<Notified[]> {
  const before = new Set(mentionedNames(input.oldText).map(normaliseKey));
  const added = mentionedNames(input.text).filter((name) => !before.has(normaliseKey(name)));
  if (!added.length) return [];
  return bestEffort("notifications about new mentions", async () => {
    const addedText = added.map((n) => `@${n}`).join(" ");
    const candidates = await mentionedMembers(ctx, addedText, new Set([input.author.id]));
    // Members told about this item already (by name or by a role) are not told again.
    const already = await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.sourceKey, input.key));
    const told = new Set([input.author.id, ...already.map((r) => r.userId)]);
    const jobs = candidates
      .filter((id) => !told.has(id))
      .map((recipientId) => {
        told.add(recipientId);
        return notify(ctx, {
          recipientId,
          actor: input.author,
          type: STREAM_TYPE.mention,
          texts: input.texts,
          sourceKey: input.key,
        });
      });
    await notifyRoleMentions(ctx, {
      actor: input.author,
      text: addedText,
      told,
      preTitle: input.texts.pre_title,
      texts: input.texts,
      key: input.key,
    });
    return notifyAll("notification about a mention", jobs);
  }, []);
}
