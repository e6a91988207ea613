import { Form } from "react-router";
import { Link } from "#app/components/link";
import { formatDate } from "#app/lib/dates";
import { useRootData } from "#app/lib/root-data";
import { IGNORE_TERMS } from "#workers/core/notifications/ignores.constants";
import { pluralize } from "#workers/core/shared/plural";
import { CsrfField } from "./csrf-field";

/**
 * On another member's profile: «Игнорировать» with a term (no notifications from them), or «Перестать
 * игнорировать»; for moderators, the link to the member's moderation view (/admin/users/:id).
 */
export function ProfileModeration({ userId, ignore }: { userId: number; ignore: { until: string | null } | null }) {
  const { user } = useRootData();
  if (!user || user.id === userId) return null;
  const back = `/users/${userId}`;
  return (
    <div className="profile-moderation">
      {user.is_mod || user.is_admin ? (
        <Link to={`/admin/users/${userId}`} className="btn btn-sm">
          Модерация
        </Link>
      ) : null}
      {ignore ? (
        <Form method="post" action={`/users/${userId}/ignore`} className="form-inline">
          <CsrfField />
          <input type="hidden" name="intent" value="stop" />
          <input type="hidden" name="redirectTo" value={back} />
          <span className="muted">
            Вы игнорируете участника{ignore.until ? ` до ${formatDate(ignore.until)}` : ""}.
          </span>{" "}
          <button type="submit" className="btn btn-sm">
            Перестать игнорировать
          </button>
        </Form>
      ) : (
        <Form method="post" action={`/users/${userId}/ignore`} className="form-inline">
          <CsrfField />
          <input type="hidden" name="intent" value="ignore" />
          <input type="hidden" name="redirectTo" value={back} />
          <label className="visually-hidden" htmlFor={`ignore-days-${userId}`}>
            Срок игнорирования
          </label>
          <select id={`ignore-days-${userId}`} name="days" defaultValue="forever">
            {IGNORE_TERMS.map((days) => (
              <option key={days} value={String(days)}>
                на {pluralize(days, ["день", "дня", "дней"])}
              </option>
            ))}
            <option value="forever">навсегда</option>
          </select>{" "}
          <button type="submit" className="btn btn-sm">
            Игнорировать
          </button>
        </Form>
      )}
    </div>
  );
}
