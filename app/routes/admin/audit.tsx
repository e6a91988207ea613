import { Form } from "react-router";
import { AdminNav } from "#app/components/admin-nav";
import { FormErrors } from "#app/components/form";
import { Link } from "#app/components/link";
import { TimeAgo } from "#app/components/time-ago";
import { getCtx } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import communityCss from "#app/styles/pages/community.css?url";
import { AUDIT_LABELS } from "#workers/core/audit/audit.labels";
import { type AuditItem, listAudit } from "#workers/core/audit/audit.read";
import { FLAG_LABELS, LIMIT_LABELS } from "#workers/core/config/config.schemas";
import { AppError } from "#workers/core/errors";
import type { Route } from "./+types/audit";
import { requireStaff } from "./guard.server";
import { Pager } from "./pager";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: communityCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Журнал действий", description: "Что делали модераторы и администраторы.", noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  requireStaff(ctx, request, "moderate");
  const params = new URL(request.url).searchParams;
  const filter = {
    page: params.get("page") ?? undefined,
    actor: params.get("actor") ?? "",
    target: params.get("target") ?? "",
    action: params.get("action") ?? "",
  };
  try {
    const page = await listAudit(ctx, filter);
    return { ...page, filter, page: Number(filter.page ?? 1) || 1, failure: null };
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 400) throw error;
    // A filter naming nobody: the form says so by its field, the list is empty.
    const failure = { ok: false as const, detail: error.message, errors: error.errors ?? {} };
    return { results: [] as AuditItem[], next: null, previous: null, filter, page: 1, failure };
  }
}

function Person({ person }: { person: { id: number; username: string } | null }) {
  return person ? <Link to={`/users/${person.id}`}>{person.username}</Link> : <span className="muted">система</span>;
}

/** What the changed settings are called (the site settings form's labels). */
const CONFIG_LABELS: Record<string, string> = { ...FLAG_LABELS, ...LIMIT_LABELS, site_name: "Название сайта" };

function shown(value: unknown): string {
  return value === true ? "да" : value === false ? "нет" : String(value);
}

/** The details worth a glance: a block's days, old → new values, the role's name. */
function details(item: AuditItem): string {
  const meta = item.meta ?? {};
  const parts: string[] = [];
  if (typeof meta.days === "number") parts.push(`на ${meta.days} дн.`);
  if (typeof meta.role === "string") parts.push(`роль «${meta.role}»`);
  if (typeof meta.name === "string" && item.target_type === "role") parts.push(`«${meta.name}»`);
  if (typeof meta.title === "string" && meta.title) parts.push(`«${meta.title}»`);
  if (typeof meta.excerpt === "string" && meta.excerpt) parts.push(`«${meta.excerpt}»`);
  if (typeof meta.reports_count === "number") parts.push(`жалоб: ${meta.reports_count}`);
  const changes = meta.changes as Record<string, [unknown, unknown]> | undefined;
  if (changes && typeof changes === "object") {
    for (const [key, pair] of Object.entries(changes)) {
      if (Array.isArray(pair)) parts.push(`${CONFIG_LABELS[key] ?? key}: ${shown(pair[0])} → ${shown(pair[1])}`);
    }
  }
  return parts.join(" · ");
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { results, filter, page, next, previous, failure } = loaderData;
  return (
    <main className="page admin-page audit-page">
      <AdminNav />
      <h1>Журнал действий</h1>
      <Form method="get" className="audit-filter" aria-label="Фильтр журнала">
        <div className="field">
          <label htmlFor="audit-actor">Кто</label>
          <input id="audit-actor" type="text" name="actor" defaultValue={filter.actor} placeholder="Имя или id" />
          {failure?.errors.actor ? <p className="field-error">{failure.errors.actor[0]}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="audit-target">Кого касается</label>
          <input id="audit-target" type="text" name="target" defaultValue={filter.target} placeholder="Имя или id" />
          {failure?.errors.target ? <p className="field-error">{failure.errors.target[0]}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="audit-action">Действие</label>
          <select id="audit-action" name="action" defaultValue={filter.action}>
            <option value="">Все</option>
            {Object.entries(AUDIT_LABELS).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          Показать
        </button>
      </Form>
      {failure && !failure.errors.actor && !failure.errors.target ? <FormErrors failure={failure} /> : null}
      {results.length ? (
        <ol className="audit-list">
          {results.map((item) => (
            <li key={item.id} className="card audit-item">
              <p className="audit-line">
                <Person person={item.actor} /> · <strong>{item.label}</strong>
                {item.target_user ? (
                  <>
                    {" "}
                    · <Person person={item.target_user} />
                  </>
                ) : null}
                {item.target_url && item.target_type !== "user" ? (
                  <>
                    {" "}
                    · <Link to={item.target_url}>{item.target_label}</Link>
                  </>
                ) : null}
              </p>
              {details(item) ? <p className="audit-details muted">{details(item)}</p> : null}
              {item.reason ? <p className="audit-reason">Причина: {item.reason}</p> : null}
              <p className="audit-time muted">
                <TimeAgo date={item.datetime} />
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Записей нет.</p>
      )}
      <Pager page={page} hasNext={!!next} hasPrevious={!!previous} />
    </main>
  );
}
