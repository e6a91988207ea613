import { Hono } from "hono";
import { z } from "zod";
import { search } from "#workers/core/search/search";
import { SEARCH_CORRECTED_HEADER, SEARCH_TYPES } from "#workers/core/search/search.schemas";
import { startSearchReindex } from "#workers/jobs/queue.reindex";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";

registry.registerPath({
  method: "get",
  path: "/v1/search",
  summary: "Поиск по типу (post, shout, comment, user, tag, news)",
  description:
    "Массив найденного в форме своего типа: post — карточка статьи, shout — записка, comment — комментарий в форме результата поиска (с текстом), user — пользователь, tag — тег. Статьи, записки и комментарии ищутся по словам в любой форме (ё = е), теги и пользователи — по части имени. Лента (news) пока пуста. Если ничего не найдено, а слова запроса нет ни в одном тексте, запрос исправляется на близкое слово: исправленный запрос — в заголовке Search-Corrected-Query; verbatim=1 ищет как написано.",
  request: {
    query: z.object({
      type: z.enum(SEARCH_TYPES.map((t) => t.value) as [string, ...string[]]),
      q: z.string(),
      verbatim: z.enum(["1", "0"]).optional(),
    }),
  },
  responses: { 200: jsonResponse("Найденное", z.array(z.unknown())), ...errorResponses(400) },
});

registry.registerPath({
  method: "post",
  path: "/v1/search/reindex/",
  summary: "Перестроить поисковые индексы в фоне, через очередь (администраторы)",
  responses: {
    202: jsonResponse(
      "Перестройка начата: индексы и до какой записи они перестраиваются",
      z.object({
        indexes: z.array(z.object({ index: z.string(), until_id: z.number().int(), steps: z.number().int() })),
      }),
    ),
    ...errorResponses(401, 403),
  },
});

export const searchRouter = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const { results, corrected } = await search(c.var.ctx, {
      type: c.req.query("type"),
      q: c.req.query("q"),
      verbatim: c.req.query("verbatim"),
    });
    if (corrected) c.header(SEARCH_CORRECTED_HEADER, encodeURIComponent(corrected));
    return c.json(results);
  })
  .post("/reindex", async (c) => c.json(await startSearchReindex(c.var.ctx), 202));
