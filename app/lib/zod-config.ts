/**
 * Zod compiles object parsers with `new Function` where it may, and probes for that once; the pages'
 * Content-Security-Policy forbids eval, so in the browser the probe fails and is reported as a CSP violation on
 * every page (docs/decisions/0022-security-headers.md). Parsing without compiled parsers skips the probe. zod reads
 * its settings from `globalThis.__zod_globalConfig` (the same object `z.config()` writes), so this module sets them
 * without importing zod: the shell's first load carries no zod (docs/decisions/0041-lighthouse-performance.md).
 * app/entry.server.tsx sets the same in an inline script before any module runs; app/root.tsx imports this module
 * first for every other context (tests, the server).
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
