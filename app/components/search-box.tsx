import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { SEARCH_PLACEHOLDER, SEARCH_TYPES } from "#app/lib/search";
import { IconSearch } from "./icons";

/** The search box with its type selector: a GET form to /search?type=&q= (spec §2, §4 "Search"). */
export function SearchBox({ className = "" }: { className?: string }) {
  const id = useId();
  const [params] = useSearchParams();
  const currentType = SEARCH_TYPES.some((t) => t.value === params.get("type")) ? params.get("type")! : "post";
  return (
    <Form method="get" action="/search" role="search" className={`search-box ${className}`}>
      <label className="visually-hidden" htmlFor={`${id}-type`}>
        Где искать
      </label>
      <select id={`${id}-type`} name="type" className="search-type" defaultValue={currentType}>
        {SEARCH_TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.title}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-q`}>
        Поиск
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        className="search-input"
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        maxLength={100}
        key={params.get("q") ?? ""}
        defaultValue={params.get("q") ?? ""}
      />
      <button type="submit" className="search-submit" aria-label="Искать">
        <IconSearch size={18} />
      </button>
    </Form>
  );
}
