import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type AuthAccountRow, authAccounts } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { requireActor } from "#workers/core/shared/actor";
import type { RequestContext } from "#workers/platform/context";
import { isProviderSlug, PROVIDER_TITLES, type ProviderSlug } from "./providers.constants";

/** Spec §3 Current user `auth_accounts[]`: the provider accounts the member signs in with. */
export interface AuthAccount {
  id: number;
  provider: ProviderSlug;
  title: string;
  uid: string;
  name: string;
  datetime_created: string;
}

export function serializeAuthAccount(row: AuthAccountRow): AuthAccount {
  const provider = row.provider as ProviderSlug;
  return {
    id: row.id,
    provider,
    title: PROVIDER_TITLES[provider] ?? row.provider,
    uid: row.uid,
    name: row.name,
    datetime_created: row.createdAt.toISOString(),
  };
}

export async function listAuthAccounts(ctx: RequestContext, userId: number): Promise<AuthAccount[]> {
  const rows = await ctx.db
    .select()
    .from(authAccounts)
    .where(eq(authAccounts.userId, userId))
    .orderBy(asc(authAccounts.createdAt), asc(authAccounts.id));
  return rows.map(serializeAuthAccount);
}

export const LAST_WAY_TO_SIGN_IN =
  "Нельзя отключить единственный способ входа: сначала привяжите другой аккаунт или задайте пароль " +
  "(ссылка «Забыли пароль?» на странице входа пришлёт письмо для этого).";
export const LAST_WAY_NO_EMAIL =
  "Нельзя отключить единственный способ входа: у аккаунта нет ни пароля, ни адреса почты. Сначала привяжите другой аккаунт.";

/**
 * POST /disconnect/{provider}/{id}/: unlinks one of the member's own accounts, unless it is the last way in (no
 * password and no other linked account).
 */
export async function disconnectAuthAccount(
  ctx: RequestContext,
  params: { provider: string; id: string },
): Promise<{ detail: string }> {
  const actor = requireActor(ctx, "Войдите на сайт, чтобы управлять привязанными аккаунтами.");
  const id = Number(params.id);
  if (!isProviderSlug(params.provider) || !Number.isSafeInteger(id)) {
    throw new AppError("not_found", "Такого привязанного аккаунта нет.");
  }
  const row = await ctx.db.query.authAccounts.findFirst({
    where: and(eq(authAccounts.id, id), eq(authAccounts.provider, params.provider), eq(authAccounts.userId, actor.id)),
  });
  if (!row) throw new AppError("not_found", "Такого привязанного аккаунта нет.");
  const others = await ctx.db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, actor.id), ne(authAccounts.id, id)))
    .limit(1);
  if (!others.length && !actor.passwordHash) {
    throw new AppError("conflict", actor.email ? LAST_WAY_TO_SIGN_IN : LAST_WAY_NO_EMAIL);
  }
  // The check again inside the delete, so two disconnects at once cannot both take the last ways in.
  const stillAnotherWay = actor.passwordHash
    ? sql`1`
    : sql`exists (select 1 from auth_accounts other where other.user_id = ${actor.id} and other.id <> ${id})`;
  const removed = await ctx.db
    .delete(authAccounts)
    .where(and(eq(authAccounts.id, id), eq(authAccounts.userId, actor.id), stillAnotherWay))
    .returning({ id: authAccounts.id });
  if (!removed.length) throw new AppError("conflict", LAST_WAY_TO_SIGN_IN);
  return { detail: `Аккаунт ${PROVIDER_TITLES[params.provider]} отключён.` };
}
