import { useRootData } from "#app/root";

/** The hidden CSRF field every POST form carries (checked by readForm on the server). */
export function CsrfField() {
  const { csrf } = useRootData();
  return <input type="hidden" name="csrf" value={csrf} />;
}
