import { useEffect, useRef } from "react";
import { asFailure, asSuccess, type FormSuccess } from "#app/components/form";

/** What every section of the settings page shares: the form intents and how a section reads its result. */

export const INTENTS = [
  "theme",
  "settings",
  "rename",
  "avatar",
  "avatar-remove",
  "background",
  "background-remove",
  "invitation",
  "revoke-sessions",
] as const;
export type Intent = (typeof INTENTS)[number];

/** What each section is given: the action's answer and whether the page is someone else's (read-only). */
export interface SectionProps {
  actionData: unknown;
  readOnly: boolean;
}

/** One section's result: its success message or its failure (other sections' results are ignored). */
export function useSection(actionData: unknown, intents: Intent | Intent[]) {
  const list = Array.isArray(intents) ? intents : [intents];
  const success = list.map((intent) => asSuccess(actionData, intent)).find(Boolean) ?? null;
  const failure = list.map((intent) => asFailure(actionData, intent)).find(Boolean) ?? null;
  return { success, failure };
}

/** Clears a form (file inputs) after its successful submission. */
export function useResetOnSuccess(success: FormSuccess | null) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (success) ref.current?.reset();
  }, [success]);
  return ref;
}

export function IntentField({ intent }: { intent: Intent }) {
  return <input type="hidden" name="intent" value={intent} />;
}
