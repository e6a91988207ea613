import { Link } from "#app/components/link";
import { formatDateTime } from "#app/lib/dates";
import type { SanctionView } from "#workers/core/moderation/sanctions";
import { formatSanctionEnd } from "#workers/core/moderation/sanctions.constants";
import type { MemberAuditEntry } from "#workers/core/moderation/sanctions.member";
import { pluralize } from "#workers/core/shared/plural";

/** Russian names of the audit actions a member's page shows; others show their code. */
const AUDIT_LABELS: Record<string, string> = {
  "user.ban": "Бан",
  "user.block": "Блокировка",
  "user.activate": "Ограничение снято",
  "user.fp_require": "Включён отпечаток устройства",
  "user.fp_unrequire": "Отключён отпечаток устройства",
  "post.delete": "Удалена статья",
  "post.edit": "Изменена статья",
  "comment.delete": "Удалён комментарий",
  "comment.edit": "Изменён комментарий",
  "shout.delete": "Удалена записка",
  "shout.edit": "Изменена записка",
  "shout.pin": "Записка закреплена",
  "shout.unpin": "Записка откреплена",
  "shout.mute": "Записка скрыта",
  "shout.unmute": "Записка снова видна",
  "shout.freeze": "Записка заморожена",
  "shout.unfreeze": "Записка разморожена",
  "shout_comment.delete": "Удалён комментарий к записке",
  "shout_comment.edit": "Изменён комментарий к записке",
};

function term(s: Pick<SanctionView, "kind" | "days">): string {
  return s.kind === "ban" ? "бан навсегда" : `блокировка на ${pluralize(s.days ?? 0, ["день", "дня", "дней"])}`;
}

export function SanctionStatus({ sanction }: { sanction: SanctionView | null }) {
  if (!sanction) return <p className="moderation-clear">Ограничений нет.</p>;
  return (
    <p className="moderation-active" data-sanction={sanction.kind}>
      <strong>
        {sanction.kind === "ban" ? "Забанен" : `Заблокирован до ${formatSanctionEnd(sanction.datetime_end ?? "")}`}
      </strong>
      : {sanction.reason}
      {sanction.actor ? ` (${sanction.actor.username}, ${formatDateTime(sanction.datetime_start)})` : ""}
    </p>
  );
}

export function SanctionHistory({ sanctions }: { sanctions: SanctionView[] }) {
  if (!sanctions.length) return <p>Участника ещё не ограничивали.</p>;
  return (
    <ol className="moderation-history">
      {sanctions.map((s) => (
        <li key={s.id} className={s.is_active ? "is-active" : undefined}>
          <div>
            <strong>{term(s)}</strong> — {s.reason}
          </div>
          <div className="moderation-history-meta">
            {formatDateTime(s.datetime_start)}
            {s.actor ? (
              <>
                , <Link to={`/users/${s.actor.id}`}>{s.actor.username}</Link>
              </>
            ) : null}
            {s.datetime_lifted ? (
              <>
                {" "}
                · снято {formatDateTime(s.datetime_lifted)}
                {s.lifted_by ? (
                  <>
                    , <Link to={`/users/${s.lifted_by.id}`}>{s.lifted_by.username}</Link>
                  </>
                ) : null}
              </>
            ) : s.is_active ? (
              " · действует"
            ) : (
              " · истекло"
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

export function AuditList({ entries }: { entries: MemberAuditEntry[] }) {
  if (!entries.length) return <p>Записей нет.</p>;
  return (
    <ul className="moderation-audit">
      {entries.map((e) => (
        <li key={e.id}>
          <span className="moderation-audit-time">{formatDateTime(e.datetime)}</span>{" "}
          <strong>{AUDIT_LABELS[e.action] ?? e.action}</strong>
          {e.actor ? (
            <>
              {" "}
              — <Link to={`/users/${e.actor.id}`}>{e.actor.username}</Link>
            </>
          ) : null}
          {e.reason ? `: ${e.reason}` : ""}
          {typeof e.meta?.days === "number" ? ` (${pluralize(e.meta.days, ["день", "дня", "дней"])})` : ""}
        </li>
      ))}
    </ul>
  );
}
