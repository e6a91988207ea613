import type { SiteChannel } from "./channel";

/** The stubs of the site channel's shards, named "shard-0" … "shard-{n-1}". */
export function shardStubs(env: Env, shards: number): DurableObjectStub<SiteChannel>[] {
  return Array.from({ length: shards }, (_, i) => shardStub(env, i));
}

export function shardStub(env: Env, index: number): DurableObjectStub<SiteChannel> {
  return env.CHANNEL.get(env.CHANNEL.idFromName(`shard-${index}`)) as DurableObjectStub<SiteChannel>;
}

/** A member's sockets all live on one shard, so their tabs are counted together. */
export function shardOfUser(userId: number, shards: number): number {
  return userId % shards;
}
