import { data, Form, redirect } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, FormErrors, type FormSuccess, SubmitButton } from "#app/components/form";
import { Link } from "#app/components/link";
import { PushSettings } from "#app/components/push-settings";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import type { UserRow } from "#drizzle/schema";
import { SETTING_KEYS } from "#workers/core/accounts/accounts.constants";
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
import { listIgnored } from "#workers/core/notifications/ignores";
import { pluralize } from "#workers/core/shared/plural";
import { socialSettings } from "#workers/core/social/social-settings";
import type { Route } from "./+types/settings";
import { AccountsSection } from "./settings/accounts-section";
import { FlagsSection } from "./settings/flags-section";
import { IgnoresSection } from "./settings/ignores-section";
import { AvatarSection, BackgroundSection } from "./settings/image-sections";
import { InvitationsSection } from "./settings/invitations-section";
import { NameSection } from "./settings/name-section";
import { INTENTS, type Intent } from "./settings/section";
import { SessionsSection } from "./settings/sessions-section";
import { SocialSection } from "./settings/social-section";
import { ThemeSection } from "./settings/theme-section";

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
    ignored: isOwn ? await listIgnored(ctx) : [],
    social: isOwn ? await socialSettings(ctx) : null,
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

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { user, isOwn, invitations, canConfigureSite, sessions, ignored, social } = loaderData;
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

      <ThemeSection theme={user.theme} actionData={actionData} readOnly={readOnly} />
      <FlagsSection settings={user.settings} actionData={actionData} readOnly={readOnly} />
      {isOwn ? <PushSettings /> : null}
      <NameSection username={user.username} actionData={actionData} readOnly={readOnly} />
      <AvatarSection avatar={user.avatar} hasAvatar={user.hasAvatar} actionData={actionData} readOnly={readOnly} />
      <BackgroundSection backgroundUrl={user.background_url} actionData={actionData} readOnly={readOnly} />
      {isOwn ? <InvitationsSection invitations={invitations} actionData={actionData} /> : null}
      {isOwn ? <SessionsSection sessions={sessions} actionData={actionData} /> : null}
      {isOwn ? <IgnoresSection userId={user.id} ignored={ignored} /> : null}
      {social ? (
        <AccountsSection userId={user.id} authAccounts={social.authAccounts} providers={social.providers} />
      ) : null}
      {social ? <SocialSection accounts={social.accounts} schemas={social.schemas} /> : null}

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
