import { data, Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import {
  asFailure,
  asSuccess,
  errorsFor,
  Field,
  FormErrors,
  type FormFailure,
  type FormSuccess,
  SubmitButton,
} from "#app/components/form";
import { Link } from "#app/components/link";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import authCss from "#app/styles/pages/auth.css?url";
import { PASSWORD_MAX, PASSWORD_MIN } from "#workers/core/accounts/accounts.constants";
import { RESET_INVALID, setPassword } from "#workers/core/accounts/password-reset";
import { knownDeviceCookie, setCookieHeaders } from "#workers/platform/auth-cookies";
import type { Route } from "./+types/set";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Новый пароль", description: "Новый пароль для входа на сайт.", canonical: [] });

const MISMATCH = "Пароли не совпадают.";

function linkParams(request: Request) {
  const url = new URL(request.url);
  return { uid: url.searchParams.get("uid") ?? "", token: url.searchParams.get("token") ?? "" };
}

export function loader({ request }: Route.LoaderArgs) {
  const { uid, token } = linkParams(request);
  // A link without its parts cannot work; a wrong or used token is reported by the service on submit.
  return { invalid: !uid || !token ? RESET_INVALID : null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  const values: Record<string, string> = {};
  return runAction(async (): Promise<ReturnType<typeof data<FormSuccess | FormFailure>>> => {
    const form = await readForm(request, ctx);
    Object.assign(values, formFields(form));
    if ((values.password ?? "") !== (values.password2 ?? "")) {
      return data<FormFailure>({ ok: false, detail: MISMATCH, errors: { password2: [MISMATCH] } }, { status: 400 });
    }
    const link = linkParams(request);
    const { detail } = await setPassword(ctx, link, { password: values.password ?? "" });
    // The e-mailed link proved the owner: this browser becomes a known device (it may sign in even while the
    // account is closed to new devices after many wrong passwords, docs/decisions/0021).
    const headers = setCookieHeaders([await knownDeviceCookie(ctx, Number(link.uid))]);
    return data<FormSuccess>({ ok: true, message: detail }, { headers });
  }, values);
}

const FIELDS = ["password", "password2"] as const;

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const failure = asFailure(actionData);
  const success = asSuccess(actionData);
  const tokenErrors = errorsFor(failure, "token");
  const invalid = loaderData.invalid ?? tokenErrors[0] ?? null;
  return (
    <main className="page page-auth">
      <section className="card auth-card" aria-labelledby="set-title">
        <h1 id="set-title">Новый пароль</h1>
        {success ? (
          <>
            <p className="success" role="status">
              {success.message}
            </p>
            <p className="auth-alt">
              <Link to="/auth/sign-in" className="btn btn-primary">
                Войти
              </Link>
            </p>
          </>
        ) : invalid ? (
          <>
            <div className="form-errors" role="alert">
              <p>{invalid}</p>
            </div>
            <p className="auth-alt">
              <Link to="/auth/reset">Запросить новую ссылку</Link>
            </p>
          </>
        ) : (
          <Form method="post" className="form">
            <CsrfField />
            <FormErrors failure={failure} fields={FIELDS} />
            <Field
              label="Новый пароль"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
              autoFocus
              hint={`Не короче ${PASSWORD_MIN} символов; слишком простые пароли не подойдут.`}
              errors={errorsFor(failure, "password")}
            />
            <Field
              label="Повторите пароль"
              name="password2"
              type="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX}
              errors={errorsFor(failure, "password2")}
            />
            <div className="form-actions">
              <SubmitButton pendingText="Сохраняем…">Сменить пароль</SubmitButton>
            </div>
          </Form>
        )}
      </section>
    </main>
  );
}
