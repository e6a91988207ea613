import type { RequestContext } from "#workers/platform/context";
import { SIDECAR_VALUE, type Sidecar } from "./sidecar";

/**
 * A loader's large value (app/lib/sidecar.tsx): for a document request a sidecar named `name` that holds it out of
 * the hydration data's sight; for a data request (no HTML to carry it) the value itself. `name` is unique on the
 * page.
 */
export function sidecar<T>(ctx: RequestContext, name: string, value: T): T | Sidecar {
  if (!ctx.documentRequest) return value;
  const ref: Sidecar = { sidecar: name };
  Object.defineProperty(ref, SIDECAR_VALUE, { value, enumerable: false });
  return ref;
}
