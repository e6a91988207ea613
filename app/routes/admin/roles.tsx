import { Form, useFetcher } from "react-router";
import { AdminNav } from "#app/components/admin-nav";
import { CsrfField } from "#app/components/csrf-field";
import {
  asFailure,
  asSuccess,
  CheckboxField,
  errorsFor,
  Field,
  FormErrors,
  SuccessMessage,
} from "#app/components/form";
import { RoleBadges } from "#app/components/role-badge";
import { formFields, formList, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import communityCss from "#app/styles/pages/community.css?url";
import {
  createRole,
  deleteRole,
  listRoles,
  type MemberAccess,
  type RoleView,
  searchMembers,
  setMemberAccess,
  updateRole,
} from "#workers/core/roles/roles";
import { pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/roles";
import { requireStaff } from "./guard.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: communityCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Роли и права", description: "Роли сообщества и права участников.", noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  requireStaff(ctx, request, "manage");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const [roles, members] = await Promise.all([listRoles(ctx), searchMembers(ctx, { q: q.slice(0, 32) })]);
  return { roles, members, q };
}

function roleInput(fields: Record<string, string>) {
  return {
    name: fields.name ?? "",
    color: fields.color ?? "",
    is_joinable: fields.is_joinable === "on",
    is_mentionable: fields.is_mentionable === "on",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  requireStaff(ctx, request, "manage");
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      const form = await readForm(request, ctx);
      fields = formFields(form);
      switch (fields.intent) {
        case "create": {
          const role = await createRole(ctx, roleInput(fields));
          return { ok: true as const, intent: "create", message: `Роль «${role.name}» создана.` };
        }
        case "update": {
          const role = await updateRole(ctx, fields.id, roleInput(fields));
          return { ok: true as const, intent: `update-${fields.id}`, message: `Роль «${role.name}» сохранена.` };
        }
        case "delete": {
          await deleteRole(ctx, fields.id);
          return { ok: true as const, intent: "delete", message: "Роль удалена." };
        }
        default: {
          const member = await setMemberAccess(ctx, fields.user, {
            role_ids: formList(form, "role").map(Number),
            is_mod: fields.is_mod === "on",
            is_db_editor: fields.is_db_editor === "on",
          });
          return {
            ok: true as const,
            intent: `member-${fields.user}`,
            message: `Права участника ${member.username} сохранены.`,
          };
        }
      }
    },
    () => (fields.intent === "update" ? { ...fields, intent: `update-${fields.id}` } : fields),
  );
}

function RoleFields({ current, failure }: { current: RoleView | null; failure: ReturnType<typeof asFailure> }) {
  return (
    <>
      <Field
        label="Название (пишут после @)"
        name="name"
        defaultValue={current?.name ?? ""}
        errors={errorsFor(failure, "name")}
      />
      <Field
        label="Цвет"
        name="color"
        type="color"
        defaultValue={current?.color ?? "#ff6600"}
        errors={errorsFor(failure, "color")}
      />
      <CheckboxField
        label="Участники вступают сами"
        name="is_joinable"
        defaultChecked={current?.is_joinable ?? false}
      />
      <CheckboxField
        label="Можно упоминать через @"
        name="is_mentionable"
        defaultChecked={current?.is_mentionable ?? false}
      />
    </>
  );
}

function RoleRow({ role }: { role: RoleView }) {
  const fetcher = useFetcher<typeof action>();
  const failure = asFailure(fetcher.data, `update-${role.id}`) ?? asFailure(fetcher.data, "delete");
  return (
    <li className="card role-row">
      <fetcher.Form method="post" className="form role-form">
        <CsrfField />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={role.id} />
        <p className="muted">{pluralize(role.members_count, ["участник", "участника", "участников"])}</p>
        <FormErrors failure={failure} fields={["name", "color"]} />
        <RoleFields current={role} failure={failure} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
            Сохранить
          </button>
        </div>
        <SuccessMessage message={asSuccess(fetcher.data)?.message} />
      </fetcher.Form>
      <fetcher.Form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={role.id} />
        <button type="submit" className="btn btn-danger" disabled={fetcher.state !== "idle"}>
          Удалить роль «{role.name}»
        </button>
      </fetcher.Form>
    </li>
  );
}

function MemberRow({ member, roles }: { member: MemberAccess; roles: RoleView[] }) {
  const fetcher = useFetcher<typeof action>();
  const held = new Set(member.roles.map((r) => r.id));
  return (
    <li className="card member-row">
      <fetcher.Form method="post" className="form">
        <CsrfField />
        <input type="hidden" name="intent" value="member" />
        <input type="hidden" name="user" value={member.id} />
        <h3 className="member-name">
          <a href={`/users/${member.id}`}>{member.username}</a>
          {member.is_admin ? <span className="badge">Администратор</span> : null}
        </h3>
        <RoleBadges roles={member.roles} label={`Роли ${member.username}`} />
        <fieldset className="member-flags">
          <legend className="visually-hidden">Права и роли {member.username}</legend>
          <CheckboxField label="Модератор" name="is_mod" defaultChecked={member.is_mod} />
          <CheckboxField label="Редактор базы игр" name="is_db_editor" defaultChecked={member.is_db_editor} />
          {roles.map((role) => (
            <CheckboxField
              key={role.id}
              label={role.name}
              name="role"
              value={String(role.id)}
              defaultChecked={held.has(role.id)}
            />
          ))}
        </fieldset>
        <FormErrors failure={asFailure(fetcher.data)} />
        <button type="submit" className="btn" disabled={fetcher.state !== "idle"}>
          Сохранить права
        </button>
        <SuccessMessage message={asSuccess(fetcher.data)?.message} />
      </fetcher.Form>
    </li>
  );
}

export default function AdminRoles({ loaderData, actionData }: Route.ComponentProps) {
  const { roles, members, q } = loaderData;
  const createFailure = asFailure(actionData, "create");
  return (
    <main className="page admin-page roles-admin-page">
      <AdminNav />
      <h1>Роли и права</h1>
      <SuccessMessage message={asSuccess(actionData)?.message} />
      <section aria-labelledby="roles-heading">
        <h2 id="roles-heading">Роли</h2>
        {roles.length ? (
          <ul className="role-rows">
            {roles.map((role) => (
              <RoleRow
                key={`${role.id}-${role.name}-${role.color}-${role.is_joinable}-${role.is_mentionable}`}
                role={role}
              />
            ))}
          </ul>
        ) : (
          <p className="muted">Ролей пока нет.</p>
        )}
        <div className="card">
          <h3>Новая роль</h3>
          <Form method="post" className="form role-form" key={roles.length}>
            <CsrfField />
            <input type="hidden" name="intent" value="create" />
            <FormErrors failure={createFailure} fields={["name", "color"]} />
            <RoleFields current={null} failure={createFailure} />
            <div className="form-actions">
              <button type="submit" className="btn btn-primary">
                Создать роль
              </button>
            </div>
          </Form>
        </div>
      </section>
      <section aria-labelledby="members-heading">
        <h2 id="members-heading">Участники</h2>
        <Form method="get" className="member-search" role="search" aria-label="Найти участника">
          <label htmlFor="member-q">Имя участника</label>
          <input id="member-q" type="search" name="q" defaultValue={q} placeholder="Начало имени" maxLength={32} />
          <button type="submit" className="btn">
            Найти
          </button>
        </Form>
        <p className="muted">
          {q ? `Найдено: ${members.length}.` : "Модераторы, редакторы, администраторы и участники с ролями:"}
        </p>
        <ul className="member-rows">
          {members.map((member) => (
            <MemberRow
              key={`${member.id}-${member.roles.map((r) => r.id).join(",")}-${member.is_mod}-${member.is_db_editor}`}
              member={member}
              roles={roles}
            />
          ))}
        </ul>
      </section>
    </main>
  );
}
