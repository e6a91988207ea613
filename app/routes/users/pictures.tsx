import { useState } from "react";
import { PageLinks } from "#app/components/feed-paging";
import { Lightbox } from "#app/components/lightbox";
import { Link } from "#app/components/link";
import { shoutUrl } from "#app/components/shout-actions";
import { TimeAgo } from "#app/components/time-ago";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { SHOUT_STYLES } from "#app/routes/bonfire/styles";
import profileCss from "#app/styles/pages/profile.css?url";
import { getUserById } from "#workers/core/accounts/profile";
import { listUserPictures } from "#workers/core/shouts/shouts";
import type { Route } from "./+types/pictures";
import { EmptyState } from "./profile-parts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: profileCss }, ...SHOUT_STYLES];

export const meta: Route.MetaFunction = (args) => {
  const name = args.loaderData?.user.username;
  return pageMeta(args, {
    title: name ? `Картинки: ${name}` : "Картинки",
    description: name ? `Картинки и видео из записок участника ${name}.` : null,
    canonical: ["page"],
  });
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const row = await getUserById(ctx, params.id).catch(loaderError);
  const page = new URL(request.url).searchParams.get("page") || undefined;
  const pictures = await listUserPictures(ctx, row.id, page).catch(loaderError);
  return { user: { id: row.id, username: row.username }, pictures };
}

/**
 * The member's pictures from their shouts, newest first, by page: a grid of thumbnails (each a link to the full
 * picture; with JavaScript it opens the lightbox, which pages through this page's pictures), with a link to the
 * shout it came from.
 */
export default function Pictures({ loaderData }: Route.ComponentProps) {
  const { user, pictures } = loaderData;
  const [open, setOpen] = useState<number | null>(null);
  const list = pictures.results;
  return (
    <main className="page page-pictures">
      <p className="back-link">
        <Link to={`/users/${user.id}`}>← Профиль пользователя {user.username}</Link>
      </p>
      <h1>Картинки пользователя {user.username}</h1>
      {list.length ? (
        <ul className="picture-grid" aria-label="Картинки">
          {list.map((picture, index) => (
            <li key={picture.url} className="picture-cell">
              <a
                className="picture-link"
                href={picture.url}
                target="_blank"
                rel="noopener"
                aria-label={
                  picture.caption ? `Открыть изображение: ${picture.caption}` : `Открыть изображение ${index + 1}`
                }
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  setOpen(index);
                }}
              >
                <img
                  src={picture.thumb_url ?? picture.url}
                  alt={picture.caption}
                  width={picture.width ?? undefined}
                  height={picture.height ?? undefined}
                  loading="lazy"
                  decoding="async"
                />
              </a>
              <p className="picture-meta">
                <Link to={shoutUrl(picture.shout_id)}>к записке</Link>
                <TimeAgo date={picture.datetime} />
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="Картинок пока нет.">Здесь появятся картинки из записок этого пользователя.</EmptyState>
      )}
      <PageLinks next={pictures.next} previous={pictures.previous} nextLabel="Следующая страница" />
      {open !== null ? <Lightbox images={list} index={open} onIndex={setOpen} onClose={() => setOpen(null)} /> : null}
    </main>
  );
}
