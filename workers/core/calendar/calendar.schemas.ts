import { z } from "zod";
import { isTimeZone, parseReleaseDate } from "./calendar.dates";

/** Universal schemas of the release calendar: the API bodies and the pages' forms parse the same ones. */

export const GAME_TITLE_MAX = 150;
export const RELEASE_NOTE_MAX = 60;
export const PLATFORM_TITLE_MAX = 40;
export const PLATFORM_ICONS = ["pc", "playstation", "xbox", "nintendo", "mobile", "vr", "other"] as const;
export const SEARCH_MIN = 2;

/** A positive id from JSON (number) or a form (string). */
const ZId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message),
  );

const ZGameTitle = z
  .string({ error: "Название должно быть строкой." })
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .pipe(
    z.string().min(1, "Введите название игры.").max(GAME_TITLE_MAX, `Название не длиннее ${GAME_TITLE_MAX} символов.`),
  );

/** `datetime_released` in any of its forms (calendar.dates.ts parseReleaseDate), parsed. */
export const ZReleaseDate = z
  .string({ error: "Дата выхода должна быть строкой." })
  .max(40, "Неверная дата выхода.")
  .transform((value, ctx) => {
    const date = parseReleaseDate(value);
    if (!date) {
      ctx.addIssue({
        code: "custom",
        message: "Неверная дата выхода: например, 2027-03-14, 2027-03-14T18:00, 2027-03, 2027-Q4 или 2027.",
      });
      return z.NEVER;
    }
    return date;
  });

const ZPlatformIds = z
  .array(ZId("Неверная платформа."), { error: "Платформы — это список." })
  .min(1, "Выберите хотя бы одну платформу.")
  .max(20, "Слишком много платформ.")
  .transform((ids) => [...new Set(ids)]);

const ZNote = z
  .string({ error: "Пометка должна быть строкой." })
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .pipe(z.string().max(RELEASE_NOTE_MAX, `Пометка не длиннее ${RELEASE_NOTE_MAX} символов.`));

/** One release date of a game. */
export const ZReleaseFields = z.object({
  platforms: ZPlatformIds,
  datetime_released: ZReleaseDate,
  note: ZNote.optional().default(""),
});

/** POST /v1/game/ (spec §7): a game and its first release; the cover file is checked by content in the service. */
export const ZGameCreate = ZReleaseFields.extend({ title: ZGameTitle }).strict();
export type TGameCreate = z.infer<typeof ZGameCreate>;

/**
 * PATCH /v1/game/{id}/: the title, the cover (a file, or `remove_cover`), and — spec §7 — platforms and date of
 * one release (`release`; may be left out when the game has only one).
 */
export const ZGameUpdate = z
  .object({
    title: ZGameTitle.optional(),
    remove_cover: z.boolean({ error: "Нужно да или нет." }).optional(),
    release: ZId("Неверный релиз.").optional(),
    platforms: ZPlatformIds.optional(),
    datetime_released: ZReleaseDate.optional(),
    note: ZNote.optional(),
  })
  .strict();
export type TGameUpdate = z.infer<typeof ZGameUpdate>;

/** POST /v1/release/: another release date of a game. */
export const ZReleaseCreate = ZReleaseFields.extend({ game: ZId("Неверная игра.") }).strict();

/**
 * Which release a call means: `{release}` by id, or spec §7's `{game, date_released}` (the date as
 * `date_released` shows it, or the release's day).
 */
export const ZReleaseRef = z.union(
  [
    z.object({ release: ZId("Неверный релиз.") }).strict(),
    z
      .object({
        game: ZId("Неверная игра."),
        date_released: z.string({ error: "Дата выхода должна быть строкой." }).trim().min(1).max(40),
      })
      .strict(),
  ],
  { error: "Укажите релиз: release или game и date_released." },
);
export type TReleaseRef = z.infer<typeof ZReleaseRef>;

/** POST /v1/platform/ and PATCH /v1/platform/{id}/. */
export const ZPlatformFields = z
  .object({
    title: z
      .string({ error: "Название должно быть строкой." })
      .transform((s) => s.replace(/\s+/g, " ").trim())
      .pipe(
        z
          .string()
          .min(1, "Введите название платформы.")
          .max(PLATFORM_TITLE_MAX, `Название не длиннее ${PLATFORM_TITLE_MAX} символов.`),
      ),
    slug: z
      .string({ error: "Адрес должен быть строкой." })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]{0,29}$/, "Адрес: латинские буквы, цифры и дефис, до 30 знаков."),
    icon: z.enum(PLATFORM_ICONS, { error: "Выберите значок из списка." }).default("other"),
    position: z.preprocess(
      (v) => (typeof v === "string" && /^-?\d{1,6}$/.test(v.trim()) ? Number(v) : v),
      z.number({ error: "Порядок — целое число." }).int("Порядок — целое число.").min(0).max(10_000).default(0),
    ),
  })
  .strict();
export const ZPlatformUpdate = ZPlatformFields.partial().strict();

/** The member's calendar settings («Мои релизы»). */
export const ZCalendarSettings = z
  .object({
    time_zone: z
      .string({ error: "Часовой пояс должен быть строкой." })
      .trim()
      .max(64)
      .refine((v) => v === "" || isTimeZone(v), "Неизвестный часовой пояс.")
      .transform((v) => v || null)
      .optional(),
    reset_feed: z.boolean({ error: "Нужно да или нет." }).optional(),
  })
  .strict();
