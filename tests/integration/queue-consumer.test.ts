import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushSubscriptions } from "#drizzle/schema";
import { db, eventually, scalar } from "#tests/factories/db";
import { createUser } from "#tests/factories/users";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import { consumeQueue } from "#workers/jobs/queue.consumer";
import {
  QUEUE_MAX_RETRIES,
  QUEUE_NAMES,
  retryDelaySeconds,
  type TNotifyMessage,
  type TPushMessage,
  type TQueueMessage,
} from "#workers/jobs/queue.messages";
import wranglerToml from "../../wrangler.toml?raw";

/**
 * The queue consumer's contract (docs/decisions/0037-queues-fan-out.md): a failed delivery is retried with back-off
 * and then succeeds without duplicates; a message delivered twice notifies nobody twice; the last allowed attempt,
 * or a message no retry can fix, lands in the dead-letter queue, whose consumer records it in the audit log.
 * Batches are built with createMessageBatch (attempt numbers chosen by the test); the dead-letter queue is the real
 * one (miniflare runs its consumer).
 */

const DLQ_WAIT_MS = 20_000;

let seq = 0;
function batchOf<T extends TQueueMessage | unknown>(body: T, attempts = 1, queue: string = QUEUE_NAMES.jobs) {
  seq += 1;
  return createMessageBatch<T>(queue, [{ id: `test-${Date.now()}-${seq}`, timestamp: new Date(), attempts, body }]);
}

async function consume(batch: MessageBatch<unknown>, options: { fetch?: typeof fetch } = {}) {
  const ctx = createExecutionContext();
  await consumeQueue(batch, env, ctx, options);
  return getQueueResult(batch, ctx);
}

/** A browser's push subscription: a fresh P-256 key and auth secret, on a push service's https endpoint. */
async function subscribe(userId: number): Promise<number> {
  const b64url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const keys = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer;
  seq += 1;
  const [row] = await db()
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: `https://push.example.com/send/queue-${Date.now()}-${seq}`,
      p256dh: b64url(raw),
      auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
    })
    .returning();
  return row.id;
}

/** A push service answering each request with the next status (the last one repeats). */
function pushService(...statuses: number[]) {
  const requests: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    requests.push(String(input instanceof Request ? input.url : input));
    const status = statuses[Math.min(requests.length - 1, statuses.length - 1)];
    return new Response(status >= 400 ? "busy" : null, { status });
  }) as typeof fetch;
  return { fetcher, requests };
}

function pushMessage(userId: number): TPushMessage {
  return {
    kind: "push",
    userId,
    payload: { notification_id: 1, title: "Вам вручена медаль", body: "За терпение", url: "/users/1/medals" },
  };
}

function deadLetters(kind: string) {
  return env.DB.prepare(
    "SELECT actor_id, target_type, target_id, reason, meta FROM audit_log WHERE action = 'queue.dead_letter' AND target_id = ? ORDER BY id",
  )
    .bind(kind)
    .all<{ actor_id: number | null; target_type: string; target_id: string; reason: string; meta: string }>();
}

describe("the queue consumer", { timeout: 30_000 }, () => {
  it("retries as often as wrangler.toml says before dead-lettering", () => {
    const jobs = wranglerToml.slice(wranglerToml.indexOf(`queue = "${QUEUE_NAMES.jobs}"\nmax_batch_size`));
    expect(Number(/max_retries = (\d+)/.exec(jobs)?.[1])).toBe(QUEUE_MAX_RETRIES);
    expect(jobs).toMatch(new RegExp(`dead_letter_queue = "${QUEUE_NAMES.deadLetters}"`));
  });

  it("retries a failed push with back-off, then delivers it once", async () => {
    const user = await createUser();
    const subscriptionId = await subscribe(user.id);
    const service = pushService(503, 201);
    const body = pushMessage(user.id);

    const first = await consume(batchOf(body, 1), { fetch: service.fetcher });
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toHaveLength(1);

    const second = await consume(batchOf(body, 2), { fetch: service.fetcher });
    expect(second.retryMessages).toEqual([]);
    expect(second.explicitAcks).toHaveLength(1);
    expect(service.requests).toHaveLength(2);
    const row = await db().query.pushSubscriptions.findFirst({ where: eq(pushSubscriptions.id, subscriptionId) });
    expect(row?.failureCount).toBe(0);
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it("backs off: about 10 s before the second attempt, four times longer before each next one, never over a day", () => {
    const exact = () => 0.5;
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelaySeconds(attempts, exact))).toEqual([10, 40, 160, 640, 2560]);
    for (const random of [() => 0, () => 0.999]) {
      const delay = retryDelaySeconds(1, random);
      expect(delay).toBeGreaterThanOrEqual(9);
      expect(delay).toBeLessThanOrEqual(11);
    }
    expect(retryDelaySeconds(50, exact)).toBe(24 * 60 * 60);
  });

  it("does not retry what a push service refuses for good (it counts against the subscription)", async () => {
    const user = await createUser();
    await subscribe(user.id);
    const result = await consume(batchOf(pushMessage(user.id)), { fetch: pushService(400).fetcher });
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
  });

  it("notifies each member once when the same message is delivered again", async () => {
    const [a, b, off] = await Promise.all([
      createUser(),
      createUser(),
      createUser({ settings: { is_notifications_enabled: false } }),
    ]);
    const message: TNotifyMessage = {
      kind: "notify",
      key: `test-redelivery:${Date.now()}`,
      recipients: [a.id, b.id, off.id, 999_999_999],
      actorId: null,
      showActor: true,
      type: STREAM_TYPE.medal,
      texts: { pre_title: "Вам вручена медаль", title: "Терпение", title_url: "/users/{member}/medals" },
      sourceKey: "medal:test",
      at: Date.now(),
    };
    for (const attempts of [1, 2]) {
      const result = await consume(batchOf(message, attempts));
      expect(result.explicitAcks).toHaveLength(1);
    }
    const count = (userId: number) =>
      scalar("SELECT count(*) FROM notifications WHERE user_id = ? AND source_key = 'medal:test'", userId);
    expect(await count(a.id)).toBe(1);
    expect(await count(b.id)).toBe(1);
    expect(await count(off.id)).toBe(0);
    expect(await scalar<string>("SELECT title_url FROM notifications WHERE user_id = ?", a.id)).toBe(
      `/users/${a.id}/medals`,
    );
  });

  it("dead-letters a message after its last retry, with the reason, and records it in the audit log", async () => {
    const user = await createUser();
    await subscribe(user.id);
    const body = pushMessage(user.id);
    const last = await consume(batchOf(body, QUEUE_MAX_RETRIES + 1), { fetch: pushService(503).fetcher });
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toHaveLength(1);

    const mine = async () =>
      (await deadLetters("push")).results.filter((r) => JSON.parse(r.meta).body?.userId === user.id);
    await eventually(async () => (await mine()).length === 1, DLQ_WAIT_MS);
    const [entry] = await mine();
    expect(entry.actor_id).toBeNull();
    expect(entry.target_type).toBe("queue");
    expect(entry.reason).toContain("503");
    expect(JSON.parse(entry.meta)).toMatchObject({ attempts: QUEUE_MAX_RETRIES + 1, body });
  });

  it("sends a malformed message straight to the dead letters (through the real queues)", async () => {
    const marker = `broken-${Date.now()}`;
    await env.JOBS.send({ kind: "notify", key: marker, recipients: [] });
    await eventually(
      async () => (await deadLetters("notify")).results.some((r) => JSON.parse(r.meta).body?.key === marker),
      DLQ_WAIT_MS,
    );
    const entry = (await deadLetters("notify")).results.find((r) => JSON.parse(r.meta).body?.key === marker);
    expect(entry?.reason).toMatch(/^invalid message/);
  });

  it("records a letter the queue dead-lettered by itself (no reason given)", async () => {
    const user = await createUser();
    const body = pushMessage(user.id);
    const result = await consume(batchOf(body, QUEUE_MAX_RETRIES + 1, QUEUE_NAMES.deadLetters));
    expect(result.explicitAcks).toHaveLength(1);
    const entry = (await deadLetters("push")).results.find((r) => JSON.parse(r.meta).body?.userId === user.id);
    expect(entry?.reason).toBe("retries exhausted");
  });
});
