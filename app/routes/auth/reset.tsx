import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import {
  asFailure,
  asSuccess,
  errorsFor,
  Field,
  FormErrors,
  type FormSuccess,
  SubmitButton,
  valueFor,
} from "#app/components/form";
import { Link } from "#app/components/link";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import authCss from "#app/styles/pages/auth.css?url";
import { requestPasswordReset } from "#workers/core/accounts/password-reset";
import type { Route } from "./+types/reset";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Восстановление пароля",
    description: "Восстановление пароля: ссылка для входа придёт на e-mail.",
    canonical: [],
  });

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  const values: Record<string, string> = {};
  return runAction(async (): Promise<FormSuccess> => {
    const form = await readForm(request, ctx);
    Object.assign(values, formFields(form));
    const { detail } = await requestPasswordReset(ctx, { email: values.email ?? "" });
    return { ok: true, message: detail };
  }, values);
}

export default function Reset({ actionData }: Route.ComponentProps) {
  const failure = asFailure(actionData);
  const success = asSuccess(actionData);
  return (
    <main className="page page-auth">
      <section className="card auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">Восстановление пароля</h1>
        {success ? (
          <>
            <p className="success" role="status">
              {success.message}
            </p>
            <p className="auth-alt">
              <Link to="/auth/sign-in">Вернуться ко входу</Link>
            </p>
          </>
        ) : (
          <>
            <p className="muted">Укажите адрес, с которым вы регистрировались: мы пришлём ссылку для смены пароля.</p>
            <Form method="post" className="form">
              <CsrfField />
              <FormErrors failure={failure} fields={["email"]} />
              <Field
                label="Электронная почта"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                autoFocus
                defaultValue={valueFor(failure, "email")}
                errors={errorsFor(failure, "email")}
              />
              <div className="form-actions">
                <SubmitButton pendingText="Отправляем…">Отправить ссылку</SubmitButton>
              </div>
            </Form>
            <p className="auth-alt">
              Вспомнили пароль? <Link to="/auth/sign-in">Войти</Link>
            </p>
          </>
        )}
      </section>
    </main>
  );
}
