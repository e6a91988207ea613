import { useFetcher } from "react-router";
import { useRootData } from "#app/lib/root-data";
import { NOT_ACTIVATED } from "#workers/core/social/activation.constants";
import { CsrfField } from "./csrf-field";

type Result = { ok: boolean; detail: string } | undefined;

/**
 * A member whose e-mail is not activated yet is told why writing is closed, and can ask for a new link
 * (POST /auth/activate; docs/decisions/0029).
 */
export function EcodeActivationBanner() {
  const { user } = useRootData();
  const fetcher = useFetcher<Result>();
  if (user?.is_activated !== false) return null;
  const busy = fetcher.state !== "idle";
  return (
    <div className="info activation-banner" role="note">
      <p>{NOT_ACTIVATED}</p>
      <fetcher.Form method="post" action="/auth/activate">
        <CsrfField />
        <button type="submit" className="btn btn-sm" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Отправляем…" : "Отправить письмо ещё раз"}
        </button>
      </fetcher.Form>
      {fetcher.data ? (
        <p className={fetcher.data.ok ? "success" : "field-error"} role={fetcher.data.ok ? "status" : "alert"}>
          {fetcher.data.detail}
        </p>
      ) : null}
    </div>
  );
}
