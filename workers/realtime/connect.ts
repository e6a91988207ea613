import { readCookies, SESSION_COOKIE } from "#workers/platform/cookies";
import { createDb } from "#workers/platform/db";
import { readVars } from "#workers/platform/env";
import { readSession } from "#workers/platform/session";
import { REALTIME_HEADERS } from "./channel";
import { shardOfUser, shardStub } from "./shards";

function refuse(status: number, detail: string): Response {
  return Response.json({ detail }, { status });
}

/**
 * GET /ws/: authenticates the upgrade from the session cookie (a guest connects as a guest), refuses
 * cross-site pages, and hands the socket to a shard of the site channel: a member's shard by id, a guest's
 * at random. The tab's client id comes as `?client=` (browsers cannot set headers on a websocket).
 */
export async function connectSocket(request: Request, env: Env): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return refuse(426, "Ожидается подключение WebSocket.");
  }
  const url = new URL(request.url);
  const origin = request.headers.get("Origin");
  if (origin && new URL(origin).host !== url.host) return refuse(403, "Подключение с чужого сайта запрещено.");

  const session = await readSession(createDb(env.DB), readCookies(request)[SESSION_COOKIE], new Date());
  const userId = session && !session.user.isBanned ? session.user.id : null;
  const shards = readVars(env).REALTIME_SHARDS;
  const shard = userId === null ? Math.floor(Math.random() * shards) : shardOfUser(userId, shards);

  const headers = new Headers({ Upgrade: "websocket" });
  headers.set(REALTIME_HEADERS.user, userId === null ? "" : String(userId));
  headers.set(REALTIME_HEADERS.client, (url.searchParams.get("client") ?? "").slice(0, 100));
  headers.set(REALTIME_HEADERS.shards, String(shards));
  return shardStub(env, shard).fetch(new Request(url.toString(), { headers }));
}
