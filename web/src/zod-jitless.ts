import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may, and probes whether it may by trying: under
 * the portal's Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation. Parsers built
 * without eval are as correct. This must run before any schema is built: vite.config.ts puts it in zod's own
 * chunk, which every chunk that builds a schema loads first.
 */
z.config({ jitless: true });
