import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { type SocialAccountRow, socialAccounts } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { requireActor, requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { SOCIAL_SCHEMAS, type SocialSchema, socialSchema, socialUrl, tidySocialUid } from "./social-schemas";

/**
 * Gaming accounts on profiles (spec §3 Social account, §7 /v1/social-account/): one per service per member, the
 * id checked against the service's pattern; public profiles show them (`social_accounts` of User (public)).
 */

export interface SocialSchemaView {
  id: string;
  title: string;
  icon: string;
  background: string;
  is_link: boolean;
  url_pattern: string | null;
  hint: string;
  /** The current member already shows an account of this service. */
  is_used: boolean;
}

export interface SocialAccountView {
  id: number;
  schema: string;
  social_uid: string;
}

/** User (public) `social_accounts[]`. */
export interface PublicSocialAccount {
  title: string;
  social_uid: string;
  is_link: boolean;
  icon: string;
  background: string;
  /** The link when `is_link`. */
  url: string | null;
}

const NOT_FOUND = "Такого игрового аккаунта нет.";

const ZUid = z
  .string({ error: "Укажите идентификатор аккаунта." })
  .trim()
  .min(1, "Укажите идентификатор аккаунта.")
  .max(64, "Слишком длинный идентификатор.");
const ZCreate = z.object({
  schema: z.string({ error: "Выберите сервис." }).max(20, "Такого сервиса нет."),
  social_uid: ZUid,
});
const ZUpdate = z.object({ social_uid: ZUid });

function checkedUid(schema: SocialSchema, value: string): string {
  const uid = tidySocialUid(schema, value);
  if (!schema.pattern.test(uid))
    throw AppError.field("social_uid", `Неверный идентификатор для ${schema.title}. ${schema.hint}.`);
  return uid;
}

function serialize(row: SocialAccountRow): SocialAccountView {
  return { id: row.id, schema: row.schema, social_uid: row.socialUid };
}

async function rowsOf(ctx: RequestContext, userId: number): Promise<SocialAccountRow[]> {
  return socialAccountsQuery(ctx, userId);
}

export async function listSocialSchemas(ctx: RequestContext): Promise<SocialSchemaView[]> {
  const used = new Set(ctx.actor ? (await rowsOf(ctx, ctx.actor.id)).map((row) => row.schema) : []);
  return SOCIAL_SCHEMAS.map((schema) => ({
    id: schema.id,
    title: schema.title,
    icon: schema.icon,
    background: schema.background,
    is_link: !!schema.url,
    url_pattern: schema.url,
    hint: schema.hint,
    is_used: used.has(schema.id),
  }));
}

export async function listMySocialAccounts(ctx: RequestContext): Promise<SocialAccountView[]> {
  const actor = requireActor(ctx, "Войдите на сайт, чтобы видеть свои игровые аккаунты.");
  return (await rowsOf(ctx, actor.id)).map(serialize);
}

/** The accounts a profile shows, in the order of the services' list. */
export async function publicSocialAccounts(ctx: RequestContext, userId: number): Promise<PublicSocialAccount[]> {
  return publicSocialAccountsOf(await rowsOf(ctx, userId));
}

/** The query of `publicSocialAccounts`, for a page that reads it in one batch with others. */
export function socialAccountsQuery(ctx: RequestContext, userId: number) {
  return ctx.db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId)).orderBy(asc(socialAccounts.id));
}

export function publicSocialAccountsOf(rows: SocialAccountRow[]): PublicSocialAccount[] {
  const order = new Map(SOCIAL_SCHEMAS.map((schema, i) => [schema.id, i]));
  return rows
    .filter((row) => socialSchema(row.schema))
    .sort((a, b) => (order.get(a.schema) ?? 0) - (order.get(b.schema) ?? 0))
    .map((row) => {
      const schema = socialSchema(row.schema) as SocialSchema;
      return {
        title: schema.title,
        social_uid: row.socialUid,
        is_link: !!schema.url,
        icon: schema.icon,
        background: schema.background,
        url: socialUrl(schema, row.socialUid),
      };
    });
}

const SIGN_IN = "Войдите на сайт, чтобы добавлять игровые аккаунты.";

export async function createSocialAccount(ctx: RequestContext, input: unknown): Promise<SocialAccountView> {
  const actor = requireWriter(ctx, SIGN_IN);
  const data = parseInput(ZCreate, input);
  const schema = socialSchema(data.schema);
  if (!schema) throw AppError.field("schema", "Такого сервиса нет.");
  const uid = checkedUid(schema, data.social_uid);
  const [row] = await ctx.db
    .insert(socialAccounts)
    .values({ userId: actor.id, schema: schema.id, socialUid: uid, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw AppError.field("schema", `Аккаунт ${schema.title} уже добавлен: измените или удалите его.`);
  ctx.invalidate([`/users/${actor.id}`]);
  return serialize(row);
}

export async function updateSocialAccount(ctx: RequestContext, id: string, input: unknown): Promise<SocialAccountView> {
  const actor = requireWriter(ctx, SIGN_IN);
  const accountId = Number(id);
  if (!Number.isSafeInteger(accountId)) throw new AppError("not_found", NOT_FOUND);
  const existing = await ctx.db.query.socialAccounts.findFirst({
    where: and(eq(socialAccounts.id, accountId), eq(socialAccounts.userId, actor.id)),
  });
  const schema = existing && socialSchema(existing.schema);
  if (!existing || !schema) throw new AppError("not_found", NOT_FOUND);
  const { social_uid } = parseInput(ZUpdate, input);
  const [row] = await ctx.db
    .update(socialAccounts)
    .set({ socialUid: checkedUid(schema, social_uid) })
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.userId, actor.id)))
    .returning();
  ctx.invalidate([`/users/${actor.id}`]);
  return serialize(row);
}

export async function deleteSocialAccount(ctx: RequestContext, id: string): Promise<void> {
  const actor = requireActor(ctx, SIGN_IN);
  const accountId = Number(id);
  const removed = Number.isSafeInteger(accountId)
    ? await ctx.db
        .delete(socialAccounts)
        .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.userId, actor.id)))
        .returning({ id: socialAccounts.id })
    : [];
  if (!removed.length) throw new AppError("not_found", NOT_FOUND);
  ctx.invalidate([`/users/${actor.id}`]);
}
