import { Form, redirect } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, errorsFor, Field, FormErrors, SubmitButton, valueFor } from "#app/components/form";
import { Link } from "#app/components/link";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { safeRedirect } from "#app/lib/redirects";
import authCss from "#app/styles/pages/auth.css?url";
import socialCss from "#app/styles/social.css?url";
import { signIn } from "#workers/core/accounts/sign-in";
import { enabledProviders } from "#workers/core/social/providers";
import { setCookieHeaders, signedInCookies } from "#workers/platform/auth-cookies";
import type { Route } from "./+types/sign-in";
import { SocialButtons } from "./social-buttons";

/** Where to go after signing in: a same-site path, but never back into /auth/. */
function afterSignIn(to: string | null | undefined): string {
  const target = safeRedirect(to);
  return target && !target.toLowerCase().startsWith("/auth/") ? target : "/";
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: authCss },
  { rel: "stylesheet", href: socialCss },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Вход", description: "Вход на сайт: по имени пользователя или e-mail.", canonical: [] });

export function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const redirectTo = afterSignIn(new URL(request.url).searchParams.get("redirectTo"));
  if (ctx.actor) throw redirect(redirectTo);
  return { redirectTo, providers: enabledProviders(ctx.vars) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  const values: Record<string, string> = {};
  return runAction(async () => {
    const form = await readForm(request, ctx);
    Object.assign(values, formFields(form));
    const { user, session } = await signIn(ctx, { username: values.username ?? "", password: values.password ?? "" });
    return redirect(afterSignIn(values.redirectTo), {
      headers: setCookieHeaders(await signedInCookies(ctx, session, user.id)),
    });
  }, values);
}

const FIELDS = ["username", "password"] as const;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const failure = asFailure(actionData);
  const redirectTo = valueFor(failure, "redirectTo") ?? loaderData.redirectTo;
  return (
    <main className="page page-auth">
      <section className="card auth-card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Вход</h1>
        <Form method="post" className="form">
          <CsrfField />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormErrors failure={failure} fields={FIELDS} />
          <Field
            label="Имя пользователя или e-mail"
            name="username"
            autoComplete="username"
            required
            maxLength={254}
            autoFocus={!failure}
            defaultValue={valueFor(failure, "username")}
            errors={errorsFor(failure, "username")}
          />
          <Field
            label="Пароль"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus={!!failure}
            errors={errorsFor(failure, "password")}
          />
          <div className="form-actions">
            <SubmitButton pendingText="Входим…">Войти</SubmitButton>
            <Link to="/auth/reset" className="auth-link">
              Забыли пароль?
            </Link>
          </div>
        </Form>
        <SocialButtons providers={loaderData.providers} next={redirectTo} title="Или войдите через" />
        <p className="auth-alt">
          Ещё нет аккаунта? <Link to="/auth/sign-up">Зарегистрироваться</Link>
        </p>
      </section>
    </main>
  );
}
