import { Form, redirect } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, asSuccess, FormErrors, SuccessMessage } from "#app/components/form";
import { RoleBadge } from "#app/components/role-badge";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import communityCss from "#app/styles/pages/community.css?url";
import { joinRole, leaveRole, listRoles } from "#workers/core/roles/roles";
import { pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/roles";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: communityCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Роли",
    description: "Роли сообщества: вступайте в открытые, чтобы вас звали через @упоминание роли.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  return { roles: await listRoles(ctx), signedIn: !!ctx.actor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) throw redirect("/auth/sign-in?redirectTo=%2Froles");
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      const id = Number(fields.id);
      if (fields.intent === "leave") {
        await leaveRole(ctx, { id });
        return { ok: true as const, message: "Вы вышли из роли." };
      }
      await joinRole(ctx, { id });
      return { ok: true as const, message: "Вы вступили в роль." };
    },
    () => fields,
  );
}

export default function Roles({ loaderData, actionData }: Route.ComponentProps) {
  const { roles, signedIn } = loaderData;
  const open = roles.filter((r) => r.is_joinable);
  const closed = roles.filter((r) => !r.is_joinable);
  return (
    <main className="page page-narrow roles-page">
      <h1>Роли</h1>
      <p className="muted">
        Роль собирает участников по интересам. Упоминание роли (например, @{open[0]?.name ?? "Стримеры"}) уведомит всех,
        кто в ней состоит, если они не отключили такие уведомления в настройках.
      </p>
      <FormErrors failure={asFailure(actionData)} />
      <SuccessMessage message={asSuccess(actionData)?.message} />
      <section aria-labelledby="open-roles">
        <h2 id="open-roles">Открытые роли</h2>
        {open.length ? (
          <ul className="role-list">
            {open.map((role) => (
              <li key={role.id} className="card role-item">
                <RoleBadge role={role} />
                <span className="muted">
                  {pluralize(role.members_count, ["участник", "участника", "участников"])}
                  {role.is_mentionable ? " · можно упоминать" : ""}
                </span>
                {signedIn ? (
                  <Form method="post" className="role-item-form">
                    <CsrfField />
                    <input type="hidden" name="id" value={role.id} />
                    <input type="hidden" name="intent" value={role.is_member ? "leave" : "join"} />
                    <button type="submit" className={role.is_member ? "btn" : "btn btn-primary"}>
                      {role.is_member ? `Выйти из «${role.name}»` : `Вступить в «${role.name}»`}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Открытых ролей пока нет.</p>
        )}
        {signedIn ? null : <p>Войдите на сайт, чтобы вступать в роли.</p>}
      </section>
      {closed.length ? (
        <section aria-labelledby="closed-roles">
          <h2 id="closed-roles">Роли, которые выдаёт администрация</h2>
          <ul className="role-list">
            {closed.map((role) => (
              <li key={role.id} className="card role-item">
                <RoleBadge role={role} />
                <span className="muted">
                  {pluralize(role.members_count, ["участник", "участника", "участников"])}
                  {role.is_member ? " · у вас есть эта роль" : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
