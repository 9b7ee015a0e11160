import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { GatewayConfig, MapTilesConfig } from './config.ts';
import { GRAPHIQL_PATH } from './graphiql.ts';
import { servedOverHttps } from './session.ts';

/** Leaflet's default `subdomains`, which the web's TileLayer keeps: what `{s}` of MAP_TILE_URL becomes. */
const TILE_SUBDOMAINS = ['a', 'b', 'c'];

/**
 * The origins the dashboard map's tiles come from: MAP_TILE_URL's, with `{s}` as each subdomain Leaflet puts
 * there. Any other placeholder in the address of the server would make origins the policy cannot list.
 */
export function tileOrigins(tiles: MapTilesConfig): string[] {
  if (tiles.url === null) return [];
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(tiles.url)?.[0] ?? tiles.url;
  const placeholders = origin.match(/\{[^}]*\}/g) ?? [];
  if (placeholders.some((placeholder) => placeholder !== '{s}')) {
    throw new Error(
      `MAP_TILE_URL may vary its server's address by {s} only (the Content-Security-Policy lists every origin of the tiles), got '${tiles.url}'`,
    );
  }
  const addresses =
    placeholders.length === 0 ? [origin] : TILE_SUBDOMAINS.map((name) => origin.replaceAll('{s}', name));
  return [...new Set(addresses.map((address) => new URL(address).origin))];
}

/**
 * emotion (Chakra's styles) adds empty `<style>` elements and fills them through the CSSOM (insertRule), which
 * the policy does not govern: the hash of the empty text allows those elements, and no inline style else.
 */
const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/** The web app's policy, which every answer of the gateway carries (the app's files and the graph's JSON). */
export function contentSecurityPolicy(tiles: MapTilesConfig): Record<string, string[]> {
  const tileSources = tileOrigins(tiles);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", EMPTY_STYLE_HASH],
    // Leaflet blanks the tiles it removes with a data: GIF.
    'img-src': ["'self'", ...(tileSources.length > 0 ? ['data:', ...tileSources] : [])],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * GraphiQL's dialogs (Radix, through react-remove-scroll-bar 2.3) lock the page's scroll with one `<style>`
 * element whose text depends on the scrollbar's width: the explorer's page never scrolls its body
 * (graphiql-page.css), so the text is always the zero-width one, whose hash this is.
 */
const GRAPHIQL_SCROLL_LOCK_STYLE_HASH = "'sha256-nzTgYzXYDNe6BAHiiI7NNlfK8n/auuOAhh2t92YvuXo='";

/**
 * The GraphQL explorer's page (`/graphiql`) adds to the app's policy only what GraphiQL needs: the one style
 * element of its dialogs, and data: images (CodeMirror's lint marks in GraphiQL's stylesheet). Its scripts,
 * fonts (the system's) and the graph it calls stay the gateway's own.
 */
export function graphiqlContentSecurityPolicy(tiles: MapTilesConfig): Record<string, string[]> {
  const policy = contentSecurityPolicy(tiles);
  const images = policy['img-src'] ?? ["'self'"];
  return {
    ...policy,
    'style-src': [...(policy['style-src'] ?? ["'self'"]), GRAPHIQL_SCROLL_LOCK_STYLE_HASH],
    'img-src': images.includes('data:') ? images : [...images, 'data:'],
  };
}

export interface SecurityHeadersOptions {
  /** Apollo's landing page on GET /graphql (outside production) loads its sandbox from Apollo's CDN. */
  landingPage: boolean;
}

/**
 * helmet's headers on every answer: the web app's Content-Security-Policy (the GraphQL explorer's page its own,
 * graphiqlContentSecurityPolicy), X-Frame-Options DENY, nosniff, a referrer policy that gives other sites the
 * origin only (OpenStreetMap's tile policy asks for one), and HSTS when the browser came over HTTPS
 * (servedOverHttps). Every answer is `Cache-Control: no-store` unless it
 * says otherwise: the graph, /auth and the files carry a user's data; only the web app's own files are cached.
 */
export function securityHeaders(config: GatewayConfig, options: SecurityHeadersOptions): RequestHandler {
  const base: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config.mapTiles) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  };
  const headers = helmet(base);
  const graphiqlHeaders = helmet({
    ...base,
    contentSecurityPolicy: { useDefaults: false, directives: graphiqlContentSecurityPolicy(config.mapTiles) },
  });
  const landingPageHeaders = helmet({ ...base, contentSecurityPolicy: false });
  const hsts = helmet.strictTransportSecurity();
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    const landingPage = options.landingPage && req.method === 'GET' && req.path === '/graphql';
    const explorer = req.path === GRAPHIQL_PATH || req.path === `${GRAPHIQL_PATH}/`;
    (landingPage ? landingPageHeaders : explorer ? graphiqlHeaders : headers)(req, res, (error?: unknown) => {
      if (error !== undefined) return next(error);
      if (!servedOverHttps(req, config)) return next();
      hsts(req, res, next);
    });
  };
}
