import { HEART_MS } from "#workers/core/effects/effects";

/** The heart animation (spec §1: 3 s): a heart rises and fades in the middle of the window, then goes. */
export function playHeart(): void {
  const heart = document.createElement("div");
  heart.className = "effect-heart";
  heart.setAttribute("aria-hidden", "true");
  heart.textContent = "❤";
  Object.assign(heart.style, {
    position: "fixed",
    left: "50%",
    top: "50%",
    fontSize: "120px",
    color: "#ef476f",
    pointerEvents: "none",
    zIndex: "901",
    transform: "translate(-50%, -50%)",
  });
  document.body.appendChild(heart);
  heart.animate(
    [
      { opacity: 0, transform: "translate(-50%, -30%) scale(0.4)" },
      { opacity: 1, transform: "translate(-50%, -50%) scale(1.1)", offset: 0.25 },
      { opacity: 1, transform: "translate(-50%, -55%) scale(1)", offset: 0.7 },
      { opacity: 0, transform: "translate(-50%, -80%) scale(0.9)" },
    ],
    { duration: HEART_MS, easing: "ease-out" },
  ).onfinish = () => heart.remove();
}

/**
 * 14 February: a member's paw up on a post (a click on an unpressed paw-up button of a post) plays the heart. Returns
 * the function that stops listening.
 */
export function heartOnPostPaws(): () => void {
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.("button.paw-up");
    if (!(button instanceof HTMLButtonElement) || button.disabled) return;
    // A paw button names its item in its own action's query (app/components/paw-button.tsx).
    const action = new URL(button.formAction, window.location.href);
    if (action.pathname !== "/reactions/paw" || action.searchParams.get("item_type") !== "post") return;
    if (button.getAttribute("aria-pressed") === "true") return;
    playHeart();
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}
