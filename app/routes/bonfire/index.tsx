import { redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { IconFire, IconPaw, IconScroll } from "#app/components/icons";
import { Link } from "#app/components/link";
import { PinnedShouts } from "#app/components/pinned-shouts";
import { PinnedStrip } from "#app/components/pinned-strip";
import { ShoutComposer, ShoutInvite } from "#app/components/shout-composer";
import { ShoutFeed } from "#app/components/shout-feed";
import { formFields, formFiles, formList, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { useRootData } from "#app/lib/root-data";
import { sidecar } from "#app/lib/sidecar.server";
import { listPinnedPosts } from "#workers/core/posts/posts.lists";
import { createShout, listPinnedShouts, listShouts } from "#workers/core/shouts/shouts";
import type { Route } from "./+types/index";
import { SHOUT_STYLES } from "./styles";

export const links: Route.LinksFunction = () => SHOUT_STYLES;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Костёр",
    description: "Короткие записки участников: мысли, скриншоты, видео и живое общение.",
    canonical: ["type", "page", "cursor"],
  });

/** Spec §2 /bonfire: new shouts (cursor paging) or popular (?type=popular, page numbers); both pinned strips. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const params = new URL(request.url).searchParams;
  const popular = params.get("type") === "popular";
  const cursor = params.get("cursor") || undefined;
  const page = params.get("page") || undefined;
  const [feed, pinnedShouts, pinnedPosts] = await Promise.all([
    listShouts(ctx, popular ? { type: "popular", page } : { cursor }),
    listPinnedShouts(ctx),
    listPinnedPosts(ctx),
  ]).catch(loaderError);
  return {
    feed: sidecar(ctx, "feed", feed),
    pinnedShouts,
    pinned: pinnedPosts.results,
    popular,
    /** New shouts from the channel go on top only here: the «Новое» tab, first page. */
    live: !popular && !cursor && !page,
  };
}

/** Paws and bookmarks keep their own state: the list is not reloaded for them. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/reactions/")) return false;
  return defaultShouldRevalidate;
}

/**
 * A new shout (the composer): a multipart form, with or without JavaScript. Pictures come as `files`, one
 * `caption` per picture (JavaScript only), video links one per line in `videos`. A plain form (`nojs`) is sent
 * back to the bonfire at the new shout; a fetcher gets `{ok, message}` and the list revalidates.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) throw redirect("/auth/sign-in?redirectTo=%2Fbonfire");
  let values: Record<string, string> = {};
  return runAction(
    async () => {
      const form = await readForm(request, ctx);
      values = formFields(form);
      const files = formFiles(form, "files");
      const captions = formList(form, "caption");
      const videos = (values.videos ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      const shout = await createShout(ctx, {
        text: values.text ?? "",
        files,
        captions: captions.length ? captions : undefined,
        videos,
        is_media_hidden: values.is_media_hidden === "on" || values.is_media_hidden === "true",
      });
      if (values.nojs === "1") throw redirect(`/bonfire#shout-${shout.id}`);
      return { ok: true as const, intent: "shout", message: "Записка опубликована.", id: shout.id };
    },
    () => values,
  );
}

const TABS = [
  { popular: false, title: "Новое", to: "/bonfire" },
  { popular: true, title: "Популярное", to: "/bonfire?type=popular" },
] as const;

/** The bonfire (spec §2): pinned posts and shouts, the composer (members) or an invitation, tabs and the list. */
export default function Bonfire({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();
  const [params] = useSearchParams();
  const popular = params.get("type") === "popular";
  const { feed, pinnedShouts, pinned, live } = loaderData;

  return (
    <main className="page page-bonfire">
      <PinnedStrip posts={pinned} />
      <header className="page-header bonfire-header">
        <div className="page-header-text">
          <h1 className="page-title">Костёр</h1>
          <p className="page-subtitle">Короткие записки: мысли, скриншоты, видео и живое общение</p>
        </div>
        <span className="bonfire-header-icon" aria-hidden="true">
          <IconFire size={40} />
        </span>
      </header>

      <PinnedShouts shouts={pinnedShouts} />

      {user ? <ShoutComposer /> : <ShoutInvite />}

      <nav className="tabs bonfire-tabs" aria-label="Сортировка записок">
        {TABS.map((tab) => (
          <Link
            key={tab.title}
            to={tab.to}
            className={`tab${popular === tab.popular ? " is-active" : ""}`}
            aria-current={popular === tab.popular ? "page" : undefined}
          >
            {tab.title}
          </Link>
        ))}
      </nav>

      <ShoutFeed
        feed={feed}
        prepend={live}
        dropMuted
        empty={
          <section className="empty empty-lg card" aria-live="polite">
            <IconScroll size={48} className="empty-icon" />
            <h2 className="empty-title">{popular ? "Популярных записок пока нет" : "Записок пока нет"}</h2>
            <p>
              {user
                ? "Оставьте первую — расскажите, во что играете, или поделитесь скриншотом."
                : "Здесь появятся записки участников. Загляните позже — или присоединяйтесь."}
            </p>
            <ul className="feature-list">
              <li>
                <IconFire size={18} />
                <span>Записки — коротко, с картинками и видео</span>
              </li>
              <li>
                <IconPaw size={18} />
                <span>Лапки и комментарии — как у статей</span>
              </li>
            </ul>
          </section>
        }
      />
    </main>
  );
}
