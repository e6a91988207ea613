/**
 * The one error type of the domain. Services throw `AppError`; both doors (Hono API and React Router
 * actions) turn it into a response through `errorStatus` and the Russian message table below.
 */
export type ErrorCode =
  | "invalid"
  | "unauthenticated"
  | "csrf"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_media"
  | "rate_limited"
  | "internal";

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  csrf: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  internal: 500,
};

const MESSAGE: Record<ErrorCode, string> = {
  invalid: "Проверьте введённые данные.",
  unauthenticated: "Войдите на сайт.",
  csrf: "Сессия устарела. Обновите страницу и попробуйте ещё раз.",
  forbidden: "У вас нет прав на это действие.",
  not_found: "Не найдено.",
  conflict: "Конфликт с текущим состоянием.",
  too_large: "Файл слишком большой.",
  unsupported_media: "Этот формат не поддерживается.",
  rate_limited: "Слишком много попыток. Попробуйте позже.",
  internal: "Что-то пошло не так.",
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly retryAfter?: number;

  constructor(code: ErrorCode, detail?: string, options: { errors?: FieldErrors; retryAfter?: number } = {}) {
    super(detail ?? MESSAGE[code]);
    this.name = "AppError";
    this.code = code;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return STATUS[this.code];
  }

  /** The API's error body: `{detail, errors?}`. */
  toBody(): { detail: string; errors?: FieldErrors } {
    return this.errors ? { detail: this.message, errors: this.errors } : { detail: this.message };
  }

  /** A 400 with one field's message. */
  static field(field: string, message: string): AppError {
    return new AppError("invalid", message, { errors: { [field]: [message] } });
  }
}

export function errorStatus(code: ErrorCode): number {
  return STATUS[code];
}

export function defaultMessage(code: ErrorCode): string {
  return MESSAGE[code];
}
