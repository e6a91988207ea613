import { redirect } from "react-router";
import { ActionFailureBoundary } from "#app/components/action-failure";
import { reactionAction } from "#app/routes/reactions/reaction-utils";
import { subscribeRelease } from "#workers/core/calendar/calendar.members";
import type { Route } from "./+types/subscribe";

/**
 * POST /calendar/subscribe: follow a release or stop (`release`, `is_subscribed` the state wanted). The plain form
 * carries `redirectTo` and is sent back to its page; guests go to the sign-in page.
 */
export function action({ request, context }: Route.ActionArgs) {
  return reactionAction(request, context, (ctx, fields) =>
    subscribeRelease(ctx, {
      release: /^\d{1,15}$/.test(fields.release ?? "") ? Number(fields.release) : fields.release,
      ...(fields.is_subscribed ? { is_subscribed: fields.is_subscribed } : {}),
    }),
  );
}

export function loader() {
  return redirect("/calendar");
}

/** Never shown: GETs are sent away, a plain form is sent back to its page, a fetcher stays where it is. */
export default function Subscribe() {
  return null;
}

/** A plain (no-JS) form's failure: the reason and a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ActionFailureBoundary title="Подписка не изменена" error={error} />;
}
