import shoutsCss from "#app/styles/bundles/shouts.css?url";

/**
 * The stylesheet of every page that shows shout cards (the bonfire, a shout, tag and profile lists, pictures): one
 * file bundling cards, paws and the pinned strips (posts-list), video embeds (post), the bonfire and the lightbox
 * (app/styles/bundles/shouts.css). Not a route module (routes.ts does not list it).
 */
export const SHOUT_STYLES = [{ rel: "stylesheet", href: shoutsCss }];
