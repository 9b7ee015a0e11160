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

function write(stream: NodeJS.WriteStream, level: string, message: string, fields?: LogFields): void {
  const line = {
    time: new Date().toISOString(),
    level,
    service: 'gateway',
    msg: message,
    ...serializable(fields),
  };
  stream.write(`${JSON.stringify(line)}\n`);
}

export function createLogger(): Logger {
  return {
    info: (message, fields) => write(process.stdout, 'info', message, fields),
    warn: (message, fields) => write(process.stderr, 'warn', message, fields),
    error: (message, fields) => write(process.stderr, 'error', message, fields),
  };
}
