import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getText, post, startTestGateway, type TestGateway, tempDir } from './helpers.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div><!-- portal index --></body></html>';
const ASSET = 'console.log("portal");';
const SW = 'self.addEventListener("fetch", () => {});';

const dist = tempDir('gateway-web-dist-');

let gateway: TestGateway;
let withoutWeb: TestGateway;
beforeAll(async () => {
  dist.write('index.html', INDEX);
  dist.write('sw.js', SW);
  const { mkdirSync } = await import('node:fs');
  mkdirSync(`${dist.path}/assets`);
  dist.write('assets/index-Bx9fK2aQ.js', ASSET);
  gateway = await startTestGateway({ WEB_DIST_DIR: dist.path });
  withoutWeb = await startTestGateway({ WEB_DIST_DIR: `${dist.path}/missing` });
});
afterAll(async () => {
  await gateway.close();
  await withoutWeb.close();
  dist.remove();
});

describe('the web app', () => {
  it('answers index.html (no-cache) for app routes such as /customer/Login', async () => {
    for (const path of ['/customer/Login', '/mes-etablissements/12', '/']) {
      const page = await getText(`${gateway.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.text).toBe(INDEX);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and /sw.js with no-cache', async () => {
    const asset = await getText(`${gateway.url}/assets/index-Bx9fK2aQ.js`, '*/*');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(ASSET);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const worker = await getText(`${gateway.url}/sw.js`, '*/*');
    expect(worker.status).toBe(200);
    expect(worker.text).toBe(SW);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing file rather than the app', async () => {
    const missing = await getText(`${gateway.url}/assets/missing-123.js`);
    expect(missing.status).toBe(404);
  });

  it('leaves /graphql, /auth and /api to their own handlers', async () => {
    const graph = await post(`${gateway.url}/graphql`, { query: '{ viewer { email } }' });
    expect(graph.body).toMatchObject({ data: { viewer: null } });
    for (const path of ['/graphql', '/auth/token', '/api/users/me']) {
      const page = await getText(`${gateway.url}${path}`);
      expect(page.text).not.toBe(INDEX);
    }
  });

  it('serves only the graph, with a warning, when WEB_DIST_DIR does not exist', async () => {
    expect(withoutWeb.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'web app not built: serving only the graph' }),
    );
    expect((await getText(`${withoutWeb.url}/customer/Login`)).status).toBe(404);
    const graph = await post(`${withoutWeb.url}/graphql`, { query: '{ viewer { email } }' });
    expect(graph.body).toMatchObject({ data: { viewer: null } });
  });
});
