// Accessibility checks with axe-core, the engine behind Lighthouse's accessibility score. Its source is
// evaluated in the page (page.evaluate is not subject to the site's Content-Security-Policy, a script tag
// would be) and axe.run is called directly: @axe-core/playwright's AxeBuilder also works with playwright-core
// pages, but it opens a blank page to finish every run, about 1.5 s against 0.2 s here.
import axe from "axe-core";
import type { Page } from "playwright-core";

type AxeResult = Pick<axe.Result, "id" | "impact" | "help"> & {
  nodes: Pick<axe.NodeResult, "target" | "failureSummary">[];
};

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** Rules axe leaves off by default that Lighthouse's accessibility audit turns on (its gatherer's axe.run options). */
const LIGHTHOUSE_RULES = ["target-size", "identical-links-same-purpose", "table-fake-caption", "td-has-header"];

/**
 * Waits until the page shows what the visitor sees once it has settled: an opening menu fades in, colours changed
 * by a theme pass through their transitions (every finite animation and transition has finished).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The rules whose results depend on the colours alone: a theme (app/styles/themes/*.css) sets nothing but colours,
 * so these are what one theme can pass and another fail. Text contrast, and links in text told apart from it.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

/**
 * The violations of every rule axe runs by default — WCAG 2.0–2.2 A and AA (contrast, names, labels, …) and axe's
 * best practices (landmarks, heading order, one h1) — and of the rules Lighthouse adds (touch target sizes, …), in
 * the page as it is now, or only in the parts matching `include` (an opened sidebar). With `only`, just those rules.
 */
export async function axeViolations(
  page: Page,
  include?: readonly string[],
  only?: readonly string[],
): Promise<AxeResult[]> {
  await settled(page);
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axe.source);
  return page.evaluate(
    async ([selectors, rules, only]) => {
      const context = selectors?.length ? { include: selectors.map((s) => [s]) } : document;
      const results = await window.axe!.run(context as axe.ElementContext, {
        resultTypes: ["violations"],
        ...(only
          ? { runOnly: { type: "rule", values: [...only] } }
          : { rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])) }),
      });
      return results.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      }));
    },
    [include, LIGHTHOUSE_RULES, only] as const,
  );
}

/** One line per failing element: rule, impact, the element's selector and axe's own explanation. */
export function describeViolations(violations: readonly AxeResult[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((node) => {
      const why = (node.failureSummary ?? v.help).replace(/\s+/g, " ").trim();
      return `${v.id} [${v.impact ?? "?"}] ${node.target.join(" ")} — ${why}`;
    }),
  );
}
