import { santaNotices } from "#drizzle/schema";
import { notify } from "#workers/core/notifications/notifications";
import { STREAM_TYPE } from "#workers/core/notifications/notifications.constants";
import type { StreamTexts } from "#workers/core/notifications/notifications.serializers";
import { bestEffort } from "#workers/core/notifications/triggers/best-effort";
import type { RequestContext } from "#workers/platform/context";
import { formatSantaDate } from "./santa.stage";
import { SANTA_PATH } from "./santa.urls";

/**
 * Secret Santa notifications: from the site itself (no member named, so a santa stays secret), type 6 (the medal
 * icon, the nearest to a gift among spec §3's nine), with a web push to a member with no tab open.
 */

const page = { title_url: SANTA_PATH, message_url: SANTA_PATH };

export const SANTA_TEXTS = {
  drawn: (username: string): StreamTexts => ({
    pre_title: "Жеребьёвка прошла:",
    title: "вы — Тайный Санта!",
    message: `Ваш получатель — ${username}. Адрес и пожелания — на странице обмена.`,
    ...page,
  }),
  notDrawn: (): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "вы не попали в жеребьёвку",
    message: "Участники с действующей блокировкой в обмене не участвуют.",
    ...page,
  }),
  cancelled: (): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "обмен не состоялся",
    message: "Заявок меньше трёх, а по кругу дарить можно только втроём и больше. Адреса удалены.",
    ...page,
  }),
  sendSoon: (sendBy: Date): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "пора отправить подарок",
    message: `Срок отправки — ${formatSantaDate(sendBy)}. Отправили — отметьте на странице обмена.`,
    ...page,
  }),
  receiveSoon: (receiveBy: Date): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "подарок уже у вас?",
    message: `Отметьте получение до ${formatSantaDate(receiveBy)} — Санта будет рад узнать.`,
    ...page,
  }),
  sent: (tracking: string): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "ваш подарок в пути!",
    message: tracking ? `Трек-номер: ${tracking}.` : "Санта отправил вам подарок.",
    ...page,
  }),
  received: (username: string, thanksShoutId: number | null): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: `${username} получил(а) ваш подарок`,
    message: thanksShoutId ? "И сказал(а) спасибо у «Костра»." : "Спасибо, Санта!",
    title_url: SANTA_PATH,
    message_url: thanksShoutId ? `/bonfire/${thanksShoutId}` : SANTA_PATH,
  }),
  backupRecipient: (): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "подарок отправит запасной Санта",
    message: "Ваш Санта не успел отправить подарок к сроку, и его взял на себя запасной Санта.",
    ...page,
  }),
  backupSanta: (username: string): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "вы — запасной Санта!",
    message: `Подарок для ${username} не отправлен к сроку: теперь он ваш. Адрес и пожелания — на странице обмена.`,
    ...page,
  }),
  backupTaken: (username: string): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "подарок передан запасному Санте",
    message: `Срок отправки прошёл, и подарок для ${username} теперь отправит запасной Санта.`,
    ...page,
  }),
  noBackup: (): StreamTexts => ({
    pre_title: "Тайный Санта:",
    title: "ищем вам запасного Санту",
    message: "Ваш Санта не успел отправить подарок к сроку. Как только найдётся запасной Санта, мы скажем.",
    ...page,
  }),
} as const;

/** Notifies a member now (the action itself guards against doing it twice). */
export async function notifySanta(
  ctx: RequestContext,
  recipientId: number,
  exchangeId: number,
  texts: StreamTexts,
): Promise<void> {
  await bestEffort(
    "Secret Santa notification",
    () => notify(ctx, { recipientId, actor: null, type: STREAM_TYPE.medal, texts, sourceKey: `santa:${exchangeId}` }),
    null,
  );
}

/**
 * Notifies a member once per (exchange, member, kind): the marker row goes in first and only the run that inserted
 * it notifies, so a rerun of the job, or two at once, send nothing twice. Returns whether this run sent it.
 */
export async function notifyOnce(
  ctx: RequestContext,
  notice: { exchangeId: number; userId: number; kind: string },
  texts: StreamTexts,
): Promise<boolean> {
  const inserted = await ctx.db
    .insert(santaNotices)
    .values({ ...notice, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ kind: santaNotices.kind });
  if (!inserted.length) return false;
  await notifySanta(ctx, notice.userId, notice.exchangeId, texts);
  return true;
}
