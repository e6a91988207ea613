import { data, redirect } from "react-router";
import { can as canModerate } from "#workers/core/reports/reports.policy";
import { can as canManageRoles } from "#workers/core/roles/roles.policy";
import type { RequestContext } from "#workers/platform/context";

/**
 * The admin pages' door: a guest goes to sign-in and comes back; a member without the right gets a 403 page.
 * `moderate`: moderators and admins (cases, the audit log); `manage`: admins (roles and rights).
 */
export function requireStaff(ctx: RequestContext, request: Request, right: "moderate" | "manage") {
  if (!ctx.actor) {
    const url = new URL(request.url);
    throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const allowed = right === "moderate" ? canModerate(ctx.actor, "moderate") : canManageRoles(ctx.actor, "manage");
  if (!allowed) throw data({ detail: "Нет доступа." }, { status: 403 });
  return ctx.actor;
}

/** The page number of a list page (?page=), 1 when absent or malformed (the services check the range). */
export function pageParam(request: Request): string | undefined {
  return new URL(request.url).searchParams.get("page") ?? undefined;
}
