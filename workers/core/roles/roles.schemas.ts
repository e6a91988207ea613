import { z } from "zod";

/**
 * Role names are written after "@" to mention a role, so they follow the mention's rule
 * (workers/core/notifications/mentions.ts): letters, digits, «_» and «-», no spaces.
 */
export const ROLE_NAME = /^[\p{L}\p{N}][\p{L}\p{N}_-]{1,31}$/u;
const ROLE_NAME_MESSAGE = "Название роли — от 2 до 32 букв, цифр, «_» или «-» без пробелов: его пишут после @.";

export const ZRoleName = z.string().trim().regex(ROLE_NAME, ROLE_NAME_MESSAGE);
export const ZRoleColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Цвет — в виде #rrggbb, например #ff6600.")
  .transform((c) => c.toLowerCase());

export const ZRoleCreate = z.strictObject({
  name: ZRoleName,
  color: ZRoleColor.default("#888888"),
  is_joinable: z.boolean().default(false),
  is_mentionable: z.boolean().default(false),
});
export type TRoleCreate = z.output<typeof ZRoleCreate>;

export const ZRoleUpdate = z.strictObject({
  name: ZRoleName.optional(),
  color: ZRoleColor.optional(),
  is_joinable: z.boolean().optional(),
  is_mentionable: z.boolean().optional(),
});

const ZId = z.number({ error: "Укажите роль." }).int("Укажите роль.").positive("Укажите роль.");

/** PATCH /v1/user/add-role/ and /remove-role/ (spec §7). */
export const ZRoleRef = z.strictObject({ id: ZId });

/** An admin sets a member's roles and staff flags (any subset). */
export const ZMemberAccess = z.strictObject({
  role_ids: z.array(ZId).max(100, "Слишком много ролей.").optional(),
  is_mod: z.boolean().optional(),
  is_db_editor: z.boolean().optional(),
});
export type TMemberAccess = z.output<typeof ZMemberAccess>;

export const ZMemberSearch = z.strictObject({
  q: z.string().trim().max(32, "Не длиннее 32 символов.").default(""),
});
