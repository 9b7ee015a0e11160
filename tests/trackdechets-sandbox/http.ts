/** Small helpers over node:http for the sandbox's handlers. */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** The platform's API parses bodies up to 1 MB. */
const BODY_LIMIT = 1_000_000;

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new BodyTooLarge('request entity too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A form-encoded body (or a JSON object, which the platform's body parsers accept too) as string fields. */
export async function readFields(req: IncomingMessage): Promise<Record<string, string>> {
  const text = await readBody(req);
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    const value: unknown = text === '' ? {} : JSON.parse(text);
    const fields: Record<string, string> = {};
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, field] of Object.entries(value)) if (typeof field === 'string') fields[key] = field;
    }
    return fields;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: OutgoingHttpHeaders = {},
) {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

export function redirect(res: ServerResponse, location: string): void {
  send(res, 302, '', { location, 'cache-control': 'no-store' });
}
