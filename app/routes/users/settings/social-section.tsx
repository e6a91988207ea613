import { useState } from "react";
import { useRevalidator } from "react-router";
import { useNotice } from "#app/components/notices";
import { ApiError, api } from "#app/lib/api";
import type { PublicSocialAccount, SocialAccountView, SocialSchemaView } from "#workers/core/social/social-accounts";

function Mark({ icon, background }: { icon: string; background: string }) {
  return (
    <span className="social-mark" style={{ background }} aria-hidden="true">
      {icon}
    </span>
  );
}

/** One API call of the section: its error (field or general) in Russian, and a reload of the page's data after. */
function useCall() {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      revalidator.revalidate();
      return true;
    } catch (cause) {
      const apiError = cause instanceof ApiError ? cause : null;
      setError(apiError ? (Object.values(apiError.errors)[0]?.[0] ?? apiError.message) : "Что-то пошло не так.");
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, error, busy };
}

function AccountRow({ account, schema }: { account: SocialAccountView; schema: SocialSchemaView }) {
  const [value, setValue] = useState(account.social_uid);
  const { run, error, busy } = useCall();
  const inputId = `social-${account.id}`;
  return (
    <li className="social-item" data-schema={schema.id}>
      <Mark icon={schema.icon} background={schema.background} />
      <form
        className="social-item-name"
        onSubmit={(event) => {
          event.preventDefault();
          run(() => api(`/v1/social-account/${account.id}/`, { method: "PATCH", json: { social_uid: value } }));
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {schema.title}
        </label>
        <span aria-hidden="true">{schema.title}</span>
        <input
          id={inputId}
          type="text"
          value={value}
          maxLength={64}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={!!error || undefined}
        />
        <button type="submit" className="btn btn-sm" disabled={busy || value === account.social_uid}>
          Сохранить
        </button>
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={busy}
          onClick={() => run(() => api(`/v1/social-account/${account.id}/`, { method: "DELETE" }))}
        >
          Удалить
        </button>
      </form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * «Игровые аккаунты»: the gaming accounts shown on the profile (GET/POST /v1/social-account/, PATCH/DELETE
 * /v1/social-account/{id}/), one per service, the id checked per service.
 */
export function SocialSection({ accounts, schemas }: { accounts: SocialAccountView[]; schemas: SocialSchemaView[] }) {
  const free = schemas.filter((schema) => !schema.is_used);
  const [schemaId, setSchemaId] = useState(free[0]?.id ?? "");
  const [uid, setUid] = useState("");
  const { run, error, busy } = useCall();
  const chosen = free.find((schema) => schema.id === schemaId) ?? free[0];
  return (
    <section className="card settings-section" aria-labelledby="settings-social">
      <h3 id="settings-social">Игровые аккаунты</h3>
      <p className="muted">Их видят все на странице вашего профиля.</p>
      {accounts.length ? (
        <ul className="social-list" aria-label="Ваши игровые аккаунты">
          {accounts.map((account) => {
            const schema = schemas.find((s) => s.id === account.schema);
            return schema ? <AccountRow key={account.id} account={account} schema={schema} /> : null;
          })}
        </ul>
      ) : null}
      {chosen ? (
        <form
          className="social-add"
          onSubmit={async (event) => {
            event.preventDefault();
            const ok = await run(() =>
              api("/v1/social-account/", { method: "POST", json: { schema: chosen.id, social_uid: uid } }),
            );
            if (ok) setUid("");
          }}
        >
          <div className="field">
            <label htmlFor="social-add-schema">Сервис</label>
            <select id="social-add-schema" value={chosen.id} onChange={(event) => setSchemaId(event.target.value)}>
              {free.map((schema) => (
                <option key={schema.id} value={schema.id}>
                  {schema.title}
                </option>
              ))}
            </select>
          </div>
          <div className={error ? "field field-invalid" : "field"}>
            <label htmlFor="social-add-uid">Идентификатор</label>
            <input
              id="social-add-uid"
              type="text"
              value={uid}
              maxLength={64}
              required
              onChange={(event) => setUid(event.target.value)}
              aria-describedby="social-add-hint"
              aria-invalid={!!error || undefined}
            />
            <p className="field-hint" id="social-add-hint">
              {chosen.hint}
            </p>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || !uid.trim()}>
            Добавить
          </button>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

/** The profile's gaming accounts (User (public) `social_accounts`): links where the service has them, else copy. */
export function ProfileSocialAccounts({ accounts }: { accounts: PublicSocialAccount[] }) {
  const notice = useNotice();
  if (!accounts.length) return null;
  const copy = async (account: PublicSocialAccount) => {
    try {
      await navigator.clipboard.writeText(account.social_uid);
      notice.success(`${account.title} скопировано в буфер обмена.`);
    } catch {
      notice.error("Что-то пошло не так.");
    }
  };
  return (
    <ul className="profile-social" aria-label="Игровые аккаунты">
      {accounts.map((account) => (
        <li key={account.title}>
          {account.is_link && account.url ? (
            <a className="profile-social-item" href={account.url} target="_blank" rel="noopener noreferrer nofollow">
              <Mark icon={account.icon} background={account.background} />
              <span>
                <span className="visually-hidden">{account.title}: </span>
                {account.social_uid}
              </span>
            </a>
          ) : (
            <button
              type="button"
              className="profile-social-item"
              onClick={() => copy(account)}
              title={`Скопировать: ${account.title}`}
            >
              <Mark icon={account.icon} background={account.background} />
              <span>
                <span className="visually-hidden">{account.title}: </span>
                {account.social_uid}
              </span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
