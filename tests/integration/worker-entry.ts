/**
 * The tests' Worker is the Worker: API, realtime, media and the React Router pages (vitest.config.ts adds the
 * React Router plugin, which serves the server build in development mode).
 */
export { default, SiteChannel } from "#workers/app";
