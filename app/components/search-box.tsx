import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { SEARCH_PLACEHOLDER, SEARCH_TYPES, type SearchType } from "#app/lib/search";
import { IconSearch } from "./icons";

type Panel = ComponentType<{ type: SearchType; q: string }>;

/** The box's state with its query cleared; the same state when it is clear already (no render for nothing: the
 * route-change effect runs on mount too). */
function withoutQuery<T extends { q: string }>(live: T): T {
  return live.q ? { ...live, q: "" } : live;
}

/**
 * The search box with its type selector: a GET form to /search?type=&q= (spec §2, §4 "Search"), which works
 * without JavaScript. With it, typing shows live results in a panel under the box (./search-panel, loaded on
 * the box's first focus); the panel closes on an outside click or a route change, clearing query and results
 * (Escape closes it too). `label` names the search landmark: each box on a page needs its own name.
 */
export function SearchBox({ className = "", label = "Поиск по сайту" }: { className?: string; label?: string }) {
  const id = useId();
  const [params] = useSearchParams();
  const location = useLocation();
  const currentType = (
    SEARCH_TYPES.some((t) => t.value === params.get("type")) ? params.get("type") : "post"
  ) as SearchType;
  const [Panel, setPanel] = useState<Panel | null>(null);
  const [live, setLive] = useState<{ type: SearchType; q: string }>({ type: currentType, q: "" });
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);

  function loadPanel() {
    if (!Panel) void import("./search-panel").then((module) => setPanel(() => module.default));
  }

  // A route change (a result opened, the form sent) closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    setLive(withoutQuery);
  }, [location.pathname, location.search]);

  // A click outside the box closes it and clears the query.
  useEffect(() => {
    if (!live.q) return;
    const outside = (event: MouseEvent) => {
      if (form.current?.contains(event.target as Node)) return;
      if (input.current) input.current.value = "";
      setLive(withoutQuery);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [live.q]);

  return (
    <Form
      ref={form}
      method="get"
      action="/search"
      role="search"
      aria-label={label}
      className={`search-box ${className}`}
    >
      <label className="visually-hidden" htmlFor={`${id}-type`}>
        Где искать
      </label>
      <select
        id={`${id}-type`}
        name="type"
        className="search-type"
        defaultValue={currentType}
        onChange={(event) => {
          const type = event.currentTarget.value as SearchType;
          setLive((l) => ({ ...l, type }));
        }}
      >
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
        ref={input}
        id={`${id}-q`}
        type="search"
        name="q"
        className="search-input"
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        maxLength={100}
        key={params.get("q") ?? ""}
        defaultValue={params.get("q") ?? ""}
        onFocus={loadPanel}
        onKeyDown={(event) => {
          if (event.key === "Escape") setLive(withoutQuery);
        }}
        onChange={(event) => {
          const q = event.currentTarget.value;
          setLive((l) => ({ ...l, q }));
        }}
      />
      <button type="submit" className="search-submit" aria-label="Искать">
        <IconSearch size={18} />
      </button>
      {Panel && live.q ? <Panel type={live.type} q={live.q} /> : null}
    </Form>
  );
}
