import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import nock from 'nock';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_HEADER } from '../src/files.ts';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { startTestGateway, type TestGateway } from './helpers.ts';

const COOKIE = `${SESSION_COOKIE}=tok-1; ${USER_ID_COOKIE}=1`;

// nock holds back the body of a request it lets through until the body is complete, which would hide what
// this file is about: a real server stands in for the api here.
nock.restore();

/**
 * Streams cut short: what the api sees of an upload or a download whose browser goes away, and what the browser
 * sees of an upload the api refuses before its end, each awaited.
 */
describe('files through the gateway when either side stops early', () => {
  interface Seen {
    received: number;
    /** Settles once the api's side of the exchange is over: whether it ended before its end. */
    over: Promise<{ cutShort: boolean }>;
  }
  let api: Server;
  let through: TestGateway;
  let behaviour: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void = () => {};
  const seen: Seen[] = [];

  beforeAll(async () => {
    api = createServer((req, res) => {
      let settle: (value: { cutShort: boolean }) => void = () => {};
      const entry: Seen = { received: 0, over: new Promise((resolve) => (settle = resolve)) };
      seen.push(entry);
      req.on('data', (chunk: Buffer) => {
        entry.received += chunk.length;
      });
      res.on('close', () => settle({ cutShort: !req.complete || !res.writableFinished }));
      behaviour(req, res, entry);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const { port } = api.address() as AddressInfo;
    through = await startTestGateway({ API_BASE_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await through.close();
    await new Promise<void>((resolve) => api.close(() => resolve()));
  });

  const errorsLogged = () => through.logger.entries.filter((entry) => entry.level === 'error');

  /** Sends the head of a multipart upload of `total` bytes and its first `sent` bytes, on a raw socket. */
  function startUpload(total: number, sent: number) {
    const { hostname, port } = new URL(through.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    socket.write(
      `POST /uploads/incidents HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${COOKIE}\r\n${UPLOAD_HEADER}: 1\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${total}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(sent, 0x61));
    return socket;
  }

  /** Uploads, and goes away once the api's request has seen `event` ('data': under way; 'end': all of it). */
  async function browserLeavesUpload(event: 'data' | 'end', total: number, sent: number) {
    const apiAt = new Promise<void>((resolve) => {
      behaviour = (req) => req.once(event, () => resolve());
    });
    const socket = startUpload(total, sent);
    await apiAt;
    socket.destroy();
    return seen.at(-1);
  }

  it('aborts the api upload when the browser goes away in the middle of it', async () => {
    const upstream = await browserLeavesUpload('data', 10_000_000, 1_000_000);
    expect(await upstream?.over).toEqual({ cutShort: true });
    expect(upstream?.received).toBeLessThan(10_000_000);
    expect(errorsLogged()).toEqual([]);
  });

  it('aborts the api request when the browser goes away while the api works on a whole upload', async () => {
    // The api reads the whole upload, then takes its time to answer.
    const upstream = await browserLeavesUpload('end', 200_000, 200_000);
    expect(await upstream?.over).toEqual({ cutShort: true });
    expect(errorsLogged()).toEqual([]);
  });

  it('passes on a refusal the api answers before reading the whole upload, then closes the browser connection', async () => {
    behaviour = (req, res) =>
      req.once('data', () => {
        res.writeHead(413, { 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ status: 413, title: 'La requête est trop volumineuse.' }));
      });
    const socket = startUpload(10_000_000, 1_000_000);
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    // The rest of the upload is not waited for: the browser learns the refusal and the connection ends.
    await new Promise((resolve) => socket.once('end', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"status":413');
    socket.destroy();
  });

  it('stops the download from the api when the browser goes away in the middle of it', async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      // More than any buffer holds: the api is still sending when the browser leaves.
      const chunk = Buffer.alloc(64 * 1024);
      const more = () => {
        while (res.write(chunk)) {}
      };
      res.on('drain', more);
      more();
    };
    const response = await request(`${through.url}/files/incident_photos/5`, { headers: { cookie: COOKIE } });
    expect(response.statusCode).toBe(200);
    for await (const _chunk of response.body) break;
    const outcome = await seen.at(-1)?.over;
    expect(outcome).toEqual({ cutShort: true });
  });
});
