import { useEffect, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { pluralize } from "#workers/core/shared/plural";
import { useRealtimeEvent } from "./provider";

/**
 * "N новых статей" above a list on its first page: counts what the activity stream announces while the
 * reader looks at the list, and loads it on a click (the reader's scroll position and reading stay put until
 * they ask). Stream type 1 is a published post (docs/decisions/0017).
 */
export function FreshPostsBanner() {
  const [fresh, setFresh] = useState(0);
  const revalidator = useRevalidator();
  const location = useLocation();
  // A navigation (or a reload of this list) shows the news already: the count starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every navigation
  useEffect(() => setFresh(0), [location.key]);
  useRealtimeEvent("activity_created", (event) => {
    if (event.obj.type === 1) setFresh((n) => n + 1);
  });
  if (!fresh) return null;
  return (
    <div className="fresh-banner" role="status">
      <button
        type="button"
        className="btn btn-ghost btn-block"
        disabled={revalidator.state !== "idle"}
        onClick={async () => {
          await revalidator.revalidate();
          setFresh(0);
          window.scrollTo({ top: 0, behavior: "smooth" });
        }}
      >
        Показать {pluralize(fresh, ["новую статью", "новые статьи", "новых статей"])}
      </button>
    </div>
  );
}
