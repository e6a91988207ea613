import { data, redirect } from "react-router";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { safeRedirect } from "#app/lib/redirects";
import type { RequestContext } from "#workers/platform/context";

type ContextLike = Parameters<typeof getCtx>[0];

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

/** An element id a page's shared reaction form names in its button's action (`?anchor=comment-12`). */
const ANCHOR = /^[a-z][a-z0-9-]{0,63}$/;

/** The way back of a plain form, at the element the pressed button named (a well-formed id only). */
function withAnchor(back: string | null, anchor: string | null): string | null {
  if (!back || !anchor || !ANCHOR.test(anchor)) return back;
  return `${back.split("#")[0]}#${anchor}`;
}

/**
 * The action of a reaction form (paw, bookmark, a release followed): the item (`item_type`, `item_id`) in the action
 * URL's query or in the form's fields. A fetcher (JavaScript on) gets `{ok: true, ...state}`, or the failure as
 * data with its status. The plain form carries `redirectTo` and is sent back to its page (at the query's
 * `anchor`); its failure is thrown to the route's error boundary (`ActionFailureBoundary`): React Router runs a
 * document POST's loaders after an action that returned, and these routes' loaders send GETs elsewhere, so a
 * returned failure was a silent redirect. Guests: 401 data for a fetcher, the sign-in page for the plain form.
 */
export async function reactionAction<T extends object>(
  request: Request,
  context: ContextLike,
  toggle: (ctx: RequestContext, fields: Record<string, string>) => Promise<T>,
) {
  const ctx = getCtx(context);
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const query = new URL(request.url).searchParams;
  const back = withAnchor(safeRedirect(form?.get("redirectTo") ?? null), query.get("anchor"));
  if (!ctx.actor) {
    if (back) throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(back)}`);
    return data({ ok: false as const, detail: "Войдите на сайт.", errors: {} }, { status: 401 });
  }
  // What to toggle is in the action's query (a paw's item, a release and the state wanted: one form serves many
  // buttons, each with its own action), or in the form's fields.
  const run = async () => toggle(ctx, { ...Object.fromEntries(query), ...formFields(await readForm(request, ctx)) });
  if (!back) return runAction(async () => ({ ok: true as const, ...(await run()) }));
  try {
    await run();
  } catch (error) {
    loaderError(error);
  }
  throw redirect(back);
}
