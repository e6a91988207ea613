import { z } from "zod";
import { ZSocialVars } from "./oauth-vars";

/** An optional string variable; an empty value counts as absent. */
function optionalVar(pattern: RegExp, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().regex(pattern, message).optional(),
  );
}

/** The development secret committed in wrangler.toml: public knowledge, so the Worker refuses it in production. */
export const DEV_SECRET_KEY = "development-only-secret-key-never-use-in-production-kostyor";
/** The development Secret Santa address key committed in wrangler.toml: refused in production like DEV_SECRET_KEY. */
export const DEV_SANTA_ADDRESS_KEY = "ZGV2LW9ubHktc2FudGEta2V5LW5vdC1mb3ItcHJvZCE=";

/** Plain variables, validated once per isolate; bindings are typed by `wrangler types` (worker-configuration.d.ts). */
const ZVars = z
  .object({
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
    /**
     * The key that signs CSRF tokens and known-device cookies (HMAC-SHA256; docs/decisions/0002 and 0021). At least
     * 32 characters; in production set a random one with `wrangler secret put SECRET_KEY` (e.g. `openssl rand
     * -base64 48`). Changing it voids every CSRF token (pages mint new ones) and every known-device cookie.
     */
    /**
     * Purging guest pages in every data centre (workers/platform/zone-purge.ts): the zone id and an API token with
     * the «Zone → Cache Purge» permission (`wrangler secret put CF_PURGE_TOKEN`). Optional: without them a change
     * purges the local data centre's pages at once and other data centres' copies expire within a minute.
     */
    CF_ZONE_ID: optionalVar(/^[0-9a-f]{32}$/, "the zone id: 32 hex digits (dashboard → the zone → Overview)"),
    CF_PURGE_TOKEN: optionalVar(/^\S{20,200}$/, "an API token with the Zone → Cache Purge permission"),
    /** The Cloudflare API's base URL; tests point it at a local server. */
    CF_API_URL: z.string().url().default("https://api.cloudflare.com/client/v4"),
    ...ZSocialVars,
    SECRET_KEY: z.string().min(32, "at least 32 characters (e.g. `openssl rand -base64 48`)"),
    /**
     * The AES-256-GCM key that seals Secret Santa names and postal addresses (docs/decisions/0032): base64 of 32
     * random bytes (`openssl rand -base64 32`), set with `wrangler secret put SANTA_ADDRESS_KEY`. Changing it makes
     * the current exchange's addresses unreadable: change it only between exchanges.
     */
    SANTA_ADDRESS_KEY: z.string().regex(/^[A-Za-z0-9+/]{43}=$/, "base64 of 32 random bytes (`openssl rand -base64 32`)"),
    /**
     * Donation webhooks (docs/decisions/0028-donations-and-medals.md), each optional: without its secret a provider's
     * webhook answers 404. ЮMoney: the wallet's «секрет для проверки подлинности» of HTTP notifications; Stripe: the
     * endpoint's signing secret (`whsec_…`). Set them with `wrangler secret put`.
     */
    YOOMONEY_NOTIFICATION_SECRET: optionalVar(/^\S{8,200}$/, "the ЮMoney notification secret (no spaces)"),
    STRIPE_WEBHOOK_SECRET: optionalVar(/^whsec_\S{8,200}$/, "the Stripe endpoint signing secret (whsec_…)"),
  })
  .refine((vars) => vars.ENVIRONMENT !== "production" || vars.SECRET_KEY !== DEV_SECRET_KEY, {
    path: ["SECRET_KEY"],
    message: "the development SECRET_KEY from wrangler.toml is public; set a production one with `wrangler secret put`",
  })
  .refine((vars) => vars.ENVIRONMENT !== "production" || vars.SANTA_ADDRESS_KEY !== DEV_SANTA_ADDRESS_KEY, {
    path: ["SANTA_ADDRESS_KEY"],
    message: "the development SANTA_ADDRESS_KEY from wrangler.toml is public; set a production one with `wrangler secret put`",
  });

export type Vars = z.infer<typeof ZVars>;

let cached: Vars | undefined;

/** Validates the variables (throws on a bad or missing one: the Worker refuses to run misconfigured). */
export function parseVars(env: Record<string, unknown>): Vars {
  return ZVars.parse(env);
}

export function readVars(env: Env): Vars {
  cached ??= parseVars(env as unknown as Record<string, unknown>);
  return cached;
}
