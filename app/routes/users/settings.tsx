import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { PushSettings } from "#app/components/push-settings";
import {
  asFailure,
  asSuccess,
  CheckboxField,
  errorsFor,
  Field,
  FormErrors,
  type FormSuccess,
  SelectField,
  SubmitButton,
  SuccessMessage,
  valueFor,
} from "#app/components/form";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pluralize } from "#workers/core/shared/plural";
import type { UserRow } from "#drizzle/schema";
import {
  INVITATION_DAYS,
  INVITATION_QUOTA,
  SETTING_KEYS,
  SETTINGS,
  THEME_TITLES,
  THEMES,
  USERNAME_MAX,
  USERNAME_MIN,
} from "#workers/core/accounts/accounts.constants";
import { can } from "#workers/core/accounts/accounts.policy";
import { serializeCurrentUser } from "#workers/core/accounts/accounts.serializers";
import {
  createInvitation,
  getUserById,
  listInvitations,
  removeAvatar,
  removeBackground,
  renameUser,
  updateProfile,
  uploadAvatar,
  uploadBackground,
} from "#workers/core/accounts/profile";
import { listSessions, revokeOtherSessions } from "#workers/core/accounts/sessions";
import { AppError } from "#workers/core/errors";
import { UPLOAD_MAX_BYTES } from "#workers/core/shared/media";
import type { Route } from "./+types/settings";
import { LocalDate } from "./profile-parts";

const INTENTS = [
  "theme",
  "settings",
  "rename",
  "avatar",
  "avatar-remove",
  "background",
  "background-remove",
  "invitation",
  "revoke-sessions",
] as const;
type Intent = (typeof INTENTS)[number];

const DAY_FORMS = ["день", "дня", "дней"] as const;
const UPLOAD_MAX_MB = Math.round(UPLOAD_MAX_BYTES / 1024 / 1024);

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) {
    const back = new URL(request.url).pathname;
    throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(back)}`);
  }
  const target = await getUserById(ctx, params.id).catch(loaderError);
  if (!can(ctx.actor, "view-settings", target)) {
    throw data({ detail: "Настройки видны только владельцу профиля." }, { status: 403 });
  }
  const isOwn = target.id === ctx.actor.id;
  const user = serializeCurrentUser(target);
  return {
    isOwn,
    canConfigureSite: isOwn && can(ctx.actor, "change-config"),
    user: {
      id: user.id,
      username: user.username,
      theme: user.theme,
      settings: user.settings,
      avatar: user.avatar.big,
      hasAvatar: !!target.avatarKey,
      background_url: user.background_url,
    },
    // Invitations belong to the signed-in member; an admin looking at someone else's settings sees none.
    invitations: isOwn ? await listInvitations(ctx) : [],
    sessions: isOwn ? await listSessions(ctx) : [],
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getCtx(context);
  const values: Record<string, string> = {};
  return runAction(async (): Promise<FormSuccess> => {
    const form = await readForm(request, ctx);
    Object.assign(values, formFields(form));
    if (!ctx.actor) throw new AppError("unauthenticated");
    // The services change the signed-in member; never let a POST to someone else's page change one's own.
    if (String(ctx.actor.id) !== params.id) {
      throw new AppError("forbidden", "Изменять можно только свои настройки.");
    }
    const intent = values.intent as Intent | undefined;
    const ok = (message: string): FormSuccess => ({ ok: true, intent, message });
    // Loaders of the same request (root: theme, avatar in the toolbar) read ctx.actor: keep it current, so a
    // page rendered without JavaScript already shows the change.
    const fresh = (row: UserRow): UserRow => {
      ctx.actor = row;
      return row;
    };
    switch (intent) {
      case "theme":
        fresh(await updateProfile(ctx, { theme: values.theme }));
        return ok("Тема сохранена.");
      case "settings": {
        const settings = Object.fromEntries(SETTING_KEYS.map((key) => [key, form.get(key) === "on"]));
        fresh(await updateProfile(ctx, { settings }));
        return ok("Настройки сохранены.");
      }
      case "rename": {
        const before = ctx.actor.username;
        const user = fresh(await renameUser(ctx, { username: values.username ?? "" }));
        return ok(user.username === before ? "Имя не изменилось." : `Имя изменено: теперь вы ${user.username}.`);
      }
      case "avatar":
        fresh(await uploadAvatar(ctx, form.get("avatar")));
        return ok("Аватар обновлён.");
      case "avatar-remove":
        fresh(await removeAvatar(ctx));
        return ok("Аватар удалён.");
      case "background":
        fresh(await uploadBackground(ctx, form.get("background")));
        return ok("Фон профиля обновлён.");
      case "background-remove":
        fresh(await removeBackground(ctx));
        return ok("Фон профиля удалён.");
      case "invitation": {
        const invitation = await createInvitation(ctx, { days: values.days });
        return ok(`Приглашение создано: код ${invitation.code}.`);
      }
      case "revoke-sessions": {
        const { revoked } = await revokeOtherSessions(ctx);
        return ok(
          revoked ? `Завершено ${pluralize(revoked, ["сеанс", "сеанса", "сеансов"])}.` : "Других сеансов не было.",
        );
      }
      default:
        throw new AppError("invalid", "Неизвестное действие формы. Обновите страницу и попробуйте ещё раз.");
    }
  }, values);
}

/** A readable device name from a User-Agent header. */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Неизвестное устройство";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /YaBrowser/.test(userAgent)
      ? "Яндекс Браузер"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : "Браузер";
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser}, ${os}` : browser;
}

/** One section's result: its success message or its failure (other sections' results are ignored). */
function useSection(actionData: unknown, intents: Intent | Intent[]) {
  const list = Array.isArray(intents) ? intents : [intents];
  const success = list.map((intent) => asSuccess(actionData, intent)).find(Boolean) ?? null;
  const failure = list.map((intent) => asFailure(actionData, intent)).find(Boolean) ?? null;
  return { success, failure };
}

/** Clears a form (file inputs) after its successful submission. */
function useResetOnSuccess(success: FormSuccess | null) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (success) ref.current?.reset();
  }, [success]);
  return ref;
}

function IntentField({ intent }: { intent: Intent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

/** Upload and remove forms for one profile image (avatar or background), with its preview. */
function ImageUploadSection(props: {
  kind: "avatar" | "background";
  title: string;
  preview: React.ReactNode;
  fieldLabel: string;
  hint: string;
  removeLabel: string;
  hasCurrent: boolean;
  readOnly: boolean;
  wide?: boolean;
  actionData: unknown;
}) {
  const { kind, actionData, readOnly } = props;
  const removeIntent = `${kind}-remove` as const;
  const section = useSection(actionData, [kind, removeIntent]);
  const formRef = useResetOnSuccess(asSuccess(actionData, kind));
  const headingId = `settings-${kind}`;
  return (
    <section className="card settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{props.title}</h3>
      <div className={props.wide ? "settings-media settings-media-wide" : "settings-media"}>
        {props.preview}
        <div className="settings-media-forms">
          <Form method="post" encType="multipart/form-data" className="form" ref={formRef} aria-labelledby={headingId}>
            <fieldset disabled={readOnly}>
              <CsrfField />
              <IntentField intent={kind} />
              <FormErrors failure={asFailure(actionData, kind)} fields={[kind]} />
              <Field
                label={props.fieldLabel}
                name={kind}
                type="file"
                accept="image/*"
                required
                hint={props.hint}
                errors={errorsFor(section.failure, kind)}
              />
              <div className="form-actions">
                <SubmitButton intent={kind} pendingText="Загружаем…">
                  Загрузить
                </SubmitButton>
              </div>
            </fieldset>
          </Form>
          {props.hasCurrent ? (
            <Form method="post" className="form form-inline">
              <fieldset disabled={readOnly}>
                <CsrfField />
                <IntentField intent={removeIntent} />
                <FormErrors failure={asFailure(actionData, removeIntent)} />
                <SubmitButton intent={removeIntent} variant="danger" pendingText="Удаляем…">
                  {props.removeLabel}
                </SubmitButton>
              </fieldset>
            </Form>
          ) : null}
          <SuccessMessage message={section.success?.message} />
        </div>
      </div>
    </section>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { user, isOwn, invitations, canConfigureSite, sessions } = loaderData;
  const sessionsResult = useSection(actionData, "revoke-sessions");
  const theme = useSection(actionData, "theme");
  const flags = useSection(actionData, "settings");
  const rename = useSection(actionData, "rename");
  const invitation = useSection(actionData, "invitation");
  // A failure no section claims (an expired CSRF token is refused before the form is read, say).
  const anyFailure = asFailure(actionData);
  const orphan =
    anyFailure && !(INTENTS as readonly string[]).includes(anyFailure.values?.intent ?? "") ? anyFailure : null;
  // A page of another member (an admin looking) is read-only: the services only change one's own profile.
  const readOnly = !isOwn;

  return (
    <div className="settings">
      <h2>Настройки</h2>
      <FormErrors failure={orphan} />
      {canConfigureSite ? (
        <p className="info">
          Вы администратор: название сайта, правила и меню — в <Link to="/admin/site">настройках сайта</Link>.
        </p>
      ) : null}
      {readOnly ? (
        <p className="info" role="note">
          Вы смотрите настройки пользователя {user.username}. Изменять можно только свои настройки.
        </p>
      ) : null}

      <section className="card settings-section" aria-labelledby="settings-theme">
        <h3 id="settings-theme">Оформление</h3>
        <Form method="post" className="form" aria-labelledby="settings-theme">
          <fieldset disabled={readOnly}>
            <CsrfField />
            <IntentField intent="theme" />
            <FormErrors failure={theme.failure} fields={["theme"]} />
            <SelectField
              label="Тема"
              name="theme"
              defaultValue={user.theme}
              key={user.theme}
              errors={errorsFor(theme.failure, "theme")}
            >
              {THEMES.map((name) => (
                <option key={name} value={name}>
                  {THEME_TITLES[name]}
                </option>
              ))}
            </SelectField>
            <div className="form-actions">
              <SubmitButton intent="theme" pendingText="Сохраняем…">
                Сохранить тему
              </SubmitButton>
              <SuccessMessage message={theme.success?.message} />
            </div>
          </fieldset>
        </Form>
      </section>

      <section className="card settings-section" aria-labelledby="settings-flags">
        <h3 id="settings-flags">Настройки</h3>
        <Form method="post" className="form" aria-labelledby="settings-flags">
          <fieldset disabled={readOnly}>
            <CsrfField />
            <IntentField intent="settings" />
            <FormErrors failure={flags.failure} />
            <div className="settings-flags">
              {SETTING_KEYS.map((key) => (
                <CheckboxField
                  key={`${key}-${user.settings[key]}`}
                  name={key}
                  label={SETTINGS[key].label}
                  defaultChecked={user.settings[key]}
                  errors={errorsFor(flags.failure, `settings.${key}`)}
                />
              ))}
            </div>
            <div className="form-actions">
              <SubmitButton intent="settings" pendingText="Сохраняем…">
                Сохранить настройки
              </SubmitButton>
              <SuccessMessage message={flags.success?.message} />
            </div>
          </fieldset>
        </Form>
      </section>

      {isOwn ? <PushSettings /> : null}

      <section className="card settings-section" aria-labelledby="settings-name">
        <h3 id="settings-name">Имя</h3>
        <Form method="post" className="form" aria-labelledby="settings-name">
          <fieldset disabled={readOnly}>
            <CsrfField />
            <IntentField intent="rename" />
            <FormErrors failure={rename.failure} fields={["username"]} />
            <Field
              label="Имя пользователя"
              name="username"
              autoComplete="username"
              required
              minLength={USERNAME_MIN}
              maxLength={USERNAME_MAX}
              defaultValue={valueFor(rename.failure, "username") ?? user.username}
              key={rename.failure ? "failed" : user.username}
              hint={`От ${USERNAME_MIN} до ${USERNAME_MAX} символов: буквы, цифры, «_», «-», «.».`}
              errors={errorsFor(rename.failure, "username")}
            />
            <div className="form-actions">
              <SubmitButton intent="rename" pendingText="Сохраняем…">
                Сменить имя
              </SubmitButton>
              <SuccessMessage message={rename.success?.message} />
            </div>
          </fieldset>
        </Form>
      </section>

      <ImageUploadSection
        kind="avatar"
        title="Аватар"
        preview={
          <img className="settings-avatar-preview" src={user.avatar} alt="Текущий аватар" width={100} height={100} />
        }
        fieldLabel="Новый аватар"
        hint={`JPEG, PNG, GIF или WebP до ${UPLOAD_MAX_MB} МБ; картинка обрежется до квадрата.`}
        removeLabel="Удалить аватар"
        hasCurrent={user.hasAvatar}
        readOnly={readOnly}
        actionData={actionData}
      />

      <ImageUploadSection
        kind="background"
        title="Фон профиля"
        wide
        preview={
          user.background_url ? (
            <img className="settings-background-preview" src={user.background_url} alt="Текущий фон профиля" />
          ) : (
            <div
              className="settings-background-preview profile-header-gradient"
              role="img"
              aria-label="Фон не выбран"
            />
          )
        }
        fieldLabel="Новый фон"
        hint={`JPEG, PNG, GIF или WebP до ${UPLOAD_MAX_MB} МБ; лучше широкая картинка.`}
        removeLabel="Удалить фон"
        hasCurrent={!!user.background_url}
        readOnly={readOnly}
        actionData={actionData}
      />

      {isOwn ? (
        <section className="card settings-section" aria-labelledby="settings-invitations">
          <h3 id="settings-invitations">Приглашения</h3>
          <p className="muted">
            Пригласите друга: код действует один раз. Одновременно можно держать до{" "}
            {pluralize(INVITATION_QUOTA, [
              "действующего приглашения",
              "действующих приглашений",
              "действующих приглашений",
            ])}
            .
          </p>
          {invitations.length ? (
            <table className="invitations">
              <thead>
                <tr>
                  <th scope="col">Код</th>
                  <th scope="col">Ссылка</th>
                  <th scope="col">Срок</th>
                  <th scope="col">Состояние</th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((item) => {
                  const state = item.is_used ? "used" : item.is_expired ? "expired" : "active";
                  return (
                    <tr key={item.code} className={`invitation invitation-${state}`}>
                      <td>
                        <code>{item.code}</code>
                      </td>
                      <td>
                        {state === "active" ? (
                          <input
                            className="invitation-link"
                            type="text"
                            readOnly
                            value={item.url}
                            aria-label={`Ссылка приглашения ${item.code}`}
                            onFocus={(event) => event.currentTarget.select()}
                          />
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                      <td>
                        до <LocalDate value={item.datetime_expires} withTime />
                      </td>
                      <td>{state === "used" ? "Использовано" : state === "expired" ? "Истекло" : "Действует"}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <p className="empty">Вы ещё никого не приглашали.</p>
          )}
          <Form method="post" className="form form-row" aria-labelledby="settings-invitations">
            <CsrfField />
            <IntentField intent="invitation" />
            <SelectField
              label="Срок действия"
              name="days"
              defaultValue={valueFor(invitation.failure, "days") ?? "7"}
              errors={errorsFor(invitation.failure, "days")}
            >
              {INVITATION_DAYS.map((days) => (
                <option key={days} value={days}>
                  {pluralize(days, DAY_FORMS)}
                </option>
              ))}
            </SelectField>
            <div className="form-actions">
              <SubmitButton intent="invitation" pendingText="Создаём…">
                Создать приглашение
              </SubmitButton>
            </div>
            <FormErrors failure={invitation.failure} fields={["days"]} />
            <SuccessMessage message={invitation.success?.message} />
          </Form>
        </section>
      ) : null}

      {isOwn ? (
        <section className="card settings-section" aria-labelledby="settings-sessions">
          <h3 id="settings-sessions">Сеансы</h3>
          <p className="muted">
            Где выполнен вход в ваш аккаунт. Если видите незнакомое устройство — завершите остальные сеансы и смените
            пароль.
          </p>
          <ul className="session-list">
            {sessions.map((session) => (
              <li key={session.id} className="session-item">
                <span className="session-device">{describeDevice(session.user_agent)}</span>
                <span className="muted">
                  {session.is_current ? (
                    "этот сеанс"
                  ) : (
                    <>
                      последний вход <LocalDate value={session.datetime_last_used} withTime />
                    </>
                  )}
                  {session.ip ? ` · ${session.ip}` : ""}
                </span>
              </li>
            ))}
          </ul>
          <Form method="post" className="form">
            <CsrfField />
            <IntentField intent="revoke-sessions" />
            <FormErrors failure={sessionsResult.failure} />
            <SubmitButton
              intent="revoke-sessions"
              variant="secondary"
              disabled={sessions.length < 2}
              pendingText="Завершаем…"
            >
              Завершить все другие сеансы
            </SubmitButton>
            <SuccessMessage message={sessionsResult.success?.message} />
          </Form>
        </section>
      ) : null}

      {isOwn ? (
        <section className="settings-section settings-sign-out">
          <Form method="post" action="/auth/sign-out">
            <CsrfField />
            <SubmitButton variant="secondary" pendingText="Выходим…">
              Выйти из аккаунта
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
