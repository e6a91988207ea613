import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

/**
 * The OpenAPI document is generated from the same zod schemas the services validate with. Each router
 * registers its paths next to its handlers.
 */
export const registry = new OpenAPIRegistry();

export const ZErrorBody = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export function errorResponses(...statuses: number[]) {
  const descriptions: Record<number, string> = {
    400: "Неверные данные",
    401: "Нужно войти",
    403: "Нет прав или неверный CSRF-токен",
    404: "Не найдено",
    409: "Конфликт",
    413: "Слишком большой файл",
    415: "Неподдерживаемый формат",
    429: "Слишком много запросов",
  };
  return Object.fromEntries(
    statuses.map((s) => [s, { description: descriptions[s] ?? "Ошибка", content: { "application/json": { schema: ZErrorBody } } }]),
  );
}

export function jsonBody(schema: z.ZodType) {
  return { body: { content: { "application/json": { schema } } } };
}

export function jsonResponse(description: string, schema: z.ZodType) {
  return { description, content: { "application/json": { schema } } };
}

let document: unknown;

export function openApiDocument(): unknown {
  document ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Костёр API", version: "1.0.0", description: "JSON API сообщества. Все ответы — в snake_case." },
    servers: [{ url: "/api" }],
  });
  return document;
}
