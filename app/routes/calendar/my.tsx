import { Form, redirect } from "react-router";
import { platformMap, ReleaseList, SubscribeForm } from "#app/components/calendar-release";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, asSuccess } from "#app/components/form/action-result";
import { SelectField } from "#app/components/form/field";
import { FormErrors, SuccessMessage } from "#app/components/form/form-errors";
import { SubmitButton } from "#app/components/form/submit-button";
import { Link } from "#app/components/link";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { useHydrated } from "#app/lib/hooks";
import { pageMeta } from "#app/lib/meta";
import calendarCss from "#app/styles/pages/calendar.css?url";
import { getCalendarSettings, updateCalendarSettings } from "#workers/core/calendar/calendar.members";
import { listMyReleases, listPlatforms } from "#workers/core/calendar/calendar.read";
import { serializeTile } from "#workers/core/calendar/calendar.serializers";
import { MY_RELEASES_URL } from "#workers/core/calendar/calendar.urls";
import type { Route } from "./+types/my";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarCss }];

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Мои релизы", noindex: true });

/** Time zones offered (the member's reminders come on the release day of their zone). */
const TIME_ZONES: [string, string][] = [
  ["", "Москва (по умолчанию)"],
  ["Europe/Kaliningrad", "Калининград (МСК−1)"],
  ["Europe/Samara", "Самара (МСК+1)"],
  ["Asia/Yekaterinburg", "Екатеринбург (МСК+2)"],
  ["Asia/Omsk", "Омск (МСК+3)"],
  ["Asia/Novosibirsk", "Новосибирск (МСК+4)"],
  ["Asia/Krasnoyarsk", "Красноярск (МСК+4)"],
  ["Asia/Irkutsk", "Иркутск (МСК+5)"],
  ["Asia/Yakutsk", "Якутск (МСК+6)"],
  ["Asia/Vladivostok", "Владивосток (МСК+7)"],
  ["Asia/Magadan", "Магадан (МСК+8)"],
  ["Asia/Kamchatka", "Камчатка (МСК+9)"],
  ["Europe/Minsk", "Минск"],
  ["Asia/Almaty", "Алматы"],
  ["Asia/Tashkent", "Ташкент"],
  ["Asia/Tbilisi", "Тбилиси"],
  ["Asia/Yerevan", "Ереван"],
  ["Europe/Berlin", "Берлин"],
  ["Europe/London", "Лондон"],
  ["America/New_York", "Нью-Йорк"],
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(MY_RELEASES_URL)}`);
  const [releases, settings, platforms] = await Promise.all([
    listMyReleases(ctx, serializeTile).catch(loaderError),
    getCalendarSettings(ctx).catch(loaderError),
    listPlatforms(ctx),
  ]);
  const origin = new URL(request.url).origin;
  return { releases, settings, platforms, feedUrl: `${origin}${settings.feed_url}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let values: Record<string, string> = {};
  return runAction(
    async () => {
      const form = await readForm(request, ctx);
      values = formFields(form);
      if (values.intent === "reset-feed") {
        await updateCalendarSettings(ctx, { reset_feed: true });
        return { ok: true as const, intent: "reset-feed", message: "Новый адрес готов; старый больше не работает." };
      }
      await updateCalendarSettings(ctx, { time_zone: values.time_zone ?? "" });
      return { ok: true as const, intent: "time-zone", message: "Часовой пояс сохранён." };
    },
    () => values,
  );
}

/** The device's own time zone, offered once the page runs in the browser when it is not the one chosen. */
function DeviceZone({ chosen }: { chosen: string | null }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!device || device === (chosen ?? "Europe/Moscow")) return null;
  return (
    <Form method="post" className="form-inline cal-device-zone">
      <CsrfField />
      <input type="hidden" name="intent" value="time-zone" />
      <input type="hidden" name="time_zone" value={device === "Europe/Moscow" ? "" : device} />
      <span className="field-hint">На этом устройстве часовой пояс {device}.</span>
      <SubmitButton intent="time-zone" variant="secondary" className="btn-sm">
        Взять его
      </SubmitButton>
    </Form>
  );
}

/** «Мои релизы»: the followed releases, the reminders' time zone and the private iCalendar feed. */
export default function MyReleases({ loaderData, actionData }: Route.ComponentProps) {
  const { releases, settings, platforms, feedUrl } = loaderData;
  const byId = platformMap(platforms);
  return (
    <main className="page page-calendar page-my-releases">
      <SubscribeForm />
      <p className="cal-back">
        <Link to="/calendar">← Календарь релизов</Link>
      </p>
      <header className="page-header">
        <div className="page-header-text">
          <h1 className="page-title">Мои релизы</h1>
          <p className="page-subtitle">В день выхода придёт уведомление; если дата сдвинется — тоже.</p>
        </div>
      </header>

      <section aria-labelledby="my-upcoming">
        <h2 id="my-upcoming" className="cal-section-title">
          Скоро
        </h2>
        {releases.upcoming.length ? (
          <ReleaseList releases={releases.upcoming} platforms={byId} canSubscribe />
        ) : (
          <p className="empty">
            Вы пока ни за чем не следите. Откройте <Link to="/calendar">календарь</Link> и нажмите на колокольчик у
            игры.
          </p>
        )}
      </section>

      {releases.past.length ? (
        <section aria-labelledby="my-past">
          <h2 id="my-past" className="cal-section-title">
            Уже вышли
          </h2>
          <ReleaseList releases={releases.past} platforms={byId} canSubscribe />
        </section>
      ) : null}

      <section className="card cal-settings" aria-labelledby="my-settings">
        <h2 id="my-settings" className="cal-section-title">
          Напоминания и лента
        </h2>
        <Form method="post" className="form form-inline">
          <CsrfField />
          <input type="hidden" name="intent" value="time-zone" />
          <SelectField
            label="Ваш часовой пояс"
            name="time_zone"
            defaultValue={settings.time_zone ?? ""}
            errors={asFailure(actionData, "time-zone")?.errors.time_zone}
          >
            {TIME_ZONES.map(([value, title]) => (
              <option key={value} value={value}>
                {title}
              </option>
            ))}
            {settings.time_zone && !TIME_ZONES.some(([v]) => v === settings.time_zone) ? (
              <option value={settings.time_zone}>{settings.time_zone}</option>
            ) : null}
          </SelectField>
          <SubmitButton intent="time-zone">Сохранить</SubmitButton>
        </Form>
        <DeviceZone chosen={settings.time_zone} />
        <SuccessMessage message={asSuccess(actionData, "time-zone")?.message} />
        <label className="field-label" htmlFor="my-feed">
          Личная лента iCalendar — добавьте её в Google, Apple или Outlook календарь по ссылке:
        </label>
        <input id="my-feed" className="input cal-feed-url" readOnly value={feedUrl} />
        <p className="field-hint">Ссылка секретная: кто её знает, видит, за чем вы следите.</p>
        <Form method="post" className="form-inline">
          <CsrfField />
          <input type="hidden" name="intent" value="reset-feed" />
          <FormErrors failure={asFailure(actionData, "reset-feed")} />
          <SubmitButton intent="reset-feed" variant="secondary">
            Сменить ссылку
          </SubmitButton>
        </Form>
        <SuccessMessage message={asSuccess(actionData, "reset-feed")?.message} />
      </section>
    </main>
  );
}
