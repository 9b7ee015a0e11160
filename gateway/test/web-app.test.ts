import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getText, post, startTestGateway, type TestGateway, tempDir } from './helpers.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div><!-- portal index --></body></html>';
const ASSET = 'console.log("portal");';
const SW = 'self.addEventListener("fetch", () => {});';
const LOGIN = '<!doctype html><html><body><form id="login-form"></form><!-- portal login --></body></html>';

const dist = tempDir('gateway-web-dist-');

let gateway: TestGateway;
let withoutWeb: TestGateway;
beforeAll(async () => {
  dist.write('index.html', INDEX);
  dist.write('sw.js', SW);
  dist.write('login.html', LOGIN);
  const { mkdirSync } = await import('node:fs');
  mkdirSync(`${dist.path}/assets`);
  dist.write('assets/index-Bx9fK2aQ.js', ASSET);
  // As the build leaves them: each asset's brotli and gzip files beside it.
  const { writeFileSync } = await import('node:fs');
  writeFileSync(`${dist.path}/assets/index-Bx9fK2aQ.js.br`, brotliCompressSync(ASSET));
  writeFileSync(`${dist.path}/assets/index-Bx9fK2aQ.js.gz`, gzipSync(ASSET));
  gateway = await startTestGateway({ WEB_DIST_DIR: dist.path });
  withoutWeb = await startTestGateway({ WEB_DIST_DIR: `${dist.path}/missing` });
});
afterAll(async () => {
  await gateway.close();
  await withoutWeb.close();
  dist.remove();
});

describe('the web app', () => {
  it('answers index.html (no-cache) for app routes such as /mes-etablissements/12', async () => {
    for (const path of ['/mes-etablissements/12', '/', '/customer/Password']) {
      const page = await getText(`${gateway.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.text).toBe(INDEX);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the login page, a page of its own (no-cache), at /customer/Login whatever the case', async () => {
    for (const path of [
      '/customer/Login',
      '/customer/login',
      '/CUSTOMER/LOGIN/',
      '/customer/Login?session=expiree',
    ]) {
      const page = await getText(`${gateway.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toBe(LOGIN);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const direct = await request(`${gateway.url}/login.html`);
    expect(direct.statusCode).toBe(301);
    expect(direct.headers.location).toBe('/customer/Login');
    await direct.body.dump();
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

  it("sends the build's compressed file the browser accepts, brotli first, and the plain one otherwise", async () => {
    const fetchAsset = async (encoding: string) => {
      const response = await request(`${gateway.url}/assets/index-Bx9fK2aQ.js`, {
        headers: { 'accept-encoding': encoding },
      });
      return { headers: response.headers, body: Buffer.from(await response.body.arrayBuffer()) };
    };
    const brotli = await fetchAsset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(ASSET);

    const gzip = await fetchAsset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(ASSET);

    const plain = await fetchAsset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('compresses a graph answer above 1 KB for a browser that accepts it', async () => {
    // The schema's type names (introspection is open outside production): a large answer without a session.
    const query = '{ __schema { types { name } } }';
    const response = await request(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
        'apollo-require-preflight': '1',
      },
      body: JSON.stringify({ query }),
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(body.length).toBeLessThan(gunzipSync(body).length);
    expect(JSON.parse(gunzipSync(body).toString()).data.__schema.types).toContainEqual({ name: 'Operation' });
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
