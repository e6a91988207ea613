import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** The thin page-load bar on top of the window while a navigation loads its data (spec §4 "Page load"). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<"idle" | "loading" | "done">("idle");

  useEffect(() => {
    if (busy) {
      setPhase("loading");
      return;
    }
    setPhase((p) => (p === "loading" ? "done" : p));
    const id = window.setTimeout(() => setPhase("idle"), 400);
    return () => window.clearTimeout(id);
  }, [busy]);

  return (
    <div
      className={`progress-bar is-${phase}`}
      role="progressbar"
      aria-label="Загрузка страницы"
      aria-hidden={phase === "idle"}
      aria-busy={busy}
    />
  );
}
