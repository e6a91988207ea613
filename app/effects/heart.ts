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
