import {
  MESSAGE_MAX_BYTES,
  MESSAGE_OVERHEAD_BYTES,
  RECIPIENTS_PER_MESSAGE,
  SEND_BATCH_MAX_BYTES,
  SEND_BATCH_MAX_MESSAGES,
  type TNotifyMessage,
  type TPushMessage,
  type TQueueMessage,
  ZQueueMessage,
} from "./queue.messages";

/**
 * The producer side of the jobs queue (docs/decisions/0037-queues-fan-out.md): every message is validated against
 * the union before it leaves, and sent in sendBatch calls that keep to the documented limits (100 messages, 256 KB).
 */

const encoder = new TextEncoder();

/** Bytes a message counts against the limits: its JSON plus the queue's own metadata. */
function sizeOf(message: TQueueMessage): number {
  return encoder.encode(JSON.stringify(message)).byteLength + MESSAGE_OVERHEAD_BYTES;
}

/** Groups messages into sendBatch calls of at most 100 messages and 256 KB each. */
export function sendBatches(messages: TQueueMessage[]): TQueueMessage[][] {
  const batches: TQueueMessage[][] = [];
  let current: TQueueMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = sizeOf(message);
    if (size > MESSAGE_MAX_BYTES) throw new Error(`queue message of ${size} bytes is over the 128 KB limit`);
    if (current.length >= SEND_BATCH_MAX_MESSAGES || bytes + size > SEND_BATCH_MAX_BYTES) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/** Validates and sends messages to the jobs queue; resolves to how many were sent. Throws when sending fails. */
export async function sendJobs(
  env: Pick<Env, "JOBS">,
  messages: TQueueMessage[],
  options: { delaySeconds?: number } = {},
): Promise<number> {
  const valid = messages.map((message) => ZQueueMessage.parse(message));
  for (const batch of sendBatches(valid)) {
    await env.JOBS.sendBatch(
      batch.map((body) => ({ body, contentType: "json" as const })),
      options.delaySeconds ? { delaySeconds: options.delaySeconds } : undefined,
    );
  }
  return valid.length;
}

export type NotifyFanOut = Omit<TNotifyMessage, "kind" | "recipients" | "showActor"> & {
  recipients: readonly number[];
  showActor?: boolean;
};

/** The messages of one notification to many members: RECIPIENTS_PER_MESSAGE members each, every member once. */
export function notifyMessages(input: NotifyFanOut): TNotifyMessage[] {
  const recipients = [...new Set(input.recipients)];
  const messages: TNotifyMessage[] = [];
  for (let i = 0; i < recipients.length; i += RECIPIENTS_PER_MESSAGE) {
    messages.push({
      kind: "notify",
      key: input.key,
      recipients: recipients.slice(i, i + RECIPIENTS_PER_MESSAGE),
      actorId: input.actorId,
      showActor: input.showActor ?? true,
      type: input.type,
      texts: input.texts,
      sourceKey: input.sourceKey,
      at: input.at,
    });
  }
  return messages;
}

/**
 * Tells many members about one event through the queue: the consumer writes their notifications (once each, by
 * the delivery key), publishes them to their tabs and pushes to the away ones. Resolves to the messages sent.
 */
export function fanOutNotification(env: Pick<Env, "JOBS">, input: NotifyFanOut): Promise<number> {
  return sendJobs(env, notifyMessages(input));
}

/** Queues a web push about a notification (the consumer skips members with a tab open). */
export function queuePush(env: Pick<Env, "JOBS">, message: Omit<TPushMessage, "kind">): Promise<number> {
  return sendJobs(env, [{ kind: "push", ...message }]);
}
