import { z } from "zod";
import { STEP_STAGES } from "./santa.stage";

/** Limits of an application's fields. */
export const SANTA_LIMITS = {
  fullName: 100,
  address: 500,
  country: 60,
  city: 80,
  wishes: 1000,
  dislikes: 500,
  tracking: 60,
  thanks: 2000,
  stepTitle: 60,
  stepText: 1000,
  faqQuestion: 200,
  faqAnswer: 1000,
  faqItems: 20,
} as const;

const text = (max: number, tooLong: string) =>
  z.preprocess((v) => v ?? "", z.string({ error: "Ожидается строка." }).trim().max(max, tooLong));
const required = (max: number, empty: string, tooLong: string) =>
  z.preprocess((v) => v ?? "", z.string({ error: "Ожидается строка." }).trim().min(1, empty).max(max, tooLong));
/** Form checkboxes send "on" (or nothing); JSON sends booleans. */
const flag = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean());

/** POST /v1/secret-santa/application/ and its PATCH (every field again). */
export const ZApplication = z.object({
  full_name: required(
    SANTA_LIMITS.fullName,
    "Укажите имя и фамилию получателя посылки.",
    `Имя не длиннее ${SANTA_LIMITS.fullName} символов.`,
  ).pipe(z.string().min(3, "Имя и фамилия — хотя бы 3 символа.")),
  address: required(
    SANTA_LIMITS.address,
    "Укажите почтовый адрес с индексом.",
    `Адрес не длиннее ${SANTA_LIMITS.address} символов.`,
  ).pipe(z.string().min(10, "Адрес слишком короткий: улица, дом, квартира и индекс.")),
  country: required(SANTA_LIMITS.country, "Укажите страну.", `Страна не длиннее ${SANTA_LIMITS.country} символов.`),
  city: required(SANTA_LIMITS.city, "Укажите город.", `Город не длиннее ${SANTA_LIMITS.city} символов.`),
  wishes: text(SANTA_LIMITS.wishes, `Пожелания не длиннее ${SANTA_LIMITS.wishes} символов.`),
  dislikes: text(SANTA_LIMITS.dislikes, `Не длиннее ${SANTA_LIMITS.dislikes} символов.`),
  same_country: flag.default(false),
  is_backup: flag.default(false),
});
export type TApplication = z.infer<typeof ZApplication>;

/** PATCH …/{id}/send/ */
export const ZSend = z.object({
  tracking_number: text(SANTA_LIMITS.tracking, `Трек-номер не длиннее ${SANTA_LIMITS.tracking} символов.`),
});

/** PATCH …/{id}/receive/: an optional thank-you shout (its pictures come as files). */
export const ZReceive = z.object({
  thanks: text(SANTA_LIMITS.thanks, `Благодарность не длиннее ${SANTA_LIMITS.thanks} символов.`),
});

const MOSCOW_OFFSET = "+03:00";

/**
 * A date and time: ISO 8601 with a zone, or a `datetime-local` value (`2026-12-10T18:00`) read as Moscow time (the
 * site's clock; Moscow has kept UTC+3 all year since 2014).
 */
const dateTime = (label: string) =>
  z.preprocess(
    (v) =>
      typeof v === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v.trim())
        ? `${v.trim()}${MOSCOW_OFFSET}`
        : v,
    z
      .string({ error: `Укажите дату: ${label}.` })
      .min(1, `Укажите дату: ${label}.`)
      .transform((v, ctx) => {
        const date = new Date(v);
        if (Number.isNaN(date.getTime())) {
          ctx.addIssue({ code: "custom", message: `Не похоже на дату: ${label}.` });
          return z.NEVER;
        }
        return date;
      }),
  );

const count = (max: number, label: string) =>
  z.coerce
    .number({ error: `${label}: ожидается число.` })
    .int(`${label}: целое число.`)
    .min(0, `${label}: не меньше нуля.`)
    .max(max, `${label}: не больше ${max}.`);

/** PUT of an exchange by an admin (/admin/secret-santa). */
export const ZExchange = z
  .object({
    year: z.coerce
      .number({ error: "Укажите год." })
      .int("Год — целое число.")
      .min(2000, "Год не раньше 2000.")
      .max(2100, "Год не позже 2100."),
    opens_at: dateTime("начало приёма заявок"),
    closes_at: dateTime("конец приёма заявок"),
    send_by: dateTime("срок отправки"),
    receive_by: dateTime("срок получения"),
    min_account_days: count(3650, "Возраст аккаунта"),
    min_activity: count(100_000, "Активность"),
    steps: z
      .array(
        z.object({
          stage: z.enum(STEP_STAGES, { error: "Неизвестный этап." }),
          title: required(
            SANTA_LIMITS.stepTitle,
            "Назовите этап.",
            `Название этапа не длиннее ${SANTA_LIMITS.stepTitle} символов.`,
          ),
          text: text(SANTA_LIMITS.stepText, `Текст этапа не длиннее ${SANTA_LIMITS.stepText} символов.`),
        }),
      )
      .length(STEP_STAGES.length, `Этапов должно быть ${STEP_STAGES.length}.`)
      .refine(
        (steps) => STEP_STAGES.every((stage) => steps.some((s) => s.stage === stage)),
        "У каждого этапа свой текст.",
      ),
    faq: z
      .array(
        z.object({
          question: required(
            SANTA_LIMITS.faqQuestion,
            "Напишите вопрос.",
            `Вопрос не длиннее ${SANTA_LIMITS.faqQuestion} символов.`,
          ),
          answer: required(
            SANTA_LIMITS.faqAnswer,
            "Напишите ответ.",
            `Ответ не длиннее ${SANTA_LIMITS.faqAnswer} символов.`,
          ),
        }),
      )
      .max(SANTA_LIMITS.faqItems, `Не больше ${SANTA_LIMITS.faqItems} вопросов.`),
  })
  .superRefine((v, ctx) => {
    const order: [keyof typeof v, string][] = [
      ["closes_at", "Конец приёма заявок — позже начала."],
      ["send_by", "Срок отправки — позже конца приёма заявок."],
      ["receive_by", "Срок получения — позже срока отправки."],
    ];
    const dates = [v.opens_at, v.closes_at, v.send_by, v.receive_by];
    order.forEach(([field, message], i) => {
      if (dates[i + 1].getTime() <= dates[i].getTime()) ctx.addIssue({ code: "custom", path: [field], message });
    });
  });
export type TExchange = z.infer<typeof ZExchange>;
