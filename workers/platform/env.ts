import { z } from "zod";

/** Plain variables, validated once per isolate; bindings are typed by `wrangler types` (worker-configuration.d.ts). */
const ZVars = z.object({
  SITE_NAME: z.string().min(1).default("Костёр"),
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("development"),
  MAIL_FROM: z.string().email().default("noreply@kostyor.example"),
  /** How many shards the site channel has (workers/realtime); a member's tabs always share one. */
  REALTIME_SHARDS: z.coerce.number().int().min(1).max(64).default(1),
});

export type Vars = z.infer<typeof ZVars>;

let cached: Vars | undefined;

export function readVars(env: Env): Vars {
  cached ??= ZVars.parse(env);
  return cached;
}
