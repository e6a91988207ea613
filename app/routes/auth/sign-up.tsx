import { Form, redirect } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, errorsFor, Field, FormErrors, SubmitButton, valueFor } from "#app/components/form";
import { Link } from "#app/components/link";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { useRootData } from "#app/lib/root-data";
import authCss from "#app/styles/pages/auth.css?url";
import socialCss from "#app/styles/social.css?url";
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "#workers/core/accounts/accounts.constants";
import { signUp } from "#workers/core/accounts/sign-up";
import { enabledProviders } from "#workers/core/social/providers";
import { setCookieHeaders, signedInCookies } from "#workers/platform/auth-cookies";
import type { Route } from "./+types/sign-up";
import { SocialButtons } from "./social-buttons";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: authCss },
  { rel: "stylesheet", href: socialCss },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Регистрация",
    description: "Регистрация в сообществе: статьи, записки у костра и обсуждения.",
    canonical: [],
  });

export function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (ctx.actor) throw redirect("/");
  return { code: params.code ?? "", providers: enabledProviders(ctx.vars) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  const values: Record<string, string> = {};
  return runAction(async () => {
    const form = await readForm(request, ctx);
    Object.assign(values, formFields(form));
    const { user, session } = await signUp(ctx, {
      username: values.username ?? "",
      email: values.email ?? "",
      password: values.password ?? "",
      data: { code: values.code || undefined },
    });
    // A member who must confirm the address first lands with the activation notice (the same as after social sign-up).
    return redirect(user.isActivated ? "/" : "/?ecode=email", {
      headers: setCookieHeaders(await signedInCookies(ctx, session, user.id)),
    });
  }, values);
}

const FIELDS = ["username", "email", "password", "code"] as const;

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { config } = useRootData();
  const failure = asFailure(actionData);
  const code = valueFor(failure, "code") ?? loaderData.code;
  const invitationOnly = config.is_sign_up_invitation_only;
  return (
    <main className="page page-auth">
      <section className="card auth-card" aria-labelledby="sign-up-title">
        <h1 id="sign-up-title">Регистрация</h1>
        {invitationOnly && !loaderData.code ? (
          <div className="info" role="note">
            <p>
              <strong>Регистрация закрыта.</strong> Зарегистрироваться можно только по приглашению участника сайта.
            </p>
            <p>Если у вас есть код приглашения, введите его ниже или откройте ссылку из приглашения.</p>
          </div>
        ) : null}
        {loaderData.code ? <p className="info">Вы регистрируетесь по приглашению.</p> : null}
        <Form method="post" className="form">
          <CsrfField />
          <FormErrors failure={failure} fields={FIELDS} />
          <Field
            label="Имя пользователя"
            name="username"
            autoComplete="username"
            required
            minLength={USERNAME_MIN}
            maxLength={USERNAME_MAX}
            hint={`От ${USERNAME_MIN} до ${USERNAME_MAX} символов: буквы, цифры, «_», «-», «.».`}
            defaultValue={valueFor(failure, "username")}
            errors={errorsFor(failure, "username")}
          />
          <Field
            label="Электронная почта"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={valueFor(failure, "email")}
            errors={errorsFor(failure, "email")}
          />
          <Field
            label="Пароль"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            hint={`Не короче ${PASSWORD_MIN} символов; слишком простые пароли не подойдут.`}
            errors={errorsFor(failure, "password")}
          />
          <Field
            label={invitationOnly ? "Код приглашения" : "Код приглашения (если есть)"}
            name="code"
            autoComplete="off"
            required={invitationOnly}
            maxLength={64}
            defaultValue={code}
            errors={errorsFor(failure, "code")}
          />
          <div className="form-actions">
            <SubmitButton pendingText="Регистрируем…">Зарегистрироваться</SubmitButton>
          </div>
        </Form>
        <SocialButtons
          providers={loaderData.providers}
          next="/"
          code={code || undefined}
          title="Или зарегистрируйтесь через"
        />
        <p className="auth-alt">
          Уже есть аккаунт? <Link to="/auth/sign-in">Войти</Link>
        </p>
      </section>
    </main>
  );
}
