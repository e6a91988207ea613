import { useRootData } from "#app/lib/root-data";
import { NOT_ACTIVATED } from "#workers/core/social/activation.constants";

/** A member whose e-mail is not activated yet is told why writing is closed (docs/decisions/0029). */
export function EcodeActivationBanner() {
  const { user } = useRootData();
  if (user?.is_activated !== false) return null;
  return (
    <p className="info activation-banner" role="note">
      {NOT_ACTIVATED}
    </p>
  );
}
