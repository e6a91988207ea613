import type { SiteChannel } from "./channel";

/**
 * Where one shard sits in the channel's layout: its index and how many shards there are (REALTIME_SHARDS of the
 * Worker that calls it). Every call into a shard carries it, so a shard notices a changed shard count on its
 * first call after a deploy (docs/decisions/0038-realtime-shards.md).
 */
export interface ShardLayout {
  index: number;
  shards: number;
}

/** The stub of one shard of the site channel; they are named "shard-0" … "shard-{n-1}". */
export function shardStub(env: Env, index: number): DurableObjectStub<SiteChannel> {
  return env.CHANNEL.get(env.CHANNEL.idFromName(`shard-${index}`)) as DurableObjectStub<SiteChannel>;
}

/** A member's sockets all live on one shard, so their tabs are counted together. */
export function shardOfUser(userId: number, shards: number): number {
  return userId % shards;
}

/**
 * Whether a socket belongs on shard `index` of a channel of `shards` shards: a member's on their own shard, a
 * guest's on any shard of the layout (guests are spread at random).
 */
export function belongsOn(userId: number | null, { index, shards }: ShardLayout): boolean {
  return userId === null ? index < shards : shardOfUser(userId, shards) === index;
}
