import { and, count, eq, gte, ne, notInArray } from "drizzle-orm";
import { likes, type UserRow, userIgnores } from "#drizzle/schema";
import type { PawItemType } from "#workers/core/reactions/reactions.read";
import type { ReactionTarget } from "#workers/core/reactions/targets";
import { plural, pluralize } from "#workers/core/shared/plural";
import type { RequestContext } from "#workers/platform/context";
import { ignoreInForce } from "../ignores";
import { type Notified, notify } from "../notifications";
import { STREAM_TYPE } from "../notifications.constants";
import { excerpt } from "../notifications.serializers";
import { bestEffort } from "./best-effort";

const MEMBERS: readonly [string, string, string] = ["участник", "участника", "участников"];

/** What a paw was given on, as `pawTexts` names it. */
const PAWED: Record<PawItemType, string> = {
  post: "вашу статью",
  comment: "ваш комментарий к статье",
  shout: "вашу записку",
  shout_comment: "ваш комментарий к записке",
};

/** The texts of a paws notification for `n` members; `named`: the item shows the latest of them. */
export function pawTexts(itemType: PawItemType, n: number, named: boolean): string {
  const what = PAWED[itemType];
  if (!named) return `${pluralize(n, MEMBERS)} ${plural(n, ["оценил", "оценили", "оценили"])} ${what}`;
  if (n <= 1) return `оценил(а) ${what}`;
  return `и ещё ${pluralize(n - 1, MEMBERS)} оценили ${what}`;
}

/**
 * A paw given (up or down, new or switched) on a member's post, comment, shout or shout comment: one
 * notification per item while unread (type 6), its count growing with each member who pawed since it
 * appeared. `showActor` follows the site's is_paw_view_enabled: while the site hides who pawed, the
 * notification names nobody.
 */
export async function onPawGiven(
  ctx: RequestContext,
  input: {
    actor: UserRow;
    target: Omit<ReactionTarget, "audience">;
    showActor: boolean;
    /** When the paw was written (likes.created_at). */
    at: Date;
  },
): Promise<Notified | null> {
  const { target } = input;
  return bestEffort(
    "notification about a paw",
    () =>
      notify(ctx, {
        recipientId: target.ownerId,
        actor: input.actor,
        showActor: input.showActor,
        at: input.at,
        type: STREAM_TYPE.paws,
        texts: ({ count: n }) => ({
          pre_title: pawTexts(target.itemType, n, input.showActor),
          title: target.title,
          title_url: target.pageUrl,
          message: target.text ? excerpt(target.text) : "",
          message_url: target.text ? target.itemUrl : "",
        }),
        sourceKey: target.sourceKey,
        groupKey: `paw:${target.itemType}:${target.itemId}`,
        countActors: async (since) => {
          const ignored = ctx.db
            .select({ id: userIgnores.ignoredUserId })
            .from(userIgnores)
            .where(and(eq(userIgnores.userId, target.ownerId), ignoreInForce(ctx.now())));
          const [row] = await ctx.db
            .select({ n: count() })
            .from(likes)
            .where(
              and(
                eq(likes.itemType, target.itemType),
                eq(likes.itemId, target.itemId),
                gte(likes.createdAt, since),
                ne(likes.userId, target.ownerId),
                notInArray(likes.userId, ignored),
              ),
            );
          return row?.n ?? 1;
        },
      }),
    null,
  );
}
