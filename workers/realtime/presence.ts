import { shardOfUser, shardStub } from "./shards";

/**
 * The ids of members with an open tab anywhere on the site (spec §7 GET /v1/user/meta/): the union of every
 * shard's members (a member's tabs share one shard, so the union has no duplicates to merge but is kept a set).
 */
export async function onlineUserIds(
  env: Env,
  shards: number,
  /** A shard asking: its own members, which it knows without a call to itself. */
  self?: { index: number; online: number[] },
): Promise<number[]> {
  const lists = await Promise.all(
    Array.from({ length: shards }, (_, index) =>
      index === self?.index ? self.online : shardStub(env, index).online({ index, shards }),
    ),
  );
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** Whether the member has an open tab (web push goes only to members who have none). */
export async function isUserOnline(env: Env, shards: number, userId: number): Promise<boolean> {
  const index = shardOfUser(userId, shards);
  const ids = await shardStub(env, index).online({ index, shards });
  return ids.includes(userId);
}

/**
 * GET /v1/user/meta/: the online members. Online status is for signed-in viewers only (spec §4 "Online", §6),
 * so a guest gets an empty list.
 */
export async function listOnline(ctx: {
  env: Env;
  vars: { REALTIME_SHARDS: number };
  actor: unknown;
}): Promise<{ online: number[] }> {
  if (!ctx.actor) return { online: [] };
  return { online: await onlineUserIds(ctx.env, ctx.vars.REALTIME_SHARDS) };
}
