import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { releaseSubscriptions, roles, userRoles } from "#drizzle/schema";
import { json, memberClient } from "#tests/factories/client";
import { db, eventually, scalar } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { openSocket } from "#tests/factories/sockets";
import { createUser } from "#tests/factories/users";
import { normaliseKey } from "#workers/core/shared/text";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { RECIPIENTS_PER_MESSAGE } from "#workers/jobs/queue.messages";
import { fanOutNotification } from "#workers/jobs/queue.producer";
import { sendReleaseReminders } from "#workers/jobs/release-reminders";
import { runScheduledJobs } from "#workers/jobs/scheduled";
import { readVars } from "#workers/platform/env";

/**
 * Fan-out through the real jobs queue (miniflare runs wrangler.toml's producer and consumer): a role mention and a
 * release-day reminder reach every member once, in more than one message, after the request or the cron run.
 */

const QUEUE_WAIT_MS = 20_000;
const SLOW = { timeout: 60_000 };

let seq = 0;
async function members(n: number): Promise<number[]> {
  const rows = await Promise.all(Array.from({ length: n }, () => createUser()));
  return rows.map((r) => r.id);
}

/** Each member's notifications of a type and source, with their delivery keys. */
async function delivered(ids: number[], type: number, sourceKey: string) {
  const { results } = await env.DB.prepare(
    `SELECT user_id, delivery_key FROM notifications
     WHERE type = ? AND source_key = ? AND user_id IN (SELECT value FROM json_each(?))`,
  )
    .bind(type, sourceKey, JSON.stringify(ids))
    .all<{ user_id: number; delivery_key: string | null }>();
  return results;
}

describe("fan-out through the queue", () => {
  it(
    `a role mention reaches every member of the role once (more than ${RECIPIENTS_PER_MESSAGE} members: several messages)`,
    SLOW,
    async () => {
      seq += 1;
      const name = `Отряд${Date.now().toString(36).slice(-4)}${seq}`;
      const [role] = await db()
        .insert(roles)
        .values({ name, nameKey: normaliseKey(name), isJoinable: true, isMentionable: true })
        .returning();
      const ids = await members(RECIPIENTS_PER_MESSAGE + 30);
      for (let i = 0; i < ids.length; i += 50) {
        await db()
          .insert(userRoles)
          .values(ids.slice(i, i + 50).map((userId) => ({ userId, roleId: role.id })));
      }
      const author = await memberClient();
      const post = await createPost(await createUser());
      const res = await author.client.post("/comment/", { post_slug: post.slug, text: `@${name}, сбор в восемь!` });
      expect(res.status).toBe(201);
      const { id: commentId } = await json<{ id: number }>(res);
      const sourceKey = `post:${post.id}/comment:${commentId}`;

      await eventually(async () => (await delivered(ids, 8, sourceKey)).length >= ids.length, QUEUE_WAIT_MS);
      const rows = await delivered(ids, 8, sourceKey);
      expect(rows).toHaveLength(ids.length);
      expect(new Set(rows.map((r) => r.user_id)).size).toBe(ids.length);
      // Written by the queue consumer: each row carries its delivery key.
      for (const row of rows) expect(row.delivery_key).toBe(`role:${sourceKey}:${row.user_id}`);
      expect(await scalar("SELECT count(*) FROM notifications WHERE user_id = ?", author.user.id)).toBe(0);
      expect(await scalar<string>("SELECT pre_title FROM notifications WHERE user_id = ? AND type = 8", ids[0])).toBe(
        `упомянул(а) роль @${name} в комментарии к статье`,
      );
    },
  );

  it("a member with a tab open sees the notification arrive on the channel, with the unread count", SLOW, async () => {
    const { client, user } = await memberClient();
    const away = await createUser();
    const socket = await openSocket(client);
    try {
      const key = `test-live:${Date.now()}`;
      await fanOutNotification(env, {
        key,
        recipients: [user.id, away.id],
        actorId: null,
        type: STREAM_TYPE.medal,
        texts: { pre_title: "Вам вручена медаль", title: "Живая", title_url: "/users/{member}/medals" },
        sourceKey: key,
        at: Date.now(),
      });
      const event = await socket.event("notification_created", (obj) => obj.title === "Живая", QUEUE_WAIT_MS);
      expect(event.obj).toMatchObject({ unread: 1, title_url: `/users/${user.id}/medals`, user: null });
      expect(await scalar("SELECT count(*) FROM notifications WHERE source_key = ?", key)).toBe(2);
    } finally {
      socket.close();
    }
  });

  it(
    "a release-day reminder reaches every follower once, and a rerun of the job sends nothing more",
    SLOW,
    async () => {
      const editor = await memberClient({ isDbEditor: true });
      const platform = await scalar<number>("SELECT id FROM platforms WHERE slug = 'pc'");
      const created = await editor.client.post("/game/", {
        title: "Очередь на релиз",
        platforms: [platform],
        datetime_released: "2041-03-15",
      });
      expect(created.status).toBe(201);
      const game = await json<{ id: number; releases: { id: number }[] }>(created);
      const releaseId = game.releases[0].id;
      const ids = await members(2 * RECIPIENTS_PER_MESSAGE + 10);
      for (let i = 0; i < ids.length; i += 50) {
        await db()
          .insert(releaseSubscriptions)
          .values(ids.slice(i, i + 50).map((userId) => ({ userId, releaseId })));
      }
      // 00:05 Moscow on the 15th.
      await runScheduledJobs(env, new Date("2041-03-14T21:05:00Z"), () => {}, "release-reminders");
      const sourceKey = `release:${releaseId}`;
      await eventually(async () => (await delivered(ids, 9, sourceKey)).length >= ids.length, QUEUE_WAIT_MS);
      // A rerun the same day queues nothing (every member's marker is there).
      const rerun = { env, vars: readVars(env), db: db(), now: new Date("2041-03-15T09:00:00Z"), waitUntil: () => {} };
      expect(await sendReleaseReminders(rerun)).toBe(0);
      const rows = await delivered(ids, 9, sourceKey);
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) expect(row.delivery_key).toBe(`release:${releaseId}:2041-03-15:${row.user_id}`);
      expect(await scalar("SELECT count(*) FROM release_reminders WHERE release_id = ?", releaseId)).toBe(ids.length);
    },
  );
});
