import { useFetcher } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import type { AuthAccount } from "#workers/core/social/auth-accounts";
import type { ProviderSlug } from "#workers/core/social/providers.constants";
import { ProviderMark, providerLoginHref } from "../../auth/social-buttons";

type Result = { ok: true; message: string } | { ok: false; detail: string } | undefined;

function LinkedAccount({ account }: { account: AuthAccount }) {
  const fetcher = useFetcher<Result>();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  return (
    <li className="social-item" data-provider={account.provider}>
      <ProviderMark provider={account.provider} />
      <span className="social-item-name">
        {account.title}
        {account.name ? <span className="muted"> · {account.name}</span> : null}
      </span>
      <fetcher.Form method="post" action={`/disconnect/${account.provider}/${account.id}`}>
        <CsrfField />
        <button type="submit" className="btn btn-sm" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Отключаем…" : "Отключить"}
        </button>
      </fetcher.Form>
      {result && !result.ok ? (
        <p className="field-error" role="alert">
          {result.detail}
        </p>
      ) : null}
    </li>
  );
}

/**
 * «Вход через другие сервисы»: the member's linked sign-in accounts (spec §3 `auth_accounts`), «Отключить» =
 * POST /disconnect/{provider}/{id}/ (refused, with the reason, when it is the last way in), and links to add
 * the configured providers not linked yet.
 */
export function AccountsSection({
  userId,
  authAccounts,
  providers,
}: {
  userId: number;
  authAccounts: AuthAccount[];
  providers: { slug: ProviderSlug; title: string }[];
}) {
  const linked = new Set(authAccounts.map((account) => account.provider));
  const more = providers.filter((provider) => !linked.has(provider.slug));
  if (!authAccounts.length && !providers.length) return null;
  return (
    <section className="card settings-section" aria-labelledby="settings-accounts">
      <h3 id="settings-accounts">Вход через другие сервисы</h3>
      {authAccounts.length ? (
        <ul className="social-list" aria-label="Привязанные аккаунты">
          {authAccounts.map((account) => (
            <LinkedAccount key={account.id} account={account} />
          ))}
        </ul>
      ) : (
        <p className="muted">Привязанных аккаунтов пока нет: входите только по имени и паролю.</p>
      )}
      {more.length ? (
        <>
          <p className="muted">Привяжите аккаунт, чтобы входить через него:</p>
          <ul className="social-buttons social-link-buttons">
            {more.map((provider) => (
              <li key={provider.slug}>
                <a className="btn social-button" href={providerLoginHref(provider.slug, `/users/${userId}/settings`)}>
                  <ProviderMark provider={provider.slug} />
                  Привязать {provider.title}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
