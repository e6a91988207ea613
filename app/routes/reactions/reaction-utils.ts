import { redirect } from "react-router";


export function signInRedirect(back: string): Response {
  return redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(back)}`);
}

/** Form strings → the shapes the reaction schemas expect (numbers and booleans); anything odd stays as is. */
export function reactionInput(fields: Record<string, string>, withNegative: boolean): Record<string, unknown> {
  const id = fields.item_id ?? "";
  const out: Record<string, unknown> = {
    item_id: /^\d{1,15}$/.test(id) ? Number(id) : id,
    item_type: fields.item_type,
  };
  if (withNegative) out.is_negative = fields.is_negative === "true" || fields.is_negative === "1";
  return out;
}
