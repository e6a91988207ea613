import { redirect } from "react-router";
import { getCtx, loaderError, readForm } from "#app/lib/forms.server";
import { signOut } from "#workers/core/accounts/sign-in";
import { setCookieHeaders, signedOutCookies } from "#workers/platform/auth-cookies";
import type { Route } from "./+types/sign-out";

/** Sign-out is a POST with the CSRF field; a GET (a link, a prefetch) just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  try {
    await readForm(request, ctx);
  } catch (error) {
    loaderError(error);
  }
  await signOut(ctx);
  return redirect("/", { headers: setCookieHeaders(await signedOutCookies(ctx)) });
}
