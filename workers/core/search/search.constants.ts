/** Search constants without zod (the header search box imports these). */

/** Spec §2: search types, in this order. */
export const SEARCH_TYPES = [
  { value: "post", title: "Статьи" },
  { value: "shout", title: "Записки" },
  { value: "comment", title: "Комментарии" },
  { value: "user", title: "Пользователи" },
  { value: "tag", title: "Теги" },
  { value: "news", title: "Лента" },
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number]["value"];

/** Spec §5: user and tag need 1 character, the other types 2. */
export function searchMinLength(type: SearchType): number {
  return type === "user" || type === "tag" ? 1 : 2;
}

/**
 * GET /v1/search answers the spec's array; when a typo was corrected, this header holds the query searched
 * instead (URI-encoded). `verbatim=1` searches the query as typed.
 */
export const SEARCH_CORRECTED_HEADER = "Search-Corrected-Query";
