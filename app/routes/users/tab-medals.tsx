import { PageLinks } from "#app/components/feed-paging";
import { MedalPicture } from "#app/components/medal-picture";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { listUserMedals } from "#workers/core/medals/medals";
import type { Route } from "./+types/tab-medals";
import { EmptyState, findTab, LocalDate, useProfile } from "./profile-parts";
import medalsCss from "./tab-medals.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: medalsCss }];

/** The profile's medals tab (spec §2 sub-page «medals»): each medal with its picture, date and the admin's note. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const page = new URL(request.url).searchParams.get("page") || undefined;
  return { medals: await listUserMedals(ctx, params.id, page).catch(loaderError) };
}

export default function MedalsTab({ loaderData }: Route.ComponentProps) {
  const { user, isOwn } = useProfile();
  const tab = findTab("medals");
  const { medals } = loaderData;
  return (
    <>
      <h2 className="visually-hidden">{tab?.title}</h2>
      {medals.results.length ? (
        <div className="user-medals">
          <ul className="user-medal-list">
            {medals.results.map((award) => (
              <li className="user-medal" key={award.id}>
                <MedalPicture medal={award.medal} size={64} />
                <div className="user-medal-text">
                  <h3 className="user-medal-name">{award.medal.name}</h3>
                  {award.medal.description ? <p className="user-medal-description">{award.medal.description}</p> : null}
                  {award.note ? <p className="user-medal-note">«{award.note}»</p> : null}
                  <p className="user-medal-date">
                    Вручена <LocalDate value={award.datetime} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <PageLinks next={medals.next} previous={medals.previous} />
        </div>
      ) : (
        <EmptyState>{isOwn ? tab?.empty?.own : tab?.empty?.other(user.username)}</EmptyState>
      )}
    </>
  );
}
