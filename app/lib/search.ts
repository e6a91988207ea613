export {
  SEARCH_CORRECTED_HEADER,
  SEARCH_TYPES,
  type SearchType,
  searchMinLength,
} from "#workers/core/search/search.constants";

export const SEARCH_PLACEHOLDER = "Что хотите найти?";
export const SEARCH_EMPTY = "К сожалению, мы ничего не смогли найти.";
export const SEARCH_DEBOUNCE_MS = 300;
