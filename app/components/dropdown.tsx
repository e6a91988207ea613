import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { IconChevronDown } from "./icons";

/**
 * A <details> dropdown: works without JavaScript; with it, closes on an outside click, Escape and navigation.
 */
export function Dropdown({
  label,
  children,
  className = "",
  align = "start",
}: {
  label: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  align?: "start" | "end";
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    function onPointer(event: PointerEvent) {
      const el = ref.current;
      if (el?.open && !el.contains(event.target as Node)) el.open = false;
    }
    function onKey(event: KeyboardEvent) {
      const el = ref.current;
      if (event.key === "Escape" && el?.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <details ref={ref} className={`dropdown dropdown-${align} ${className}`}>
      <summary className="dropdown-summary">
        {label}
        <IconChevronDown size={16} className="dropdown-chevron" />
      </summary>
      <div className="dropdown-panel">{children}</div>
    </details>
  );
}
