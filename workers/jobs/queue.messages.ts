import { z } from "zod";

/**
 * The messages of the jobs queue (docs/decisions/0037-queues-fan-out.md): one zod-validated union, checked by the
 * producer before sending and by the consumer on receipt. Each message is small (far under the 128 KB limit) and
 * carries everything its delivery needs, so a consumer never depends on the request that sent it.
 */

/** Queue names as wrangler.toml declares them (`batch.queue` tells the consumer which queue a batch is from). */
export const QUEUE_NAMES = { jobs: "kostyor-jobs", deadLetters: "kostyor-dead-letters" } as const;

/** Members per notification message: one message is one D1 insert of up to this many rows. */
export const RECIPIENTS_PER_MESSAGE = 100;
/**
 * Cloudflare Queues limits (developers.cloudflare.com/queues/platform/limits): 100 messages and 256 KB per sendBatch
 * (1 KB = 1000 bytes, ~100 bytes of metadata counted per message), 128 KB per message, 24 h of delay at most.
 */
export const SEND_BATCH_MAX_MESSAGES = 100;
export const SEND_BATCH_MAX_BYTES = 256_000;
export const MESSAGE_MAX_BYTES = 128_000;
export const MESSAGE_OVERHEAD_BYTES = 100;
export const MAX_DELAY_SECONDS = 24 * 60 * 60;
/** Retries after the first attempt; must equal `max_retries` of the jobs queue in wrangler.toml (a test checks). */
export const QUEUE_MAX_RETRIES = 5;

/** Back-off of a failed message before attempt `attempts + 1`: 10 s, 40 s, 160 s, 640 s, 2560 s (±10 %). */
export function retryDelaySeconds(attempts: number, random: () => number = Math.random): number {
  const base = 10 * 4 ** Math.max(0, attempts - 1);
  const jitter = 1 + (random() - 0.5) * 0.2;
  return Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.round(base * jitter)));
}

const ZId = z.number().int().positive();

/** In a notification's links, stands for the id of the member it is delivered to (e.g. `/users/{member}/medals`). */
export const RECIPIENT_TOKEN = "{member}";

const ZTexts = z.object({
  pre_title: z.string().max(500),
  title: z.string().max(500),
  title_url: z.string().max(2000),
  message: z.string().max(2000).optional(),
  message_url: z.string().max(2000).optional(),
});

/**
 * One notification to each of up to RECIPIENTS_PER_MESSAGE members (the same texts). `key` names the fan-out: the
 * notification of member N carries the delivery key `${key}:${N}`, unique in D1, so a message delivered twice
 * notifies nobody twice.
 */
export const ZNotifyMessage = z.object({
  kind: z.literal("notify"),
  key: z.string().min(1).max(300),
  recipients: z.array(ZId).min(1).max(RECIPIENTS_PER_MESSAGE),
  /** The member whose action it is (never notified, silenced by ignores); null: the site itself. */
  actorId: ZId.nullable(),
  /** false: the items name nobody. */
  showActor: z.boolean(),
  type: z.number().int().min(1).max(9),
  texts: ZTexts,
  sourceKey: z.string().max(300),
  /** When the event happened (ms since the epoch): the notifications' time. */
  at: z.number().int().nonnegative(),
});

/** A web push about one notification to a member with no open tab (to one of their devices, or to all). */
export const ZPushMessage = z.object({
  kind: z.literal("push"),
  userId: ZId,
  /** One device (a member with several gets one message per device, each retried on its own); absent: all. */
  subscriptionId: ZId.optional(),
  payload: z.object({
    notification_id: z.number().int().nonnegative(),
    title: z.string().max(1000),
    body: z.string().max(2000),
    url: z.string().max(2000),
  }),
});

/** The full-text indexes the queue can rebuild (a range of rowids at a time). */
export const SEARCH_INDEXES = [
  "search_posts",
  "search_post_titles",
  "search_shouts",
  "search_comments",
  "search_feed",
] as const;
export type SearchIndex = (typeof SEARCH_INDEXES)[number];

/**
 * Rebuilds rows `(afterId, afterId + size]` of one search index from its table, then sends the next range until
 * `untilId`: a reindex of millions of rows is a chain of small, idempotent steps instead of one statement.
 */
export const ZReindexMessage = z.object({
  kind: z.literal("reindex"),
  index: z.enum(SEARCH_INDEXES),
  afterId: z.number().int().nonnegative(),
  untilId: z.number().int().nonnegative(),
});

/** Recomputes a year's site recap figures (the expensive full pass over the year's rows). */
export const ZRecapMessage = z.object({
  kind: z.literal("recap"),
  year: z.number().int().min(2000).max(2100),
  /** The trigger's time (ms since the epoch): the figures are computed as of then. */
  at: z.number().int().nonnegative(),
});

export const ZQueueMessage = z.discriminatedUnion("kind", [
  ZNotifyMessage,
  ZPushMessage,
  ZReindexMessage,
  ZRecapMessage,
]);
export type TQueueMessage = z.infer<typeof ZQueueMessage>;
export type TNotifyMessage = z.infer<typeof ZNotifyMessage>;
export type TPushMessage = z.infer<typeof ZPushMessage>;
export type TReindexMessage = z.infer<typeof ZReindexMessage>;

/** What the dead-letter queue receives from the consumer itself: the message and why it gave up. */
export interface DeadLetter {
  body: unknown;
  error: string;
  attempts: number;
  messageId: string;
}
