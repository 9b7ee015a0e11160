import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

/** The encodings of the graph's answers, brotli first for a browser that accepts both. */
export type AnswerEncoding = 'br' | 'gzip';

/** Answers below it go uncompressed: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/** The encoding an answer of `length` characters goes in for this request; null: as it is. */
export function answerEncoding(req: Request, length: number): AnswerEncoding | null {
  if (length < COMPRESSION_THRESHOLD) return null;
  const accepted = req.acceptsEncodings('br', 'gzip');
  return accepted === 'br' || accepted === 'gzip' ? accepted : null;
}

/** The answer compressed at once, at the `compression` middleware's levels (brotli 4, gzip 6). */
export function compressAnswer(encoding: AnswerEncoding, body: string): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(body);
}

/** Sends a compressed answer (the `compression` middleware leaves an encoded answer as it is). */
export function sendEncoded(res: Response, encoding: AnswerEncoding, encoded: Buffer): void {
  res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', encoded.length);
  res.end(encoded);
}

/**
 * On /graphql: an answer sent whole (Apollo's `res.send` of its JSON text) is compressed at once, on the event
 * loop, instead of through the `compression` middleware's stream, whose trip through the thread pool cost about
 * 0.2 ms of processor and 0.5 ms of latency an answer here (a 20 KB answer: 300 µs against 120 µs).
 */
export function compressedAnswers(): RequestHandler {
  return (req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const encoding = typeof body === 'string' ? answerEncoding(req, body.length) : null;
      if (encoding === null || res.getHeader('content-encoding') !== undefined) return send(body);
      res.vary('Accept-Encoding');
      sendEncoded(res, encoding, compressAnswer(encoding, body as string));
      return res;
    };
    next();
  };
}
