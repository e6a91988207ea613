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
 * Browsers always send `Origin` with a websocket upgrade: it must be this site's. `null` (sandboxed frames,
 * `data:` pages) and malformed values are refused like another site; only clients that are not browsers send none.
 */
function isSameOrigin(origin: string | null, url: URL): boolean {
  if (origin === null) return true;
  return URL.parse(origin)?.origin === url.origin;
}

/**
 * GET /ws/: authenticates the upgrade from the session cookie (a guest connects as a guest), refuses
 * cross-site pages, and hands the socket to a shard of the site channel: a member's shard by id, a guest's
 * at random. The tab's client id comes as `?client=` (browsers cannot set headers on a websocket). `shards` is
 * the channel's shard count (REALTIME_SHARDS; tests pass another).
 */
export async function connectSocket(
  request: Request,
  env: Env,
  shards: number = readVars(env).REALTIME_SHARDS,
): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return refuse(426, "Ожидается подключение WebSocket.");
  }
  const url = new URL(request.url);
  if (!isSameOrigin(request.headers.get("Origin"), url)) return refuse(403, "Подключение с чужого сайта запрещено.");

  const session = await readSession(createDb(env.DB), readCookies(request)[SESSION_COOKIE], new Date());
  // Sanctioned members keep their channel: they read, and their tabs hear `block_updated` (decision 0024).
  const userId = session ? session.user.id : null;
  const shard = userId === null ? Math.floor(Math.random() * shards) : shardOfUser(userId, shards);

  const headers = new Headers({ Upgrade: "websocket" });
  headers.set(REALTIME_HEADERS.user, userId === null ? "" : String(userId));
  headers.set(REALTIME_HEADERS.client, (url.searchParams.get("client") ?? "").slice(0, 100));
  headers.set(REALTIME_HEADERS.shard, String(shard));
  headers.set(REALTIME_HEADERS.shards, String(shards));
  return shardStub(env, shard).fetch(new Request(url.toString(), { headers }));
}
