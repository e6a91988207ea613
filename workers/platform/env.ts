import { z } from "zod";

/** An optional string variable; an empty value counts as absent. */
function optionalVar(pattern: RegExp, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().regex(pattern, message).optional(),
  );
}

/** Plain variables, validated once per isolate; bindings are typed by `wrangler types` (worker-configuration.d.ts). */
const ZVars = z.object({
  SITE_NAME: z.string().min(1).default("Костёр"),
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("development"),
  MAIL_FROM: z.string().email().default("noreply@kostyor.example"),
  /** How many shards the site channel has (workers/realtime); a member's tabs always share one. */
  REALTIME_SHARDS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Web push (RFC 8292 VAPID), see docs/decisions/0016-web-push.md. The public key is the base64url of the raw
   * uncompressed P-256 point (65 bytes, what `PushManager.subscribe` takes as `applicationServerKey`); the private
   * key is the base64url of the 32-byte scalar `d` (the format `web-push generate-vapid-keys` prints); the subject
   * is a `mailto:` (or `https:`) contact for the push services. All optional: without them push is off
   * (workers/platform/push.ts logs why); a malformed value fails like any other bad variable.
   */
  VAPID_PUBLIC_KEY: optionalVar(/^B[A-Za-z0-9_-]{86}$/, "base64url of the raw 65-byte P-256 point (starts with B)"),
  VAPID_PRIVATE_KEY: optionalVar(/^[A-Za-z0-9_-]{43}$/, "base64url of the 32-byte P-256 private scalar"),
  VAPID_SUBJECT: optionalVar(/^(?:mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "a mailto: or https: contact URL"),
});

export type Vars = z.infer<typeof ZVars>;

let cached: Vars | undefined;

export function readVars(env: Env): Vars {
  cached ??= ZVars.parse(env);
  return cached;
}
