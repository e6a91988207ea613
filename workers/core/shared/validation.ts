import { z } from "zod";
import { AppError, type FieldErrors } from "#workers/core/errors";
import { cleanInput } from "./input";

/** Turns zod issues into `{field: [messages]}` (the first path segment names the field). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "non_field_errors";
    out[field] ??= [];
    if (!out[field].includes(issue.message)) out[field].push(issue.message);
  }
  return out;
}

/** zod's Russian messages for every issue a schema gives no message of its own (wrong type, unknown key…). */
const russian = z.locales.ru().localeError;

/**
 * Parses input with a schema or throws a 400 AppError with field-by-field Russian messages. Every input of a
 * service passes here, from the API and from the pages' actions alike: this is the one place text is cleaned
 * (`cleanInput`: control characters, noncharacters and lone surrogates out, NFC, one-line fields on one line)
 * and too deep nesting is refused, before any schema runs.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(cleanInput(input), { error: russian });
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = Object.values(errors)[0]?.[0];
    throw new AppError("invalid", first ?? undefined, { errors });
  }
  return result.data;
}
