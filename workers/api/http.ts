import type { Context } from "hono";
import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";

export type ApiEnv = { Bindings: Env; Variables: { ctx: RequestContext } };
export type ApiContext = Context<ApiEnv>;

/**
 * Reads a JSON body; a wrong content type is a 415, broken JSON a 400 (never a 500). Cleaning and the depth
 * limit happen once, where every service's input passes: `parseInput` (workers/core/shared/validation.ts).
 */
export async function readJson(c: ApiContext): Promise<unknown> {
  const type = c.req.header("Content-Type") ?? "";
  const length = Number(c.req.header("Content-Length") ?? "0");
  if (!type && length === 0) return {};
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new AppError("unsupported_media", "Ожидается JSON (Content-Type: application/json).");
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (text.length > 400_000) throw new AppError("too_large", "Слишком большой запрос.");
  try {
    // V8's JSON.parse is iterative: any depth parses; parseInput then refuses what is too deep.
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid", "Неверный JSON в теле запроса.");
  }
}

/** Reads one file field of a multipart form. */
export async function readFileField(c: ApiContext, field: string): Promise<unknown> {
  const type = c.req.header("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media", "Ожидается multipart/form-data с файлом.");
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new AppError("invalid", "Не удалось прочитать форму.");
  }
  return form.get(field) ?? form.get("file");
}
