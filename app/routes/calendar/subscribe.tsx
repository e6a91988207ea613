import { redirect } from "react-router";
import { ActionFailurePage } from "#app/components/action-failure";
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

export default function SubscribeResult({ actionData }: Route.ComponentProps) {
  if (!actionData || actionData.ok) return null;
  return <ActionFailurePage title="Подписка не изменена" detail={actionData.detail} />;
}
