import { env } from "cloudflare:test";
import { siteSettings } from "#drizzle/schema";
import type { FlagKey } from "#workers/core/config/config.schemas";
import { buildRequestContext, type RequestContext } from "#workers/platform/context";
import { SESSION_COOKIE } from "#workers/platform/cookies";
import { db } from "./db";
import { createSessionFor } from "./users";

/** Runs services in-process as `user` (or a guest) with a controllable clock. */
export async function serviceContext(
  user: { id: number } | null,
  now: () => Date = () => new Date(),
): Promise<RequestContext> {
  const headers = new Headers({ "CF-Connecting-IP": "10.0.0.2" });
  if (user) headers.set("Cookie", `${SESSION_COOKIE}=${await createSessionFor(user, now())}`);
  return buildRequestContext(new Request("http://localhost/", { headers }), env, { waitUntil: () => {} }, { now });
}

/** Sets site flags directly (config defaults otherwise). */
export async function setFlags(flags: Partial<Record<FlagKey, boolean>>): Promise<void> {
  for (const [key, value] of Object.entries(flags)) {
    await db()
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
  }
}
