import type { RequestContext } from "#workers/platform/context";
import { normaliseRoute } from "./channel";
import type { Audience, TEvent, TOutgoingEvent } from "./messages";
import { shardOfUser, shardStub, shardStubs } from "./shards";

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

export async function deliver(env: Env, shards: number, event: TEvent, audience: Audience): Promise<number> {
  const target = audience.kind === "route" ? { ...audience, route: normaliseRoute(audience.route) } : audience;
  const stubs = target.kind === "user" ? [shardStub(env, shardOfUser(target.id, shards))] : shardStubs(env, shards);
  const counts = await Promise.all(stubs.map((stub) => stub.deliver(event, target)));
  return counts.reduce((sum, n) => sum + n, 0);
}
