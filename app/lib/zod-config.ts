import { z } from "zod";

/**
 * Zod compiles object parsers with `new Function` where it may, and probes for that once; the pages'
 * Content-Security-Policy forbids eval, so in the browser the probe fails and is reported as a CSP violation on
 * every page (docs/decisions/0022-security-headers.md). Parsing without compiled parsers skips the probe. The
 * setting must precede the first schema: app/root.tsx imports this module first.
 */
z.config({ jitless: true });
