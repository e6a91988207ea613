// The page types the benchmarks measure, in one list for `npm run bench` (run.mjs), `npm run bench:ab` (ab.mjs) and
// the CPU profiles (profile-build.mjs). Three of them need a look-up in the dataset (the busiest tag, the most
// prolific author, the newest shout with a picture): run.mjs asks the database; the others take the pages the
// bench dataset's seed gives them (the defaults below).
import { HOT_POST_ID, MEDIUM_POST_ID, postSlug } from "./dataset.mjs";

/** What bench:ab and the profiles use for the pages that need a look-up. */
export const KNOWN_PAGES = { tag: "retro", author: 2, shout: 200_000 };

/**
 * Page types: `id`, `name` (as docs/benchmarks.md names it), `path`; `cached` ones also run as served to guests from
 * the page cache. `medium` false leaves out the 100-comment post (a dataset seeded before it existed).
 */
export function benchPages({ tag, author, shout } = KNOWN_PAGES, { medium = true } = {}) {
  return [
    { id: "home", name: "`/`", path: "/", cached: true },
    ...(medium
      ? [{ id: "post100", name: "post, 100 comments", path: `/posts/${postSlug(MEDIUM_POST_ID)}`, cached: true }]
      : []),
    { id: "hot", name: "hot post, 1,000 comments", path: `/posts/${postSlug(HOT_POST_ID)}`, cached: true },
    { id: "bonfire", name: "`/bonfire`", path: "/bonfire", cached: true },
    { id: "shout", name: "shout", path: `/bonfire/${shout}`, cached: true },
    { id: "tag", name: "tag (busiest)", path: `/tags/${tag}`, cached: true },
    { id: "profile", name: "profile (most posts)", path: `/users/${author}`, cached: true },
    // Search results are never cached (decision 0031): a guest's search is always a full render.
    { id: "search", name: "search «вступлением» (every post)", path: `/search?q=${encodeURIComponent("вступлением")}` },
    { id: "calendar", name: "`/calendar` (5,000 games)", path: "/calendar", cached: true },
    { id: "year", name: "`/year`", path: "/year", cached: true },
    // The shell's own cost: a page with a small form and no list (not in docs/benchmarks.md's table).
    { id: "sign-in", name: "sign-in", path: "/auth/sign-in", shellOnly: true },
  ];
}

/**
 * Every page as a guest (`id`) and as the bench's member (`member-id`), for bench:ab and the profiles: the member's
 * requests carry `member: true`.
 */
export function pageScenarios() {
  return benchPages().flatMap((page) => [
    { id: page.id, path: page.path },
    ...(page.shellOnly ? [] : [{ id: `member-${page.id}`, path: page.path, member: true }]),
  ]);
}
