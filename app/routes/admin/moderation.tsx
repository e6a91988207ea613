import { useFetcher } from "react-router";
import { AdminNav } from "#app/components/admin-nav";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, asSuccess, FormErrors, SuccessMessage } from "#app/components/form";
import { Link } from "#app/components/link";
import { ReportedContent } from "#app/components/report-content";
import { TimeAgo } from "#app/components/time-ago";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { SHOUT_STYLES } from "#app/routes/bonfire/styles";
import communityCss from "#app/styles/pages/community.css?url";
import { updateComment } from "#workers/core/comments/comments";
import { AppError } from "#workers/core/errors";
import type { ReportCaseView } from "#workers/core/reports/reports";
import { listOpenCases, resolveCase } from "#workers/core/reports/reports";
import { pluralize } from "#workers/core/shared/plural";
import { updateShoutComment } from "#workers/core/shouts/shout-comments";
import { updateShout } from "#workers/core/shouts/shouts";
import type { Route } from "./+types/moderation";
import { pageParam, requireStaff } from "./guard.server";
import { Pager } from "./pager";

/** Reported shouts show their pictures and videos as the bonfire does (its styles). */
export const links: Route.LinksFunction = () => [...SHOUT_STYLES, { rel: "stylesheet", href: communityCss }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Жалобы", description: "Открытые жалобы участников.", noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  requireStaff(ctx, request, "moderate");
  const page = await listOpenCases(ctx, pageParam(request));
  return { ...page, page: Number(pageParam(request) ?? 1) || 1 };
}

const EDITORS = {
  comment: updateComment,
  shout: updateShout,
  shout_comment: updateShoutComment,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  requireStaff(ctx, request, "moderate");
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      if (fields.intent === "edit") {
        const edit = EDITORS[fields.type as keyof typeof EDITORS];
        if (!edit) throw new AppError("invalid", "Это нельзя изменить здесь.");
        await edit(ctx, fields.id, { text: fields.text ?? "" });
        return { ok: true as const, intent: "edit", message: "Текст изменён." };
      }
      const result = await resolveCase(ctx, fields.case, { outcome: fields.outcome });
      return { ok: true as const, intent: "resolve", message: `Жалоба закрыта: ${OUTCOME_DONE[result.outcome]}.` };
    },
    () => fields,
  );
}

const OUTCOME_DONE = {
  dismiss: "отклонена",
  hide: "содержимое скрыто",
  delete: "содержимое удалено",
  sanction: "автор наказан",
} as const;

/** The reason a sanction form opens with: what was reported, why, and how often. */
export function sanctionReason(view: ReportCaseView): string {
  const reasons = view.reasons.map((r) => r.label.toLowerCase()).join(", ");
  const excerpt = (view.content.exists ? view.content.text || view.content.title : view.snapshot).replace(/\s+/g, " ");
  const quoted = excerpt ? `: «${excerpt.length > 80 ? `${excerpt.slice(0, 79)}…` : excerpt}»` : "";
  return `Жалобы (${reasons}) на ${view.target_label}${quoted}`;
}

function CaseCard({ view }: { view: ReportCaseView }) {
  const fetcher = useFetcher<typeof action>();
  const failure = asFailure(fetcher.data);
  const success = asSuccess(fetcher.data);
  const busy = fetcher.state !== "idle";
  const { content } = view;
  const canHide = content.exists && (content.type === "shout" || content.type === "post") && !content.is_hidden;
  const canDelete = content.exists && content.type !== "user";
  const canEdit =
    content.exists && (content.type === "comment" || content.type === "shout" || content.type === "shout_comment");
  const author = content.author;
  const outcome = (value: string, label: string, variant = "btn") => (
    <fetcher.Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="case" value={view.id} />
      <input type="hidden" name="outcome" value={value} />
      <button type="submit" className={variant} disabled={busy}>
        {label}
      </button>
    </fetcher.Form>
  );
  return (
    <li className="card case-card" id={`case-${view.id}`}>
      <header className="case-header">
        <h2 className="case-title">
          {`Жалоба на ${view.target_label}`}
          {content.is_hidden ? <span className="badge">Уже скрыто</span> : null}
        </h2>
        <p className="case-meta muted">
          {pluralize(view.reports_count, ["жалоба", "жалобы", "жалоб"])} · первая <TimeAgo date={view.datetime} />
        </p>
      </header>
      <ul className="case-reasons" aria-label="Причины">
        {view.reasons.map((r) => (
          <li key={r.reason} className="case-reason">
            {r.label}
            {r.count > 1 ? ` ×${r.count}` : ""}
          </li>
        ))}
      </ul>
      <ReportedContent content={content} snapshot={view.snapshot} />
      <details className="case-reports">
        <summary>Кто пожаловался</summary>
        <ul>
          {view.reports.map((r) => (
            <li key={`${r.user?.id}-${r.datetime}`}>
              {r.user ? <Link to={`/users/${r.user.id}`}>{r.user.username}</Link> : "Удалённый участник"} —{" "}
              {r.reason_label}
              {r.text ? `: «${r.text}»` : ""} · <TimeAgo date={r.datetime} />
            </li>
          ))}
        </ul>
      </details>
      {canEdit ? (
        <details className="case-edit">
          <summary>Изменить текст</summary>
          <fetcher.Form method="post" className="form">
            <CsrfField />
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="type" value={content.type} />
            <input type="hidden" name="id" value={content.id} />
            <label className="visually-hidden" htmlFor={`case-text-${view.id}`}>
              Текст
            </label>
            <textarea id={`case-text-${view.id}`} name="text" rows={4} defaultValue={content.text} />
            <button type="submit" className="btn" disabled={busy}>
              Сохранить текст
            </button>
          </fetcher.Form>
        </details>
      ) : null}
      {content.exists && content.type === "post" && content.slug ? (
        <p>
          <Link to={`/posts/${content.slug}/editor`}>Открыть в редакторе</Link>
        </p>
      ) : null}
      <div className="case-actions">
        {outcome("dismiss", "Отклонить")}
        {canHide ? outcome("hide", content.type === "post" ? "Снять с публикации" : "Скрыть из ленты") : null}
        {canDelete ? outcome("delete", "Удалить", "btn btn-danger") : null}
        {author ? (
          <Link className="btn" to={`/admin/users/${author.id}?reason=${encodeURIComponent(sanctionReason(view))}`}>
            Наказать автора
          </Link>
        ) : null}
        {author ? outcome("sanction", "Автор наказан — закрыть") : null}
      </div>
      <FormErrors failure={failure} />
      <SuccessMessage message={success?.message} />
    </li>
  );
}

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { results, count, page, next, previous } = loaderData;
  const failure = asFailure(actionData);
  const success = asSuccess(actionData);
  return (
    <main className="page admin-page moderation-page">
      <AdminNav />
      <h1>Жалобы</h1>
      <p className="muted">
        {count ? `Открыто: ${pluralize(count, ["жалоба", "жалобы", "жалоб"])}, старые первыми.` : "Открытых жалоб нет."}
      </p>
      <FormErrors failure={failure} />
      <SuccessMessage message={success?.message} />
      {results.length ? (
        <ol className="case-list">
          {results.map((view) => (
            <CaseCard key={view.id} view={view} />
          ))}
        </ol>
      ) : null}
      <Pager page={page} hasNext={!!next} hasPrevious={!!previous} />
    </main>
  );
}
