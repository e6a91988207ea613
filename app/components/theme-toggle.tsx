import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { submitThroughFetcher } from "#app/lib/plain-form";
import { useRootData } from "#app/lib/root-data";
import { asTheme, isDarkTheme, nextTheme, THEME_TITLES } from "#app/lib/theme";
import type { action } from "#app/routes/theme";
import { CsrfField } from "./csrf-field";
import { IconBulb, IconBulbFilled } from "./icons";
import { useNotice } from "./notices";

/**
 * The bulb that switches lightside ↔ darkorange (spec §4 "Theme toggle"). Posts to /theme; with JavaScript
 * through a fetcher (the body class follows the root loader data, so it changes only after the action
 * succeeded), without JavaScript as a plain form that redirects back here. The same markup before and after
 * hydration (nothing to swap once it has hydrated): the fetcher's submission leaves out the way back.
 */
export function ThemeToggle({ withLabel = false, className }: { withLabel?: boolean; className?: string }) {
  const theme = asTheme(useRootData().theme);
  const fetcher = useFetcher<typeof action>();
  const location = useLocation();
  const notice = useNotice();
  const dark = isDarkTheme(theme);
  const label = `Включить тему «${THEME_TITLES[nextTheme(theme)]}»`;

  const result = fetcher.data;
  useEffect(() => {
    if (result && !result.ok) notice.error("Не удалось сменить тему.", result.detail);
  }, [result, notice]);

  return (
    <fetcher.Form
      method="post"
      action="/theme"
      className={`theme-toggle${className ? ` ${className}` : ""}`}
      // The fetcher gets the action's answer here; the way back is for the plain form only.
      onSubmit={(event) => submitThroughFetcher(event, fetcher.submit, "/theme")}
    >
      <CsrfField />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className={withLabel ? "btn btn-ghost theme-toggle-btn" : "btn-icon theme-toggle-btn"}
        aria-label={label}
        title={label}
        data-dark={dark ? "true" : "false"}
        disabled={fetcher.state !== "idle"}
      >
        {dark ? <IconBulb /> : <IconBulbFilled />}
        {withLabel ? <span>{dark ? "Светлая тема" : "Тёмная тема"}</span> : null}
      </button>
    </fetcher.Form>
  );
}
