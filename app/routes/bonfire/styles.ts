import lightboxCss from "#app/styles/lightbox.css?url";
import bonfireCss from "#app/styles/pages/bonfire.css?url";
import postCss from "#app/styles/pages/post.css?url";
import postsListCss from "#app/styles/pages/posts-list.css?url";

/**
 * The stylesheets of every page that shows shout cards (the bonfire, a shout, tag and profile lists, pictures):
 * cards, paws and the pinned strips (posts-list), video embeds (post), the bonfire and the lightbox.
 * Not a route module (routes.ts does not list it).
 */
export const SHOUT_STYLES = [postsListCss, postCss, bonfireCss, lightboxCss].map((href) => ({
  rel: "stylesheet",
  href,
}));
