/**
 * The workerd tests run as a few suites, not file by file. Every test file gets a fresh isolate, which imports the
 * whole Worker and applies every migration (about 9 s a file on a 2-core machine); a suite pays that once for all of
 * its member files. The members of a suite run one after another, in the order listed here, on one database, one
 * R2 bucket and the Worker's module state; only the site settings and the menu are put back after each file
 * (./run.ts). So a test must not count on a table holding only its own rows: it looks at its own rows (its own
 * users, posts, ids), or at what changed, and a file that changes something site-wide puts it back.
 *
 * A new test file goes into the suite of its area; vitest.config.ts refuses to start while a tests/integration
 * file is in no suite or in two. `TEST_FILES=each npx vitest run tests/integration/x.test.ts` runs one file alone,
 * on a database of its own.
 *
 * Plain JavaScript: vitest.config.ts (Node) reads it as well as the suites (workerd); types in index.d.mts.
 */
/** @type {Record<string, readonly string[]>} */
export const SUITES = {
  // Sign-up, sign-in, sessions, CSRF, profiles. sign-up and social-sign-in switch invitation-only sign-up on and
  // back off; csrf-and-session checks that refused requests change no site setting.
  accounts: [
    "csrf-and-session",
    "csrf-binding",
    "sessions",
    "d1-sessions",
    "session-read-ahead",
    "coalesced-reads",
    "prepared-reads",
    "sign-up",
    "confusable-names",
    "sign-in",
    "sign-in-brute-force",
    "password-reset",
    "invitations",
    "social-sign-in",
    "social-accounts",
    "profile",
    "text-normalisation",
    "ru-dates",
    "security-headers",
    "redirects",
    "router-matching",
  ],
  // Posts, comments, paws, bookmarks, tags, uploads.
  posts: [
    "post-body",
    "markup",
    "sidecar",
    "posts",
    "posts-rules",
    "posts-home",
    "comments",
    "comment-threads",
    "deep-nesting",
    "paws",
    "bookmarks",
    "tags",
    "draft-tags",
    "list-queries",
    "media",
    "image-bombs",
  ],
  // The bonfire (shouts), notifications, the realtime channel, web push, activity, roles.
  bonfire: [
    "shouts",
    "shout-comments",
    "shout-media",
    "shout-privacy",
    "notifications",
    "realtime-client",
    "realtime-channel",
    "realtime-events",
    "realtime-shards",
    "ws-origin",
    "push",
    "activity",
    "roles",
  ],
  // Moderation, the audit log, site configuration. hostile-bodies comes first: it compares every table before and
  // after each of its requests, so it wants a small database and no other file's background work still running.
  moderation: [
    "hostile-bodies",
    "moderation-walk",
    "api-basics",
    "config",
    "menu-links",
    "audit-log",
    "reports",
    "moderation-sanctions",
    "moderation-members",
  ],
  // The release calendar, the news feed, search.
  "calendar-feed-search": [
    "calendar-api",
    "calendar-pages",
    "calendar-reminders",
    "calendar-dates",
    "feed-grouping",
    "feed-ingest",
    "feed-pages",
    "search",
    "search-highlight",
    "search-ranking",
    "search-word-forms",
    "queue-reindex",
  ],
  // Yearly recap, seasonal effects, medals, donations, Secret Santa, the page caches, queued and scheduled jobs.
  // scheduled and retention come last: they run jobs over the whole database on clocks years ahead.
  "site-and-jobs": [
    "effects",
    "recap",
    "medals",
    "donations-page",
    "donations-supporters",
    "donations-webhooks",
    "santa-match",
    "santa-flow",
    "santa-visibility",
    "page-cache",
    "page-cache-params",
    "style-preload",
    "zone-purge",
    "queue-consumer",
    "queue-fanout",
    "scheduled",
    "retention",
  ],
};

/**
 * What is wrong with the suites, given the names of the files in tests/integration (`x.test.ts`) and in
 * tests/integration/suites: a test file in no suite or in two, a member that is no file, a suite without its file.
 */
export function suiteProblems(testFiles, suiteFiles) {
  const problems = [];
  const seen = new Map();
  for (const [suite, members] of Object.entries(SUITES)) {
    if (!suiteFiles.includes(`${suite}.test.ts`)) problems.push(`suite ${suite} has no file suites/${suite}.test.ts`);
    for (const member of members) {
      const other = seen.get(member);
      if (other) problems.push(`${member}.test.ts is in two suites: ${other} and ${suite}`);
      seen.set(member, suite);
      if (!testFiles.includes(`${member}.test.ts`)) problems.push(`suite ${suite} lists ${member}, which is no file`);
    }
  }
  for (const file of testFiles) {
    if (!seen.has(file.replace(/\.test\.ts$/, "")))
      problems.push(`${file} is in no suite (tests/integration/suites/index.mjs)`);
  }
  for (const file of suiteFiles) {
    if (file.endsWith(".test.ts") && !(file.replace(/\.test\.ts$/, "") in SUITES)) {
      problems.push(`suites/${file} is no suite of tests/integration/suites/index.mjs`);
    }
  }
  return problems;
}
