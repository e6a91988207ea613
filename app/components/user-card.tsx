import { Form } from "react-router";
import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import { adminLinks } from "./admin-nav";
import { Avatar } from "./avatar";
import { CsrfField } from "./csrf-field";
import { IconAlert, IconSettings, IconSignIn, IconSignOut } from "./icons";
import { ThemeToggle } from "./theme-toggle";

/** Sign-out button: a POST form to /auth/sign-out with the CSRF field. */
export function SignOutButton({ className = "btn btn-ghost" }: { className?: string }) {
  return (
    <Form method="post" action="/auth/sign-out" className="sign-out-form">
      <CsrfField />
      <button type="submit" className={className} aria-label="Выйти" title="Выйти">
        <IconSignOut size={18} />
        <span>Выйти</span>
      </button>
    </Form>
  );
}

/** The member's card (avatar, name, theme toggle, settings, sign-out) or, for a guest, sign-in links. */
export function UserCard() {
  const { user } = useRootData();
  const admin = adminLinks(user)[0];
  if (!user) {
    return (
      <div className="user-card user-card-guest">
        <div className="user-card-text">
          <p className="user-card-title">Добро пожаловать!</p>
          <p className="muted">Войдите, чтобы писать статьи, записки и ставить лапки.</p>
        </div>
        <div className="user-card-actions">
          <Link to="/auth/sign-in" className="btn btn-primary">
            <IconSignIn size={18} />
            <span>Войти</span>
          </Link>
          <Link to="/auth/sign-up" className="btn btn-ghost">
            Регистрация
          </Link>
          <ThemeToggle />
        </div>
      </div>
    );
  }
  return (
    <div className="user-card">
      <Link to={`/users/${user.id}`} className="user-card-profile">
        <Avatar user={user} size={40} decorative />
        <span className="user-card-name">{user.username}</span>
      </Link>
      <div className="user-card-actions">
        <ThemeToggle />
        <Link to={`/users/${user.id}/settings`} className="btn-icon" aria-label="Настройки" title="Настройки">
          <IconSettings />
        </Link>
        {admin ? (
          <Link to={admin.to} className="btn-icon" aria-label="Администрирование" title="Администрирование">
            <IconAlert />
          </Link>
        ) : null}
        <SignOutButton className="btn-icon" />
      </div>
    </div>
  );
}
