import { NavLink, Outlet } from "react-router";
import { IconCoin } from "#app/components/icons";
import { Link } from "#app/components/link";
import { ProfileModeration } from "#app/components/profile-moderation";
import { ReportLink } from "#app/components/report-link";
import { RoleBadges } from "#app/components/role-badge";
import { ShareButton } from "#app/components/share-button";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import communityCss from "#app/styles/pages/community.css?url";
import profileCss from "#app/styles/pages/profile.css?url";
import socialCss from "#app/styles/social.css?url";
import { can } from "#workers/core/accounts/accounts.policy";
import { serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { profileHeader } from "#workers/core/accounts/profile";
import type { Route } from "./+types/profile";
import { LastSeen, LocalDate, PROFILE_TABS } from "./profile-parts";
import { ProfileSocialAccounts } from "./settings/social-section";

/** social.css: the profile's linked accounts, and the settings page (a child route) with its account buttons. */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: profileCss },
  { rel: "stylesheet", href: communityCss },
  { rel: "stylesheet", href: socialCss },
];

export const meta: Route.MetaFunction = (args) => {
  const name = args.loaderData?.user.username;
  return pageMeta(args, {
    title: name ?? "Профиль",
    description: name ? `Профиль участника ${name}: статьи, записки, комментарии и награды.` : null,
    canonical: ["page"],
  });
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const { user: row, roles, socialAccounts, ignore } = await profileHeader(ctx, params.id).catch(loaderError);
  return {
    user: { ...serializePublicUser(row), social_accounts: socialAccounts },
    roles,
    isOwn: ctx.actor?.id === row.id,
    canSeeSettings: can(ctx.actor, "view-settings", row),
    ignore,
  };
}

function SupporterCoin() {
  return (
    <span className="supporter-coin" title="Поддерживает проект">
      <IconCoin size={28} title="Поддерживает проект" />
    </span>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, roles, isOwn, canSeeSettings, ignore } = loaderData;
  const base = `/users/${user.id}`;
  const tabs = PROFILE_TABS.filter((tab) => !tab.ownOnly || isOwn);
  return (
    <main className="page page-profile">
      <header
        className={`profile-header${user.background_url ? " profile-header-image" : " profile-header-gradient"}`}
        style={user.background_url ? { backgroundImage: `url("${user.background_url}")` } : undefined}
      >
        <div className="profile-header-inner">
          <div className="profile-avatar">
            <img src={user.avatar.big} alt={`Аватар ${user.username}`} width={120} height={120} />
            {user.is_supporter ? <SupporterCoin /> : null}
          </div>
          <div className="profile-info">
            <h1 className="profile-name">
              {user.username}
              {user.is_mod ? <span className="badge badge-mod">Модератор</span> : null}
            </h1>
            <p className="profile-meta">
              <LastSeen userId={user.id} value={user.datetime_last_seen} />
              <span className="profile-joined">
                зарегистрирован(а) <LocalDate value={user.datetime_created} />
              </span>
              <ShareButton
                url={`/users/${user.id}`}
                kind="user"
                text={user.username}
                className="profile-report-link share-button"
              />
              <ReportLink type="user" id={user.id} authorId={user.id} className="profile-report-link" />
            </p>
            <RoleBadges roles={roles} label={`Роли ${user.username}`} />
            {isOwn ? (
              <p className="profile-roles-link">
                <Link to="/roles">{roles.length ? "Роли сообщества" : "Вступить в роли сообщества"}</Link>
              </p>
            ) : null}
            <ProfileSocialAccounts accounts={user.social_accounts} />
            <ProfileModeration userId={user.id} ignore={ignore} />
          </div>
        </div>
      </header>
      <nav className="tabs profile-tabs" aria-label="Разделы профиля">
        {tabs.map((tab) => (
          <NavLink
            key={tab.path}
            to={tab.path ? `${base}/${tab.path}` : base}
            end
            className={({ isActive }) => (isActive ? "tab tab-active" : "tab")}
          >
            {tab.title}
          </NavLink>
        ))}
        <Link to={`${base}/pictures`} className="tab">
          Картинки
        </Link>
        {canSeeSettings ? (
          <NavLink to={`${base}/settings`} end className={({ isActive }) => (isActive ? "tab tab-active" : "tab")}>
            Настройки
          </NavLink>
        ) : null}
      </nav>
      <section className="profile-content">
        <Outlet />
      </section>
    </main>
  );
}
