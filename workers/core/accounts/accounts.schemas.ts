import { z } from "zod";
import {
  INVITATION_DAYS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SETTING_KEYS,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./accounts.constants";
import { THEMES } from "./appearance.constants";

export * from "./accounts.constants";
export * from "./appearance.constants";

/** Universal (client-safe) schemas for accounts: one schema serves a form and its action. */

export const ZTheme = z.enum(THEMES, { error: "Такой темы нет." });

export const ZUsername = z
  .string({ error: "Укажите имя пользователя." })
  .trim()
  .min(USERNAME_MIN, `Имя пользователя должно быть не короче ${USERNAME_MIN} символов.`)
  .max(USERNAME_MAX, `Имя пользователя должно быть не длиннее ${USERNAME_MAX} символов.`)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u,
    "Имя может состоять из букв, цифр и знаков «_», «-», «.» и должно начинаться с буквы или цифры.",
  );

export const ZEmail = z
  .string({ error: "Укажите адрес электронной почты." })
  .trim()
  .min(1, "Укажите адрес электронной почты.")
  .max(254, "Слишком длинный адрес электронной почты.")
  .pipe(z.email("Введите правильный адрес электронной почты."));

/** Length only; the common-password check runs on the server (its list is large). */
export const ZNewPassword = z
  .string({ error: "Введите пароль." })
  .min(PASSWORD_MIN, `Пароль должен быть не короче ${PASSWORD_MIN} символов.`)
  .max(PASSWORD_MAX, `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.`);

export const ZSignUp = z.object({
  username: ZUsername,
  email: ZEmail,
  password: ZNewPassword,
  data: z
    .object({ code: z.string().trim().max(64, "Неверный код приглашения.").optional() })
    .optional()
    .default({}),
});
export type TSignUp = z.infer<typeof ZSignUp>;

export const ZSignIn = z.object({
  username: z
    .string({ error: "Введите имя пользователя или e-mail." })
    .trim()
    .min(1, "Введите имя пользователя или e-mail.")
    .max(254, "Слишком длинное имя."),
  password: z
    .string({ error: "Введите пароль." })
    .min(1, "Введите пароль.")
    .max(PASSWORD_MAX, "Неверное имя пользователя или пароль."),
});
export type TSignIn = z.infer<typeof ZSignIn>;

export const ZResetRequest = z.object({ email: ZEmail });
export const ZSetPassword = z.object({ password: ZNewPassword });

export const ZRename = z.object({ username: ZUsername });

export const ZProfileUpdate = z
  .object({
    theme: ZTheme.optional(),
    settings: z
      .object(Object.fromEntries(SETTING_KEYS.map((k) => [k, z.boolean().optional()])))
      .strict()
      .optional(),
  })
  .strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

export const ZInvitationCreate = z.object({
  // A number, or its digits as a form sends them; nothing else is coerced (`[7]` or `true` is a wrong type).
  days: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "Выберите срок действия." })
      .refine((d) => (INVITATION_DAYS as readonly number[]).includes(d), "Выберите срок действия: 1, 7 или 30 дней."),
  ),
});
