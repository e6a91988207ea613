import { Link } from "#app/components/link";
import { getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import authCss from "#app/styles/pages/auth.css?url";
import { AppError } from "#workers/core/errors";
import { activateAccount, resendActivation } from "#workers/core/social/activation";
import type { Route } from "./+types/social-activate";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Активация аккаунта",
    description: "Активация аккаунта по ссылке из письма.",
    canonical: [],
  });

/** GET /auth/activate?uid=&token=: the link from the activation mail (single use, expiring). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const url = new URL(request.url);
  try {
    const user = await activateAccount(ctx, {
      uid: url.searchParams.get("uid") ?? "",
      token: url.searchParams.get("token") ?? "",
    });
    return {
      ok: true as const,
      detail: `Аккаунт ${user.username} активирован. Теперь можно писать записки, статьи и комментарии.`,
    };
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, detail: error.message };
    throw error;
  }
}

/** POST /auth/activate: a new link for the signed-in member who is not activated yet (the banner's button). */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  return runAction(async () => {
    await readForm(request, ctx);
    const { detail } = await resendActivation(ctx);
    return { ok: true as const, detail };
  });
}

export default function Activate({ loaderData }: Route.ComponentProps) {
  return (
    <main className="page page-auth">
      <section className="card auth-card" aria-labelledby="activate-title">
        <h1 id="activate-title">Активация аккаунта</h1>
        <p className={loaderData.ok ? "success" : "error"} role={loaderData.ok ? "status" : "alert"}>
          {loaderData.detail}
        </p>
        <p className="auth-alt">
          <Link to="/">На главную</Link>
        </p>
      </section>
    </main>
  );
}
