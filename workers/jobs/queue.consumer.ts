import { z } from "zod";
import { recordAudit } from "#workers/core/audit/audit";
import { deliverToAwayMember, pushDevices } from "#workers/core/push/push";
import { siteFigures } from "#workers/core/recap/recap";
import type { RequestContext } from "#workers/platform/context";
import { createDb } from "#workers/platform/db";
import { readVars } from "#workers/platform/env";
import { jobRequestContext } from "./job-context";
import {
  type DeadLetter,
  QUEUE_MAX_RETRIES,
  QUEUE_NAMES,
  retryDelaySeconds,
  type TPushMessage,
  type TQueueMessage,
  ZQueueMessage,
} from "./queue.messages";
import { deliverNotifications } from "./queue.notify";
import { sendJobs } from "./queue.producer";
import { reindexRange } from "./queue.reindex";

/**
 * The queue consumer (docs/decisions/0037-queues-fan-out.md), exported as the Worker's `queue` handler. Jobs queue:
 * each message is validated, handled on its own and acknowledged; a failure is retried with back-off
 * (`message.retry({ delaySeconds })`), and the last allowed attempt — or a message no retry can fix (it fails
 * validation) — is sent to the dead-letter queue with its error. Dead-letter queue: every letter is recorded in the
 * audit log (action `queue.dead_letter`, shown on /admin/audit) and acknowledged.
 */

export interface ConsumerOptions {
  /** The fetch that reaches the push services (tests pass a local stand-in: there is no network in tests). */
  fetch?: typeof fetch;
}

/** The push statuses worth another attempt: no answer, too many requests, the service's own trouble. */
function transient(status: number | null): boolean {
  return status === null || status === 429 || status >= 500;
}

async function deliverPush(ctx: RequestContext, message: TPushMessage, options: ConsumerOptions): Promise<void> {
  if (message.subscriptionId === undefined) {
    const devices = await pushDevices(ctx, message.userId);
    // Several devices: one message each, so a retry never rings a device that already has it.
    if (devices.length > 1) {
      await sendJobs(
        ctx.env,
        devices.map((device) => ({ ...message, subscriptionId: device.id })),
      );
      return;
    }
  }
  const outcomes = await deliverToAwayMember(ctx, message.userId, message.payload, {
    fetch: options.fetch,
    subscriptionId: message.subscriptionId,
  });
  const failed = outcomes.find((o) => o.kind === "failed" && transient(o.status));
  if (failed?.kind === "failed") throw new Error(`push service: ${failed.status ?? "no answer"} ${failed.detail}`);
}

/** Does what one message asks. Throws to have it retried. */
export async function handleMessage(
  ctx: RequestContext,
  message: TQueueMessage,
  options: ConsumerOptions = {},
): Promise<void> {
  switch (message.kind) {
    case "notify":
      await deliverNotifications(ctx, message);
      return;
    case "push":
      await deliverPush(ctx, message, options);
      return;
    case "reindex":
      await reindexRange(ctx, message);
      return;
    case "recap":
      await siteFigures({ ...ctx, now: () => new Date(message.at) }, message.year);
      return;
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** Hands a message to the dead-letter queue with the reason; false when even that failed. */
async function deadLetter(env: Env, message: Message<unknown>, error: string): Promise<boolean> {
  const letter: DeadLetter = { body: message.body, error, attempts: message.attempts, messageId: message.id };
  try {
    await env.DEAD_LETTERS.send({ dead_letter: letter }, { contentType: "json" });
    return true;
  } catch (sendError) {
    console.error("dead-lettering a queue message failed", sendError);
    return false;
  }
}

async function consumeJobs(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext, options: ConsumerOptions) {
  const job = { env, vars: readVars(env), db: createDb(env.DB), now: new Date(), waitUntil: ctx.waitUntil.bind(ctx) };
  const service = jobRequestContext(job);
  for (const message of batch.messages) {
    const parsed = ZQueueMessage.safeParse(message.body);
    if (!parsed.success) {
      // No retry makes a malformed message valid: straight to the dead letters.
      const sent = await deadLetter(env, message, `invalid message: ${z.prettifyError(parsed.error)}`);
      if (sent) message.ack();
      else message.retry();
      continue;
    }
    try {
      await handleMessage(service, parsed.data, options);
      message.ack();
    } catch (error) {
      const reason = errorText(error);
      console.error(`queue message ${message.id} (${parsed.data.kind}) failed, attempt ${message.attempts}`, error);
      // The last attempt the queue allows: dead-lettered here, so the letter keeps its reason.
      if (message.attempts > QUEUE_MAX_RETRIES && (await deadLetter(env, message, reason))) message.ack();
      else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

const ZLetter = z.object({
  dead_letter: z.object({
    body: z.unknown(),
    error: z.string(),
    attempts: z.number(),
    messageId: z.string(),
  }),
});

/** Records each dead letter in the audit log. */
async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Env) {
  const db = createDb(env.DB);
  const at = new Date();
  for (const message of batch.messages) {
    const wrapped = ZLetter.safeParse(message.body);
    // A letter the consumer sent carries its reason; one the queue moved itself ran out of retries without one
    // (e.g. the consumer was stopped mid-batch).
    const letter: DeadLetter = wrapped.success
      ? wrapped.data.dead_letter
      : { body: message.body, error: "retries exhausted", attempts: message.attempts, messageId: message.id };
    const body = letter.body as { kind?: unknown } | null;
    const kind = body && typeof body === "object" && typeof body.kind === "string" ? body.kind : "unknown";
    try {
      await recordAudit(db, {
        actorId: null,
        action: "queue.dead_letter",
        targetType: "queue",
        targetId: kind,
        reason: letter.error,
        meta: {
          excerpt: `${kind}: ${letter.error}`.slice(0, 140),
          message_id: letter.messageId,
          attempts: letter.attempts,
          body: letter.body,
        },
        at,
      });
      message.ack();
    } catch (error) {
      console.error("recording a dead letter failed", error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** The Worker's `queue` handler. */
export async function consumeQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  ctx: ExecutionContext,
  options: ConsumerOptions = {},
): Promise<void> {
  if (batch.queue === QUEUE_NAMES.deadLetters) return consumeDeadLetters(batch, env);
  return consumeJobs(batch, env, ctx, options);
}
