import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { type ShoutCommentRow, type ShoutRow, shoutComments, shouts, users } from "#drizzle/schema";
import type { SettingKey } from "#workers/core/accounts/accounts.constants";
import { db } from "./db";
import { PNG_6X4 } from "./images";

let seq = 0;

/** Inserts a shout row directly (no media, no tags), as createShout would leave a text-only shout. */
export async function createShoutRow(
  author: { id: number },
  overrides: Partial<typeof shouts.$inferInsert> = {},
): Promise<ShoutRow> {
  seq += 1;
  const at = overrides.createdAt ?? new Date();
  const [row] = await db()
    .insert(shouts)
    .values({ userId: author.id, text: `Записка у костра ${seq}`, createdAt: at, updatedAt: at, ...overrides })
    .returning();
  return row;
}

/**
 * Inserts a shout comment directly, as createShoutComment would leave it: depth and path from the parent, and
 * the shout's comments_count + 1.
 */
export async function createShoutCommentRow(
  shout: { id: number },
  author: { id: number },
  options: { parent?: ShoutCommentRow; text?: string; createdAt?: Date } = {},
): Promise<ShoutCommentRow> {
  seq += 1;
  const at = options.createdAt ?? new Date();
  const [row] = await db()
    .insert(shoutComments)
    .values({
      shoutId: shout.id,
      userId: author.id,
      parentId: options.parent?.id ?? null,
      depth: options.parent ? options.parent.depth + 1 : 1,
      path: `pending-${seq}`,
      text: options.text ?? `Комментарий к записке ${seq}`,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const path = (options.parent?.path ?? "") + String(row.id).padStart(10, "0");
  const [done] = await db().update(shoutComments).set({ path }).where(eq(shoutComments.id, row.id)).returning();
  await db()
    .update(shouts)
    .set({ commentsCount: sql`${shouts.commentsCount} + 1` })
    .where(eq(shouts.id, shout.id));
  return done;
}

/** Sets a member's settings flags (merged into the stored JSON). */
export async function setSettings(user: { id: number }, flags: Partial<Record<SettingKey, boolean>>): Promise<void> {
  const row = await db().query.users.findFirst({ where: eq(users.id, user.id), columns: { settings: true } });
  await db()
    .update(users)
    .set({ settings: { ...(row?.settings ?? {}), ...flags } })
    .where(eq(users.id, user.id));
}

export interface UploadFile {
  bytes: Uint8Array;
  name?: string;
  type?: string;
}

/** A multipart body for POST /v1/shout/. */
export function shoutForm(input: {
  text?: string;
  files?: UploadFile[];
  captions?: string[];
  videos?: string[];
  is_media_hidden?: boolean;
}): FormData {
  const form = new FormData();
  if (input.text !== undefined) form.append("text", input.text);
  for (const file of input.files ?? []) {
    form.append("files", new File([new Uint8Array(file.bytes)], file.name ?? "picture.png", { type: file.type ?? "image/png" }));
  }
  for (const caption of input.captions ?? []) form.append("captions", caption);
  for (const video of input.videos ?? []) form.append("videos", video);
  if (input.is_media_hidden !== undefined) form.append("is_media_hidden", String(input.is_media_hidden));
  return form;
}

/** A real PNG cut short: the signature and header pass the sniff, decoding fails. */
export const TRUNCATED_PNG = PNG_6X4.slice(0, 40);

/** R2 keys of a member's shout pictures. */
export async function shoutMediaKeys(userId: number): Promise<string[]> {
  const listing = await env.MEDIA.list({ prefix: `shouts/${userId}/` });
  return listing.objects.map((o) => o.key).sort();
}

/** A member's rows in the shout tables (to show that a failure wrote nothing). */
export async function shoutRowCounts(userId: number): Promise<{ shouts: number; media: number; tagLinks: number }> {
  const count = async (query: string) => (await env.DB.prepare(query).bind(userId).first<{ n: number }>())?.n ?? 0;
  return {
    shouts: await count("SELECT count(*) AS n FROM shouts WHERE user_id = ?"),
    media: await count("SELECT count(*) AS n FROM shout_media WHERE user_id = ?"),
    tagLinks: await count("SELECT count(*) AS n FROM shout_tags st JOIN shouts s ON s.id = st.shout_id WHERE s.user_id = ?"),
  };
}
