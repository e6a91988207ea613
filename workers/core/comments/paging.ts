import { z } from "zod";
import { AppError } from "#workers/core/errors";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { ZPageNumber } from "./comments.schemas";

/** `{results, next, previous}` (spec §7): next/previous are URLs of the same request with another ?page=. */
export interface Paged<T> {
  results: T[];
  next: string | null;
  previous: string | null;
}

export const PAGE_SIZE = 20;

export function parsePage(page: unknown): number {
  return parseInput(z.object({ page: ZPageNumber }), { page }).page;
}

/** An id from a path segment or a number; anything else is "not found", never a 500. */
export function parsePathId(value: unknown, message = "Не найдено."): number {
  const id =
    typeof value === "number" ? value : typeof value === "string" && /^[0-9]{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("not_found", message);
  return id;
}

function pageUrl(ctx: RequestContext, page: number): string {
  const url = new URL(ctx.request.url);
  if (page <= 1) url.searchParams.delete("page");
  else url.searchParams.set("page", String(page));
  return url.pathname + url.search;
}

/** Rows fetched with `limit PAGE_SIZE + 1`: the extra row only tells that a next page exists. */
export function toPage<T>(ctx: RequestContext, page: number, rows: T[], size = PAGE_SIZE): Paged<T> {
  return {
    results: rows.slice(0, size),
    next: rows.length > size ? pageUrl(ctx, page + 1) : null,
    previous: page > 1 ? pageUrl(ctx, page - 1) : null,
  };
}
