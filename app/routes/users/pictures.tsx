import { Link } from "react-router";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { pageTitle } from "#app/lib/meta";
import profileCss from "#app/styles/pages/profile.css?url";
import { getUserById } from "#workers/core/accounts/profile";
import type { Route } from "./+types/pictures";
import { EmptyState } from "./profile-parts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: profileCss }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData ? `Картинки: ${loaderData.user.username}` : "Картинки", matches) },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const row = await getUserById(getCtx(context), params.id).catch(loaderError);
  return { user: { id: row.id, username: row.username } };
}

/** The member's pictures from shouts (they arrive with the bonfire issue). */
export default function Pictures({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <main className="page page-pictures">
      <p className="back-link">
        <Link to={`/users/${user.id}`}>← Профиль пользователя {user.username}</Link>
      </p>
      <h1>Картинки пользователя {user.username}</h1>
      <EmptyState title="Картинок пока нет.">Здесь появятся картинки из записок этого пользователя.</EmptyState>
    </main>
  );
}
