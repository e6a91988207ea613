/** Reports: what can be reported, why, and how a case ends (client-safe: the report form uses these). */

export const REPORT_TARGETS = ["post", "comment", "shout", "shout_comment", "user"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ["spam", "insult", "spoiler", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: "Спам",
  insult: "Оскорбления",
  spoiler: "Спойлер без спойлер-блока",
  other: "Другое",
};

/** What the reported item is called («Пожаловаться на …»). */
export const TARGET_LABELS: Record<ReportTarget, string> = {
  post: "статью",
  comment: "комментарий",
  shout: "записку",
  shout_comment: "комментарий к записке",
  user: "участника",
};

export const REPORT_OUTCOMES = ["dismiss", "hide", "delete", "sanction"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export const REPORT_TEXT_MAX = 500;
/** A member may send this many reports an hour. */
export const REPORTS_PER_HOUR = 20;
