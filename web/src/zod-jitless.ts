import { config } from 'zod/v4';

/**
 * zod compiles object parsers with `new Function` when it may, and probes whether it may by trying, as each
 * object schema is built: under the portal's Content-Security-Policy (no 'unsafe-eval') that probe is a reported
 * violation. Parsers built without eval are as correct. The bundles resolve `zod` to this module
 * (vite/zodJitless.ts), so the setting comes first wherever zod is imported.
 */
config({ jitless: true });

export * from 'zod/v4';
