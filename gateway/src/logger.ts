import { currentTrace } from './request-trace.ts';

/** JSON lines on stdout/stderr, one object per event. Never give it tokens, passwords or cookies. */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

function serializable(fields: LogFields | undefined): LogFields {
  if (fields === undefined) return {};
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] =
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

/** Where the lines go: stdout for info, stderr for the rest (tests give their own). */
export interface LogStreams {
  stdout: { write(line: string): unknown };
  stderr: { write(line: string): unknown };
}

export function createLogger(streams: LogStreams = process): Logger {
  const write = (stream: LogStreams['stdout'], level: string, message: string, fields?: LogFields) => {
    const line = {
      time: new Date().toISOString(),
      level,
      service: 'gateway',
      msg: message,
      ...serializable(fields),
    };
    stream.write(`${JSON.stringify(line)}\n`);
  };
  return {
    info: (message, fields) => write(streams.stdout, 'info', message, fields),
    warn: (message, fields) => write(streams.stderr, 'warn', message, fields),
    error: (message, fields) => write(streams.stderr, 'error', message, fields),
  };
}

/**
 * `logger` with the id of the request being handled in each line written while it is (`requestId`, as in the
 * api's lines): a line of either server leads to the other's.
 */
export function withRequestIds(logger: Logger): Logger {
  const tagged = (fields: LogFields | undefined): LogFields | undefined => {
    const requestId = currentTrace()?.requestId;
    return requestId === undefined ? fields : { requestId, ...fields };
  };
  return {
    info: (message, fields) => logger.info(message, tagged(fields)),
    warn: (message, fields) => logger.warn(message, tagged(fields)),
    error: (message, fields) => logger.error(message, tagged(fields)),
  };
}
