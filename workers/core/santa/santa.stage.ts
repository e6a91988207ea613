/**
 * The stages of a Secret Santa exchange (docs/decisions/0032), worked out from its dates and the draw: client-safe
 * (the page and the API share the labels). `none`: no exchange has been set up yet.
 */
export const SANTA_STAGES = [
  "none",
  "upcoming",
  "applications",
  "drawing",
  "sending",
  "receiving",
  "finished",
  "cancelled",
] as const;
export type SantaStage = (typeof SANTA_STAGES)[number];

/** The stages that have a step text of their own, in order (the page's step list). */
export const STEP_STAGES = ["applications", "drawing", "sending", "receiving", "finished"] as const;
export type StepStage = (typeof STEP_STAGES)[number];

export const STAGE_LABELS: Record<SantaStage, string> = {
  none: "Обмен ещё не объявлен",
  upcoming: "Скоро начнём",
  applications: "Идёт приём заявок",
  drawing: "Жеребьёвка",
  sending: "Отправляем подарки",
  receiving: "Ждём подарки",
  finished: "Обмен завершён",
  cancelled: "Обмен не состоялся",
};

export interface ExchangeDates {
  opensAt: Date;
  closesAt: Date;
  sendBy: Date;
  receiveBy: Date;
  drawnAt: Date | null;
  cancelledAt: Date | null;
}

export function exchangeStage(exchange: ExchangeDates | null, now: Date): SantaStage {
  if (!exchange) return "none";
  if (exchange.cancelledAt) return "cancelled";
  const t = now.getTime();
  if (exchange.drawnAt) {
    if (t < exchange.sendBy.getTime()) return "sending";
    if (t < exchange.receiveBy.getTime()) return "receiving";
    return "finished";
  }
  if (t < exchange.opensAt.getTime()) return "upcoming";
  if (t < exchange.closesAt.getTime()) return "applications";
  return "drawing";
}

/** The step a stage belongs to (before applications open, the first step is ahead; a cancelled exchange stops at the draw). */
export function currentStep(stage: SantaStage): StepStage | null {
  if (stage === "cancelled") return "drawing";
  return (STEP_STAGES as readonly string[]).includes(stage) ? (stage as StepStage) : null;
}

/** The texts a new exchange starts with; admins change them on /admin/secret-santa. */
export const DEFAULT_STEPS: { stage: StepStage; title: string; text: string }[] = [
  {
    stage: "applications",
    title: "Заявки",
    text: "Заполните заявку: имя и адрес для посылки, пожелания и то, чего дарить не стоит. До конца приёма заявку можно изменить.",
  },
  {
    stage: "drawing",
    title: "Жеребьёвка",
    text: "Когда приём заявок закончится, сайт сам распределит Сант по кругу: каждый дарит одному и получает от другого.",
  },
  {
    stage: "sending",
    title: "Отправка",
    text: "Вы увидите имя, адрес и пожелания своего получателя. Отправьте подарок до срока и отметьте это на странице — можно с трек-номером.",
  },
  {
    stage: "receiving",
    title: "Получение",
    text: "Получили посылку — отметьте это и, если хочется, скажите спасибо записке у «Костра» с фотографией подарка.",
  },
  {
    stage: "finished",
    title: "Итоги",
    text: "Обмен завершён. Спасибо всем Сантам! Адреса удаляются через 30 дней после окончания обмена.",
  },
];

export const DEFAULT_FAQ: { question: string; answer: string }[] = [
  {
    question: "Кто увидит мой адрес?",
    answer:
      "Только вы, ваш Тайный Санта и администраторы. Адрес хранится зашифрованным и удаляется через 30 дней после окончания обмена.",
  },
  {
    question: "Сколько стоит подарок?",
    answer: "Ориентир — от 1000 до 2000 рублей, но главное — внимание. Загляните в пожелания получателя.",
  },
  {
    question: "Что, если мой Санта не отправит подарок?",
    answer:
      "Если подарок не отправлен к сроку, его возьмёт на себя запасной Санта из добровольцев, и мы вам об этом скажем.",
  },
  {
    question: "Можно ли дарить только внутри своей страны?",
    answer: "Отметьте это в заявке: жеребьёвка постарается подобрать вам Санту и получателя из вашей страны.",
  },
];

const moscow = new Intl.DateTimeFormat("ru", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

/** «9 декабря 2026 г., 21:00 (мск)»: the exchange's dates are Moscow time everywhere (server and browser alike). */
export function formatSantaDate(value: string | Date): string {
  return `${moscow.format(new Date(value))} (мск)`;
}
