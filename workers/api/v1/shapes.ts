import { z } from "zod";
import { SETTING_KEYS, THEMES } from "#workers/core/accounts/accounts.schemas";
import { FLAG_KEYS, LIMIT_KEYS, ZMenuItem } from "#workers/core/config/config.schemas";

/** Response shapes for the OpenAPI document (the serializers produce them). */
const ZAvatar = z.object({ tiny: z.string(), small: z.string(), big: z.string() });

export const ZCurrentUserShape = z.object({
  id: z.number().int(),
  username: z.string(),
  isAuthenticated: z.literal(true),
  avatar: ZAvatar,
  background_url: z.string().nullable(),
  theme: z.enum(THEMES),
  auth_accounts: z.array(z.unknown()),
  roles: z.array(z.string()),
  is_admin: z.boolean(),
  is_mod: z.boolean(),
  is_db_editor: z.boolean(),
  is_banned: z.boolean(),
  is_fp_required: z.boolean(),
  is_supporter: z.boolean(),
  email: z.string(),
  datetime_created: z.string(),
  settings: z.object(Object.fromEntries(SETTING_KEYS.map((k) => [k, z.boolean()]))),
});

export const ZPublicUserShape = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: ZAvatar,
  background_url: z.string().nullable(),
  is_supporter: z.boolean(),
  is_mod: z.boolean(),
  datetime_last_seen: z.string().nullable(),
  datetime_created: z.string(),
  social_accounts: z.array(z.unknown()),
});

export const ZConfigShape = z.object({
  site_name: z.string(),
  menu_items: z.array(ZMenuItem),
  ...Object.fromEntries(FLAG_KEYS.map((k) => [k, z.boolean()])),
  ...Object.fromEntries(LIMIT_KEYS.map((k) => [k, z.number().int()])),
});

export const ZInvitationShape = z.object({
  code: z.string(),
  url: z.string(),
  datetime_created: z.string(),
  datetime_expires: z.string(),
  is_used: z.boolean(),
  is_expired: z.boolean(),
});

export const ZDetail = z.object({ detail: z.string() });
