import { constants as zlibConstants } from 'node:zlib';
import type { PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * The built files precompressed once at build, at the strongest levels, so the gateway sends them without
 * compressing per request (the app's build and the GraphQL explorer's alike).
 */
export function precompress(): PluginOption {
  return compression({
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
    threshold: 1024,
    logLevel: 'silent',
  });
}
