import type { RequestContext } from "#workers/platform/context";
import { normaliseRoute } from "./channel";
import type { Audience, TEvent, TOutgoingEvent } from "./messages";
import { shardOfUser, shardStub } from "./shards";

/**
 * Publishes one event to the site channel after the response (ctx.waitUntil): stamped with the `From` client
 * id of the request that caused it, sent once to each shard that can hold its audience. Call it after the
 * write has committed. Delivery is best effort: a client that missed events re-syncs when it reconnects.
 * Several audiences (e.g. two routes) get it once each.
 */
export function publish(
  ctx: Pick<RequestContext, "env" | "vars" | "clientId" | "waitUntil">,
  event: TOutgoingEvent,
  audience: Audience | readonly Audience[],
): void {
  const message = { ...event, ...(ctx.clientId ? { from: ctx.clientId } : {}) } as TEvent;
  for (const one of Array.isArray(audience) ? audience : [audience as Audience]) {
    ctx.waitUntil(deliver(ctx.env, ctx.vars.REALTIME_SHARDS, message, one).catch(() => {}));
  }
}

/**
 * Sends one event to its audience now: to the member's own shard, or once to every shard of the channel (each
 * socket lives on exactly one shard, so each gets it once). Resolves to the number of sockets it was sent to.
 */
export async function deliver(env: Env, shards: number, event: TEvent, audience: Audience): Promise<number> {
  const target = audience.kind === "route" ? { ...audience, route: normaliseRoute(audience.route) } : audience;
  const indexes =
    target.kind === "user" ? [shardOfUser(target.id, shards)] : Array.from({ length: shards }, (_, i) => i);
  const counts = await Promise.all(
    indexes.map((index) => shardStub(env, index).deliver(event, target, { index, shards })),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}
